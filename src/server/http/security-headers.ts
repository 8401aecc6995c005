// The headers that tell the browser what the page may load and do, built once at start from the built
// pages and the Vapi settings. See docs/decisions/007-content-security-policy.md.
import { createHash } from 'node:crypto';
import { VAPI_DEFAULT_API_URL } from '../../shared/vapi-api.ts';
import type { VapiSettings } from '../../shared/runtime-config.ts';
import { decodeEntities } from './html-text.ts';

/**
 * Where Daily, the media layer under Vapi's voice SDK, loads its call bundle (script tags, as the SDK is
 * started with avoidEval) and connects: its own hosts and its signalling hosts on pluot.blue.
 */
const DAILY_SCRIPTS = ['https://*.daily.co'];
const DAILY_CONNECT = ['https://*.daily.co', 'wss://*.daily.co', 'https://*.pluot.blue', 'wss://*.pluot.blue'];
/** Daily's error reports (Sentry) after a failed call, sent from the page by daily-js itself. */
const DAILY_ERROR_REPORTS = 'https://o77906.ingest.sentry.io';

/** What the built pages carry inline, each as the browser hashes it. */
export interface InlineContent {
  /** Contents of `<style>` elements. */
  styles: string[];
  /** Values of `style="…"` attributes, entities decoded. */
  styleAttributes: string[];
  /** Contents of inline scripts the browser would run (data blocks such as JSON left out). */
  scripts: string[];
}


/** Script types the browser runs; any other type (application/json, application/ld+json) is data. */
const isRunnableScript = (attributes: string) => {
  if (/\ssrc\s*=/i.test(attributes)) return false;
  const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === '' || type === 'module' || type === 'text/javascript';
};

const unique = (values: string[]) => [...new Set(values)];

/** The inline styles and scripts of the given pages, each once. */
export function inlineContentOf(pages: readonly string[]): InlineContent {
  const styles: string[] = [];
  const styleAttributes: string[] = [];
  const scripts: string[] = [];
  for (const html of pages) {
    for (const m of html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)) styles.push(m[1] ?? '');
    for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
      if (isRunnableScript(m[1] ?? '') && m[2]) scripts.push(m[2]);
    }
    for (const m of html.matchAll(/<[a-z][^\s>]*(?:\s[^>]*?)?\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
      styleAttributes.push(decodeEntities(m[1] ?? m[2] ?? ''));
    }
  }
  return { styles: unique(styles), styleAttributes: unique(styleAttributes), scripts: unique(scripts) };
}

/** A CSP hash source: sha256 of the UTF-8 text, base64. */
export const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Sent with every answer served over https: a year, for this host alone (its subdomains may be other
 * sites of the agency's, on plain http).
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Sent on every answer: cheap, and right for any content. */
export const everyResponseHeaders: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * The headers for the public pages (HTML answers): the Content-Security-Policy and Permissions-Policy.
 * Each third party is allowed only when the feature that needs it is configured: Vapi's API for either
 * assistant, Daily for the voice demo alone. No Cross-Origin-Opener-Policy: on a phone it costs the page
 * a renderer process of its own, started cold at every arrival (docs/decisions/022-no-coop-on-public-pages.md);
 * the inbox adds it (INBOX_ISOLATION).
 */
export function pageHeadersOf(vapi: VapiSettings | undefined, inline: InlineContent): Record<string, string> {
  const voice = Boolean(vapi?.assistantId);
  const chat = Boolean(vapi?.chatAssistantId);
  const vapiOrigin = vapi && (voice || chat) ? new URL(vapi.apiUrl ?? VAPI_DEFAULT_API_URL).origin : undefined;

  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      [
        "'self'",
        ...inline.scripts.map(hashSource),
        // Daily's call bundle and what it starts: workers from blob: URLs, WebAssembly (noise filtering).
        ...(voice ? [...DAILY_SCRIPTS, 'blob:', "'wasm-unsafe-eval'"] : []),
      ],
    ],
    ['style-src', ["'self'", ...inline.styles.map(hashSource)]],
    // The prerendered style attributes (chart bars, progress) are allowed by their hashes; React changes
    // styles through the style object afterwards, which CSP does not govern.
    ...(inline.styleAttributes.length
      ? ([['style-src-attr', ["'unsafe-hashes'", ...inline.styleAttributes.map(hashSource)]]] as [string, string[]][])
      : []),
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      [
        "'self'",
        ...(vapiOrigin ? [vapiOrigin] : []),
        ...(voice ? [...DAILY_CONNECT, DAILY_ERROR_REPORTS] : []),
      ],
    ],
    ...(voice
      ? ([
          ['worker-src', ["'self'", 'blob:']],
          ['media-src', ["'self'", 'blob:']],
        ] as [string, string[]][])
      : []),
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];

  return {
    'content-security-policy': directives.map(([name, sources]) => `${name} ${unique(sources).join(' ')}`).join('; '),
    // The voice demo asks for the microphone; nothing else on the page, nor any frame, may.
    'permissions-policy': voice ? 'microphone=(self)' : 'microphone=()',
  };
}

/**
 * What the inbox's page adds to the public pages' headers: its own browsing context group, so no page of
 * another origin that opened it, or that it opens, holds a reference to the window showing every lead.
 */
export const INBOX_ISOLATION: Readonly<Record<string, string>> = { 'cross-origin-opener-policy': 'same-origin' };
