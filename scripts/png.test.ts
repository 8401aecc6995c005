import fs from 'node:fs';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readChunks, recompressPng, scanlines } from './png.ts';

const icon = fs.readFileSync('public/apple-touch-icon.png');

describe('recompressPng', () => {
  it('keeps every pixel and the header, in a file no larger', () => {
    const packed = recompressPng(icon);
    expect(scanlines(packed).equals(scanlines(icon))).toBe(true);
    expect(readChunks(packed)[0]).toEqual(readChunks(icon)[0]);
    expect(readChunks(packed).at(-1)?.type).toBe('IEND');
    expect(packed.length).toBeLessThanOrEqual(icon.length);
  });

  it('writes chunk checksums a decoder accepts', () => {
    const packed = recompressPng(icon);
    // Each chunk's checksum covers its type and data; a wrong one makes strict decoders give up.
    for (let at = 8; at < packed.length; ) {
      const length = packed.readUInt32BE(at);
      const stored = packed.readUInt32BE(at + 8 + length);
      expect(stored).toBe(crc32(packed.subarray(at + 4, at + 8 + length)));
      at += 12 + length;
    }
  });

  it('refuses a file that is not a PNG', () => {
    expect(() => recompressPng(Buffer.from('GIF89a'))).toThrow(/not a PNG/);
  });
});
