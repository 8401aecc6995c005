import { describe, expect, it } from 'vitest';
import { precompressedEncoding } from './precompressed.ts';

describe('the encoding a page is sent in from its compressed copies', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['*', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP, Deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['gzip;q=0.5, deflate', undefined],
    ['identity;q=1, br;q=0.5', undefined],
    ['deflate', undefined],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['br;q=x', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as const)('%j: %s', (header, expected) => {
    expect(precompressedEncoding(header)).toBe(expected);
  });
});
