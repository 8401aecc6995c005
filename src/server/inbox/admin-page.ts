// The leads inbox's page: one HTML file for /admin and every address under it (the page routes itself:
// /admin/leads/<id>, /admin/overview), and its own hashed assets under /admin/assets/. Apart from the
// public pages in every way (docs/decisions/011-inbox-page.md): its own build, its own
// Content-Security-Policy, never cached, never indexed, and, like the admin API, not there at all until
// an operator account exists.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INBOX_PATH } from '../../shared/inbox.ts';
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
    if (!(await opts.hasOperators())) return reply.callNotFound();
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
