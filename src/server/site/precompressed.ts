// The pages compressed once rather than for every visitor (docs/decisions/021-booking-api-speed.md).
// @fastify/compress compresses each answer as it goes out: for a 130 KB page that is most of what a
// request costs. A page does not change while the server runs, so each is compressed once, at the
// highest quality, since it is paid once: by the server at start, before it listens (main.ts; a
// visitor's first page no longer shares the CPU with it, docs/decisions/024-pages-compressed-at-start.md),
// or else in the background (zlib's thread pool) the first time a client asks for that encoding. Until
// a copy is ready, and for any encoding but these two, the plugin compresses as before. An answer
// carrying Content-Encoding is left alone by the plugin.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built files that have brotli and gzip copies beside them (`name.js.br`, `name.js.gz`), made by the
 * build (scripts/compress-assets.ts) and sent as they are (@fastify/static's preCompressed).
 */
export const PRECOMPRESSED_ASSET = /\.(js|css|svg)$/;

/** Whether a file the static plugin sends, or one of its copies, is such an asset: its answer varies by Accept-Encoding. */
export const isPrecompressedAsset = (file: string) => PRECOMPRESSED_ASSET.test(file.replace(/\.(br|gz)$/, ''));

const PAGE_ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/** Each encoding at its highest quality: for what is compressed once and sent many times (here, and the build's assets). */
export const compressors: Record<PageEncoding, (text: string | Buffer) => Promise<Buffer>> = {
  br: (text) => promisify(zlib.brotliCompress)(text, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  }),
  gzip: (text) => promisify(zlib.gzip)(text, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

/**
 * Which of our two encodings the client takes, by Accept-Encoding's weights: brotli before gzip at equal
 * weight (as @fastify/compress prefers), neither when the client weighs another encoding (or none)
 * higher, or refuses both. Undefined leaves the choice to the plugin.
 */
export function precompressedEncoding(header: string | string[] | undefined): PageEncoding | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const others = Math.max(0, ...[...weights].filter(([name]) => name !== 'br' && name !== 'gzip' && name !== '*').map(([, w]) => w));
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weightOf(encoding);
    if (weight > 0 && weight >= others && weight >= weightOf(encoding === 'br' ? 'gzip' : 'br')) return encoding;
  }
  return undefined;
}

/** One page's compressed copies. */
export interface PageCopies {
  /** The copy in this encoding, made the first time it is asked for; undefined until it is ready. */
  get(encoding: PageEncoding): Buffer | undefined;
  /** Makes every copy not yet made; resolves when each is ready or has failed. */
  prepare(): Promise<void>;
}

export function precompressed(body: string): PageCopies {
  const ready: Partial<Record<PageEncoding, Buffer>> = {};
  const started: Partial<Record<PageEncoding, Promise<void>>> = {};
  // A failure leaves the plugin to compress this page, as it did before.
  const start = (encoding: PageEncoding) =>
    (started[encoding] ??= compressors[encoding](body).then((buffer) => void (ready[encoding] = buffer), () => {}));
  return {
    get(encoding) {
      void start(encoding);
      return ready[encoding];
    },
    async prepare() {
      await Promise.all(PAGE_ENCODINGS.map(start));
    },
  };
}

/**
 * Sends the page's compressed copy when the client takes one and it is ready, with the headers the
 * plugin would have set; false when it did not, so the caller sends the text.
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  copies: PageCopies,
): boolean {
  const encoding = precompressedEncoding(request.headers['accept-encoding']);
  const buffer = encoding && copies.get(encoding);
  if (!encoding || !buffer) return false;
  const vary = reply.getHeader('vary');
  reply
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .header('content-encoding', encoding)
    .type('text/html; charset=utf-8')
    .send(buffer);
  return true;
}
