import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INBOX_PATH } from '../../shared/inbox.ts';
import { chooseLocale, languageCookieOf } from '../../shared/language.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';
import {
  RUNTIME_CONFIG_PLACEHOLDER,
  runtimeConfigElement,
  runtimeConfigOf,
  type VapiSettings,
} from '../../shared/runtime-config.ts';
import { BUILT_PAGES, localeOfPath, meetingPagePrefix, pageFileOf, pathOf, type BuiltPage } from '../../shared/site-pages.ts';
import { detectPlace, type LocationSource } from './location.ts';
import { servedNotice } from './privacy-notice.ts';
import { isPrecompressedAsset, precompressed, sendPrecompressed, type PageCopies } from './precompressed.ts';
import { apiMessagesFor } from '../http/messages.ts';

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
  /** The security headers (http/security-headers.ts), sent on a 304 too so a cached copy keeps them current. */
  headers: Readonly<Record<string, string>>;
  /** Its compressed copies, made once (precompressed.ts). */
  compressed: PageCopies;
}

/** Every page the build writes, in each language, as HTML; a page that was not built is missing. */
export type PageSet = Record<BuiltPage, Partial<Record<Locale, string>>>;

/**
 * Reads the prerendered pages, once at start: the routes serve them and the security headers hash what
 * they carry inline. A rebuilt page is picked up at the next start.
 */
export function readBuiltPages(clientDir: string): PageSet {
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(clientDir, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  const inEachLanguage = (page: BuiltPage) =>
    Object.fromEntries(LOCALES.flatMap((l) => {
      const html = read(pageFileOf(page, l));
      return html === undefined ? [] : [[l, html]];
    })) as Partial<Record<Locale, string>>;
  return { home: inEachLanguage('home'), privacy: inEachLanguage('privacy'), 'not-found': inEachLanguage('not-found'), meeting: inEachLanguage('meeting') };
}

/** Every page of a set, for the security headers, which allow what any of them carries inline. */
export const everyPage = (pages: PageSet): string[] =>
  BUILT_PAGES.flatMap((page) => LOCALES.flatMap((l) => pages[page][l] ?? []));

/** What a deployment writes into the pages at start. */
export interface PageSettings {
  vapi?: VapiSettings | undefined;
  /** Days a closed lead is kept: the privacy notice says so. */
  leadRetentionDays: number;
  /** Days a conversation with an assistant that made no request is kept: the notice says so too. */
  conversationRetentionDays?: number;
}

/** The pages as served, and the version of the privacy notice's text in each language (site/privacy-notice.ts). */
export interface ServedPages {
  pages: PageSet;
  noticeVersions: Partial<Record<Locale, string>>;
}

/**
 * The prerendered pages with this deployment's settings written in: the voice demo's keys on the home
 * page, the retention days in the privacy notice. One build serves any deployment, and no request pays
 * for a file read.
 */
export function servePages(built: PageSet, settings: PageSettings): ServedPages {
  const config = settings.vapi ? runtimeConfigElement(runtimeConfigOf(settings.vapi)) : '';
  const pages: PageSet = { home: {}, privacy: {}, 'not-found': { ...built['not-found'] }, meeting: { ...built.meeting } };
  const noticeVersions: Partial<Record<Locale, string>> = {};
  for (const l of LOCALES) {
    const home = built.home[l];
    if (home !== undefined) pages.home[l] = home.replace(RUNTIME_CONFIG_PLACEHOLDER, () => config);
    const privacy = built.privacy[l];
    if (privacy === undefined) continue;
    const notice = servedNotice(privacy, l, settings.leadRetentionDays, settings.conversationRetentionDays);
    pages.privacy[l] = notice.html;
    if (notice.version) noticeVersions[l] = notice.version;
  }
  return { pages, noticeVersions };
}

/** A page ready to send, with its ETag; undefined when it was not built. */
function pageOf(body: string | undefined, headers: Readonly<Record<string, string>>): Page | undefined {
  if (body === undefined) return undefined;
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, headers, compressed: precompressed(body) };
}

/** Addresses that answer in JSON whatever they are: the APIs, and the inbox, which has its own 404 (admin-page.ts). */
const answersInJson = (pathname: string) =>
  pathname === '/api' || pathname.startsWith('/api/') || pathname === INBOX_PATH || pathname.startsWith(`${INBOX_PATH}/`);

