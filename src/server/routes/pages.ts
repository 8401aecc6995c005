import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../../content/i18n/index.ts';
import {
  RUNTIME_CONFIG_PLACEHOLDER,
  runtimeConfigElement,
  runtimeConfigOf,
  type VapiSettings,
} from '../../shared/runtime-config.ts';
import { chooseLocale, languageCookieOf } from '../../shared/language.ts';
import { detectPlace, type LocationSource } from '../location.ts';

/**
 * The language `/` is answered in, from what the request says (see chooseLocale). Pure apart from the
 * failure log, so the route below stays a thin translation into HTTP.
 */
function languageFor(request: FastifyRequest, sources: readonly LocationSource[]) {
  const detection = detectPlace(sources, request, (err, source) =>
    request.log.warn({ err, source: source.name }, 'location source failed'),
  );
  return chooseLocale({
    cookie: languageCookieOf(request.headers.cookie),
    countryCode: detection.place?.countryCode,
    acceptLanguage: request.headers['accept-language'],
  });
}

/**
 * Every request header the answer for `/` may depend on. Listed whichever signal decided, since a cache
 * must key on all of them: a visitor without the cookie may be answered differently by the country.
 */
function varyOf(sources: readonly LocationSource[]): string {
  return ['Cookie', 'Accept-Language', ...sources.flatMap((s) => (s.header ? [s.header] : []))].join(', ');
}

const queryOf = (url: string) => {
  const start = url.indexOf('?');
  return start < 0 ? '' : url.slice(start);
};

interface Page {
  body: string;
  etag: string;
  /** The security headers (security-headers.ts), sent on a 304 too so a cached copy keeps them current. */
  headers: Readonly<Record<string, string>>;
}

/** The prerendered pages as built, before the settings are written in; undefined when not built. */
export interface BuiltPages {
  english: string | undefined;
  bulgarian: string | undefined;
}

/**
 * Reads the prerendered pages, once at start: the routes serve them and the security headers hash what
 * they carry inline. A rebuilt page is picked up at the next start.
 */
export function readBuiltPages(clientDir: string): BuiltPages {
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  return { english: read(path.join(clientDir, 'index.html')), bulgarian: read(path.join(clientDir, 'bg', 'index.html')) };
}

/**
 * A prerendered page with this deployment's settings written in: one build serves any deployment, and
 * no request pays for a file read. Undefined when the page was not built.
 */
function pageOf(
  html: string | undefined,
  vapi: VapiSettings | undefined,
  headers: Readonly<Record<string, string>>,
): Page | undefined {
  if (html === undefined) return undefined;
  const config = vapi ? runtimeConfigElement(runtimeConfigOf(vapi)) : '';
  const body = html.replace(RUNTIME_CONFIG_PLACEHOLDER, () => config);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, headers };
}

/** Whether the visitor's cached copy (If-None-Match) is this one; weak and strong tags compare alike. */
function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page | undefined, cacheControl: string) {
  if (!page) return reply.callNotFound();
  reply.headers(page.headers).header('cache-control', cacheControl).header('etag', page.etag);
  if (isFresh(request, page.etag)) return reply.code(304).send();
  return reply.type('text/html; charset=utf-8').send(page.body);
}

/**
 * The prerendered pages (`/`, `/bg/`) and the built assets. Vite puts a content hash in every file
 * under /assets/, so those are cached for a year; HTML is revalidated on every visit so a deploy shows
 * at once.
 */
export async function pageRoutes(
  app: FastifyInstance,
  opts: {
    clientDir: string;
    pages: BuiltPages;
    /** What every page is sent with: its Content-Security-Policy and the like (security-headers.ts). */
    headers: Readonly<Record<string, string>>;
    sources: readonly LocationSource[];
    vapi?: VapiSettings | undefined;
  },
) {
  const english = pageOf(opts.pages.english, opts.vapi, opts.headers);
  const bulgarian = pageOf(opts.pages.bulgarian, opts.vapi, opts.headers);
  if (!english || !bulgarian) {
    app.log.warn({ clientDir: opts.clientDir }, 'no built pages found: run `npm run build`');
  }
  await app.register(fastifyStatic, {
    root: opts.clientDir,
    prefix: '/',
    redirect: true,
    cacheControl: false,
    etag: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const vary = varyOf(opts.sources);
  // The visitor's address is an input no Vary header can name: with a GeoIP lookup the English answer
  // must stay out of shared caches too, or one cached copy would reach visitors from Bulgaria.
  const englishCacheControl = opts.sources.some((s) => s.readsAddress) ? 'private, no-cache' : 'no-cache';

  // `/` is the English page and the x-default; a visitor decided Bulgarian is sent to `/bg/`, which is
  // always Bulgarian (its URL is explicit) and is served above like any other file.
  app.get('/', (request, reply) => {
    const { locale, source } = languageFor(request, opts.sources);
    request.log.debug({ locale, source }, 'language chosen');
    reply.header('vary', vary);
    if (locale !== 'en') {
      return reply.header('cache-control', 'private, no-store').redirect(pathOf(locale) + queryOf(request.url), 302);
    }
    return sendPage(request, reply, english, englishCacheControl);
  });
  // The pages' own file names, as the static files served them before the settings were written in.
  app.get('/index.html', (request, reply) => sendPage(request, reply, english, englishCacheControl));
  app.get('/bg/', (request, reply) => sendPage(request, reply, bulgarian, 'no-cache'));
  app.get('/bg/index.html', (request, reply) => sendPage(request, reply, bulgarian, 'no-cache'));
}
