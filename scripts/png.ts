// Chromium writes its screenshots with fast compression; the link-preview pictures are fetched by every
// site that shows a link, so they are packed again at the strongest level (about 10% smaller, same
// pixels).
import { crc32, deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Chunk {
  type: string;
  data: Buffer;
}

export function readChunks(png: Buffer): Chunk[] {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG file');
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

function chunk({ type, data }: Chunk): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/** The filtered scanlines of a PNG: what its IDAT chunks hold once inflated. */
export function scanlines(png: Buffer): Buffer {
  return inflateSync(Buffer.concat(readChunks(png).filter((c) => c.type === 'IDAT').map((c) => c.data)));
}

/** The same image with its pixel data deflated again at level 9, in one IDAT chunk. */
export function recompressPng(png: Buffer): Buffer {
  const chunks = readChunks(png);
  const idat = deflateSync(scanlines(png), { level: 9, memLevel: 9 });
  const out: Buffer[] = [SIGNATURE];
  let written = false;
  for (const c of chunks) {
    if (c.type !== 'IDAT') out.push(chunk(c));
    else if (!written) {
      out.push(chunk({ type: 'IDAT', data: idat }));
      written = true;
    }
  }
  return Buffer.concat(out);
}