/**
 * The answer for an address nothing serves: the not-found page in the path's language (`/bg/…` is
 * Bulgarian, any other English) for a browser asking for a page, JSON for an API or the inbox, or
 * anything but GET and HEAD. Never cached as a page and never indexed.
 */
export function notFoundHandler(pages: PageSet, headers: Readonly<Record<string, string>>) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const page = (request.method === 'GET' || request.method === 'HEAD') && !answersInJson(pathname)
      ? pages['not-found'][localeOfPath(pathname)]
      : undefined;
    if (page === undefined) {
      const messages = apiMessagesFor(request);
      return reply.code(404).send({ error: messages.notFound });
    }
    return reply
      .code(404)
      .headers(headers)
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(page);
  };
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
  if (sendPrecompressed(request, reply, page.compressed)) return reply;
  return reply.type('text/html; charset=utf-8').send(page.body);
}

/**
 * The prerendered pages (`/`, `/bg/`, the privacy notice in each language) and the built assets. Vite
 * puts a content hash in every file under /assets/, so those are cached for a year; HTML is revalidated
 * on every visit so a deploy shows at once.
 */
export async function pageRoutes(
  app: FastifyInstance,
  opts: {
    clientDir: string;
    /** The pages as served (servePages). */
    pages: PageSet;
    /** What every page is sent with: its Content-Security-Policy and the like (http/security-headers.ts). */
    headers: Readonly<Record<string, string>>;
    sources: readonly LocationSource[];
    /**
     * Whether every page's compressed copies are made before the routes exist (the server at start),
     * rather than each the first time it is asked for (precompressed.ts).
     */
    compressAtStart?: boolean | undefined;
  },
) {
  const page = (name: BuiltPage, locale: Locale) => pageOf(opts.pages[name][locale], opts.headers);
  const english = page('home', 'en');
  const bulgarian = page('home', 'bg');
  if (!english || !bulgarian) {
    app.log.warn({ clientDir: opts.clientDir }, 'no built pages found: run `npm run build`');
  }
  const notices = Object.fromEntries(LOCALES.map((l) => [l, page('privacy', l)])) as Record<Locale, Page | undefined>;
  // The meeting page's address holds the visitor's token: it is never indexed, and never sent on as a
  // referrer, to the site's own API or anywhere else.
  const meetingHeaders = { ...opts.headers, 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' };
  const meetingPages = Object.fromEntries(LOCALES.map((l) => [l, pageOf(opts.pages.meeting[l], meetingHeaders)])) as Record<Locale, Page | undefined>;
  if (opts.compressAtStart) {
    const started = performance.now();
    const served = [english, bulgarian, ...Object.values(notices)].filter((p) => p !== undefined);
    await Promise.all(served.map((p) => p.compressed.prepare()));
    app.log.info({ pages: served.length, ms: Math.round(performance.now() - started) }, 'pages compressed');
  }
  await app.register(fastifyStatic, {
    root: opts.clientDir,
    prefix: '/',
    redirect: true,
    cacheControl: false,
    etag: true,
    // The build's brotli and gzip copies of each script and stylesheet (scripts/compress-assets.ts),
    // sent as they are; any other file is compressed by the plugin as it goes out.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // A shared cache must keep its copies apart by encoding (the plugin says so for what it compresses).
      if (hashed && isPrecompressedAsset(filePath)) reply.header('vary', 'accept-encoding');
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
  // The privacy notice: its address is explicit about the language, as `/bg/` is.
  for (const l of LOCALES) {
    const notice = notices[l];
    const send = (request: FastifyRequest, reply: FastifyReply) => sendPage(request, reply, notice, 'no-cache');
    app.get(pathOf(l, 'privacy'), send);
    app.get(`${pathOf(l, 'privacy')}index.html`, send);
    // The not-found page's own file is not a page of its own: it is what an unknown address gets.
    app.get(`/${pageFileOf('not-found', l)}`, (_request, reply) => reply.callNotFound());
    // The visitor's meeting, whatever the token: the page asks the API, which tells a bad token from a good
    // one. Never kept by a shared cache either.
    const meeting = meetingPages[l];
    app.get(`${meetingPagePrefix(l)}:token`, (request, reply) => sendPage(request, reply, meeting, 'private, no-store'));
    app.get(`/${pageFileOf('meeting', l)}`, (_request, reply) => reply.callNotFound());
  }
}
