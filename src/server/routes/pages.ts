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
}

/**
 * A prerendered page with this deployment's settings written in, read once at start: one build serves
 * any deployment, and no request pays for a file read. Undefined when the page was not built.
 */
function readPage(file: string, vapi: VapiSettings | undefined): Page | undefined {
  let html: string;
  try {
    html = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const config = vapi ? runtimeConfigElement(runtimeConfigOf(vapi)) : '';
  const body = html.replace(RUNTIME_CONFIG_PLACEHOLDER, () => config);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
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
  reply.header('cache-control', cacheControl).header('etag', page.etag);
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
  opts: { clientDir: string; sources: readonly LocationSource[]; vapi?: VapiSettings | undefined },
) {
  const english = readPage(path.join(opts.clientDir, 'index.html'), opts.vapi);
  const bulgarian = readPage(path.join(opts.clientDir, 'bg', 'index.html'), opts.vapi);
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
