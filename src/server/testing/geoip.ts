// Where visitors are, for tests. A tiny MaxMind database written by hand: no real database can be
// downloaded here, and the real reader must still be exercised. IPv4 only, one tree node: addresses
// 0.0.0.0–127.255.255.255 resolve to `low`, 128.0.0.0–255.255.255.255 to `high` (MaxMind DB format 2.0,
// 24-bit records).
import fs from 'node:fs';

type Value = string | number | Value[] | { [key: string]: Value };

const control = (type: number, size: number): Buffer =>
  type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length >= 29) throw new Error('testing/geoip: strings up to 28 bytes only');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return Buffer.concat([control(6, 4), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

const record24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);

export function writeTestGeoIpDatabase(file: string, options: { type: string; low: Value; high: Value }) {
  const nodeCount = 1;
  const low = encode(options.low);
  const high = encode(options.high);
  // A record above the node count points into the data section, 16 bytes past the tree.
  const tree = Buffer.concat([record24(nodeCount + 16), record24(nodeCount + 16 + low.length)]);
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 4,
    database_type: options.type,
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    description: { en: 'test' },
  });
  fs.writeFileSync(
    file,
    Buffer.concat([tree, Buffer.alloc(16), low, high, Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'), metadata]),
  );
}

/** A City database in which loopback (up to 127.255.255.255) is Sofia, Bulgaria and the rest Germany. */
export function writeTestCityDatabase(file: string): string {
  writeTestGeoIpDatabase(file, {
    type: 'GeoLite2-City',
    low: { country: { iso_code: 'BG', names: { en: 'Bulgaria' } }, city: { names: { en: 'Sofia' } } },
    high: { country: { iso_code: 'DE', names: { en: 'Germany' } } },
  });
  return file;
}

/** What /api/location answers for a visitor no source places, with the reason it gives. */
export const unlocated = (error: 'Could not detect location' | 'Failed to detect location') => ({
  country: 'Unknown',
  countryCode: 'US',
  city: '',
  region: '',
  isLoading: false,
  error,
});
