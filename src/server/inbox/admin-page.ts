// The leads inbox's page: one HTML file for /admin and every address under it (the page routes itself:
// /admin/leads/<id>, /admin/overview), and its own hashed assets under /admin/assets/. Apart from the
// public pages in every way (docs/decisions/011-inbox-page.md): its own build, its own
// Content-Security-Policy, never cached, never indexed. Until an operator account exists, the admin API
// and the assets are not there, and the page is one the server writes (404) saying how to add the first.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inboxTexts } from '../../content/i18n/inbox.ts';
import type { Locale } from '../../shared/locale.ts';
import { INBOX_PATH } from '../../shared/inbox.ts';
import { localeOf } from '../http/messages.ts';
import { escapeHtml } from '../notifications/mail-parts.ts';
import { INBOX_ISOLATION, inlineContentOf, pageHeadersOf } from '../http/security-headers.ts';
import { isPrecompressedAsset } from '../site/precompressed.ts';

/** The inbox's HTML as the build writes it (scripts/build.ts), in the inbox's own folder. */
export const ADMIN_PAGE_FILE = 'admin.html';

export interface AdminPageOptions {
  /** The inbox's build output: the HTML and assets/. */
  adminDir: string;
  /** Whether any operator account exists (OperatorGuard.hasOperators); asked on every request, so the first account needs no restart. */
  hasOperators: () => Promise<boolean>;
}

/**
 * What the inbox's HTML is sent with. Its policy is the public pages' with nothing third-party (the inbox
 * loads nothing but its own files and its API), hashes only for what its own HTML carries inline, and it
 * stays out of every cache and search index: it is a page of personal data behind a log-in.
 */
export function adminPageHeadersOf(html: string): Record<string, string> {
  return {
    ...pageHeadersOf(undefined, inlineContentOf([html])),
    ...INBOX_ISOLATION,
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
  };
}

/** The commands that add the first operator, as `npm run operator` and the image name them. */
export const FIRST_OPERATOR_COMMANDS = {
  npm: 'npm run operator -- add <email>',
  container: 'docker exec -it <container> operator add <email>',
} as const;

/** /admin while no operator account exists: how to add the first, in the request's language; no script. */
export function noOperatorPage(locale: Locale): string {
  const t = inboxTexts[locale].noOperator;
  const code = (command: string) => `<pre><code>${escapeHtml(command)}</code></pre>`;
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(t.title)}</title>
<style>body{margin:0;min-height:100vh;background:#020617;color:#e2e8f0;font:16px/1.6 system-ui,sans-serif;display:grid;place-items:center}main{max-width:36rem;padding:2rem 1.25rem}h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem;color:#fff}pre{background:#0f172a;border:1px solid #334155;border-radius:.75rem;padding:.75rem 1rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}code{font:14px/1.5 ui-monospace,monospace;color:#67e8f9}p{margin:.75rem 0}</style>
</head><body><main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.text)}</p><p>${escapeHtml(t.npm)}</p>${code(FIRST_OPERATOR_COMMANDS.npm)}<p>${escapeHtml(t.container)}</p>${code(FIRST_OPERATOR_COMMANDS.container)}<p>${escapeHtml(t.more)}</p></main></body></html>
`;
}

function readPage(adminDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(adminDir, ADMIN_PAGE_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

export async function adminPageRoutes(app: FastifyInstance, opts: AdminPageOptions) {
  const html = readPage(opts.adminDir);
  if (!html) app.log.warn({ adminDir: opts.adminDir }, 'no built inbox found: run `npm run build`');
  const headers = html ? adminPageHeadersOf(html) : {};

  // This plugin's own hook, so it covers the page and its assets alike and nothing else of the site.
  app.addHook('onRequest', async (request, reply) => {
    if (await opts.hasOperators()) return;
    if (request.method !== 'GET' || request.url.startsWith(`${INBOX_PATH}/assets/`)) return reply.callNotFound();
    const page = noOperatorPage(localeOf(request));
    return reply.code(404).headers(adminPageHeadersOf(page)).type('text/html; charset=utf-8').send(page);
  });

  await app.register(fastifyStatic, {
    root: path.join(opts.adminDir, 'assets'),
    prefix: `${INBOX_PATH}/assets/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
    etag: true,
    // The build's brotli and gzip copies (scripts/compress-assets.ts), sent as they are.
    preCompressed: true,
    // Every file here has its content's hash in its name.
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      // A shared cache must keep its copies apart by encoding.
      if (isPrecompressedAsset(filePath)) reply.header('vary', 'accept-encoding');
    },
  });

  const sendPage = (_request: FastifyRequest, reply: FastifyReply) => {
    if (!html) return reply.callNotFound();
    return reply.headers(headers).type('text/html; charset=utf-8').send(html);
  };
  app.get(INBOX_PATH, sendPage);
  app.get(`${INBOX_PATH}/*`, sendPage);
}
