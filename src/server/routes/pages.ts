import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The prerendered pages (`/`, `/bg/`) and the built assets. Vite puts a content hash in every file
 * under /assets/, so those are cached for a year; HTML is revalidated on every visit so a deploy shows
 * at once.
 */
export async function pageRoutes(app: FastifyInstance, opts: { clientDir: string }) {
  if (!fs.existsSync(path.join(opts.clientDir, 'index.html'))) {
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
}
