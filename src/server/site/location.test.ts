import fs from 'node:fs';
import path from 'node:path';
import type { CityResponse } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import {
  countryHeaderSource,
  detectPlace,
  geoIpSource,
  locationOf,
  locationSources,
  openGeoIpDatabase,
  type GeoIpReader,
  type LocationSource,
  type Visitor,
} from './location.ts';
import { useTempDir } from '../testing/app.ts';
import { unlocated, writeTestCityDatabase, writeTestGeoIpDatabase } from '../testing/geoip.ts';

const visitor = (headers: Visitor['headers'] = {}, ip = '203.0.113.7'): Visitor => ({ ip, headers });

const sofia: CityResponse = {
  country: { iso_code: 'BG', geoname_id: 732800, names: { en: 'Bulgaria' } },
  city: { geoname_id: 727011, names: { en: 'Sofia' } },
  subdivisions: [{ iso_code: '22', geoname_id: 731061, names: { en: 'Sofia-Capital' } }],
};

/** A reader that knows one address, as a City database would answer for it. */
const readerKnowing = (ip: string, answer: CityResponse): GeoIpReader => ({
  get: (asked) => (asked === ip ? answer : null),
});

const fixed = (place: ReturnType<LocationSource['locate']>): LocationSource => ({ name: 'fixed', locate: () => place });
const broken: LocationSource = {
  name: 'broken',
  locate: () => {
    throw new Error('database corrupt');
  },
};

describe('countryHeaderSource', () => {
  const source = countryHeaderSource('CF-IPCountry');

  it('reads the configured header, whatever case it was configured in', () => {
    expect(source.header).toBe('cf-ipcountry');
    expect(source.locate(visitor({ 'cf-ipcountry': 'BG' }))).toEqual({ countryCode: 'BG' });
  });

  it('knows nothing when the header is missing', () => {
    expect(source.locate(visitor({ 'x-country': 'BG' }))).toBeNull();
  });
});

describe('geoIpSource', () => {
  it("reads the country, city and first subdivision of the visitor's address", () => {
    const source = geoIpSource(readerKnowing('203.0.113.7', sofia));
    expect(source.readsAddress).toBe(true);
    expect(source.locate(visitor())).toEqual({
      countryCode: 'BG',
      country: 'Bulgaria',
      city: 'Sofia',
      region: 'Sofia-Capital',
    });
  });

  it('leaves city and region empty with a Country database', () => {
    const source = geoIpSource(readerKnowing('203.0.113.7', { country: sofia.country! }));
    expect(locationOf(detectPlace([source], visitor()))).toMatchObject({ country: 'Bulgaria', city: '', region: '' });
  });

  it('knows nothing of an address the database does not hold', () => {
    expect(geoIpSource(readerKnowing('198.51.100.1', sofia)).locate(visitor())).toBeNull();
  });
});

describe('detectPlace and locationOf', () => {
  it('takes the first source that names a country', () => {
    const detection = detectPlace([fixed(null), fixed({ countryCode: 'de' }), fixed({ countryCode: 'BG' })], visitor());
    expect(locationOf(detection)).toEqual({
      country: 'Germany',
      countryCode: 'DE',
      city: '',
      region: '',
      isLoading: false,
      error: null,
    });
  });

  it('trusts the country header before the GeoIP database', () => {
    const sources = locationSources({ countryHeader: 'cf-ipcountry', geoIp: readerKnowing('203.0.113.7', sofia) });
    expect(detectPlace(sources, visitor({ 'cf-ipcountry': 'AT' })).place?.countryCode).toBe('AT');
    expect(detectPlace(sources, visitor()).place?.countryCode).toBe('BG');
  });

  it('passes over a placeholder that is not a country, such as XX for unknown', () => {
    expect(detectPlace([fixed({ countryCode: 'XX' }), fixed({ countryCode: 'BG' })], visitor()).place?.countryCode).toBe('BG');
  });

  it('answers Unknown / US with "Could not detect location" when no source knows', () => {
    expect(locationOf(detectPlace([fixed(null), fixed({ countryCode: 'T1' })], visitor()))).toEqual(
      unlocated('Could not detect location'),
    );
    expect(locationOf(detectPlace([], visitor())).error).toBe('Could not detect location');
  });

  it('answers Unknown / US with "Failed to detect location" when a source failed and none knew', () => {
    const failures: string[] = [];
    const detection = detectPlace([broken, fixed(null)], visitor(), (err, source) =>
      failures.push(`${source.name}: ${(err as Error).message}`),
    );
    expect(locationOf(detection)).toEqual(unlocated('Failed to detect location'));
    expect(failures).toEqual(['broken: database corrupt']);
  });

  it('still answers from a later source when an earlier one failed', () => {
    expect(locationOf(detectPlace([broken, fixed({ countryCode: 'BG' })], visitor()))).toMatchObject({
      country: 'Bulgaria',
      error: null,
    });
  });
});

describe('openGeoIpDatabase', () => {
  const dir = useTempDir('geoip-test-');

  it('opens a City database and finds the visitor in it', async () => {
    const source = geoIpSource(await openGeoIpDatabase(writeTestCityDatabase(path.join(dir, 'city.mmdb'))));
    expect(source.locate(visitor({}, '127.0.0.1'))).toMatchObject({ countryCode: 'BG', city: 'Sofia' });
    expect(source.locate(visitor({}, '203.0.113.7'))).toMatchObject({ countryCode: 'DE', city: undefined });
  });

  it('stops the server, naming GEOIP_DB, for a file that is not a MaxMind database', async () => {
    const file = path.join(dir, 'not-a-database.mmdb');
    fs.writeFileSync(file, 'hello');
    await expect(openGeoIpDatabase(file)).rejects.toThrow(ConfigError);
    await expect(openGeoIpDatabase(file)).rejects.toThrow(/^GEOIP_DB: .*not-a-database\.mmdb could not be opened/);
  });

  it('stops the server, naming GEOIP_DB, for a database without countries', async () => {
    const file = path.join(dir, 'asn.mmdb');
    writeTestGeoIpDatabase(file, { type: 'GeoLite2-ASN', low: { autonomous_system_number: 1 }, high: {} });
    await expect(openGeoIpDatabase(file)).rejects.toThrow(/^GEOIP_DB: .* is a GeoLite2-ASN database; a City or Country/);
  });
});
