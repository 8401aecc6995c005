// Where a visitor is, from what this server can know without sending the visitor's address to anyone
// (docs/architecture.md, "A language choice"): a country header set by a trusted CDN or proxy, then an
// optional local GeoIP database. The answer, and its two fallbacks, are in docs/api.md, "Location".
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import { z } from 'zod';
import { countryCodeOf } from '../../shared/language.ts';
import { ConfigError } from '../config.ts';

/** What a source may look at: a Fastify request is one. */
export interface Visitor {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface Place {
  countryCode: string;
  country?: string | undefined;
  city?: string | undefined;
  region?: string | undefined;
}

export interface LocationSource {
  name: string;
  /** The request header the source reads: answers that depend on it must name it in Vary. */
  header?: string;
  /** Whether the source reads the visitor's address, which no Vary header can name. */
  readsAddress?: boolean;
  locate(visitor: Visitor): Place | null;
}

/**
 * The answer of GET /api/location (docs/api.md, "Location"). Detection happens before the answer, so it
 * is never loading.
 */
export const location = z.object({
  country: z.string(),
  countryCode: z.string(),
  city: z.string(),
  region: z.string(),
  isLoading: z.boolean(),
  error: z.string().nullable(),
});
export type Location = z.output<typeof location>;

export interface Detection {
  place: Place | undefined;
  /** A source threw: the answer tells this apart from "nothing known" ("Failed to detect location"). */
  failed: boolean;
}

/** The fewest fields of a MaxMind reader we use, so tests can hand in a fake. */
export type GeoIpReader = Pick<Reader<CityResponse>, 'get'>;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A header a CDN or reverse proxy sets to the visitor's country, such as Cloudflare's CF-IPCountry. */
export function countryHeaderSource(header: string): LocationSource {
  const name = header.toLowerCase();
  return {
    name: 'country header',
    header: name,
    locate({ headers }) {
      const value = headers[name];
      const code = Array.isArray(value) ? value[0] : value;
      return code ? { countryCode: code } : null;
    },
  };
}

/** A lookup of the visitor's address in a MaxMind City or Country database (a Country one has no city). */
export function geoIpSource(reader: GeoIpReader): LocationSource {
  return {
    name: 'GeoIP database',
    readsAddress: true,
    locate({ ip }) {
      const found = reader.get(ip);
      if (!found?.country) return null;
      return {
        countryCode: found.country.iso_code,
        country: found.country.names?.en,
        city: found.city?.names?.en,
        region: found.subdivisions?.[0]?.names?.en,
      };
    },
  };
}

/** The sources this deployment has, in the order they are trusted. */
export function locationSources(options: { countryHeader?: string | undefined; geoIp?: GeoIpReader | undefined }) {
  const sources: LocationSource[] = [];
  if (options.countryHeader) sources.push(countryHeaderSource(options.countryHeader));
  if (options.geoIp) sources.push(geoIpSource(options.geoIp));
  return sources;
}

/**
 * Asks each source in turn; the first that names a country wins. A source that throws is reported and
 * skipped, so a broken database never hides a good header.
 */
export function detectPlace(
  sources: readonly LocationSource[],
  visitor: Visitor,
  onFailure: (err: unknown, source: LocationSource) => void = () => {},
): Detection {
  let failed = false;
  for (const source of sources) {
    try {
      const place = source.locate(visitor);
      const countryCode = countryCodeOf(place?.countryCode);
      if (place && countryCode) return { place: { ...place, countryCode }, failed: false };
    } catch (err) {
      failed = true;
      onFailure(err, source);
    }
  }
  return { place: undefined, failed };
}

export function locationOf({ place, failed }: Detection): Location {
  if (!place) {
    return {
      country: 'Unknown',
      countryCode: 'US',
      city: '',
      region: '',
      isLoading: false,
      error: failed ? 'Failed to detect location' : 'Could not detect location',
    };
  }
  return {
    country: place.country || countryNames.of(place.countryCode) || place.countryCode,
    countryCode: place.countryCode,
    city: place.city ?? '',
    region: place.region ?? '',
    isLoading: false,
    error: null,
  };
}

/** Opens GEOIP_DB once at start; a file that is not a City or Country database stops the server. */
export async function openGeoIpDatabase(file: string): Promise<GeoIpReader> {
  let reader: Reader<CityResponse>;
  try {
    reader = await maxmind.open<CityResponse>(file);
  } catch (err) {
    throw new ConfigError(`GEOIP_DB: ${file} could not be opened as a MaxMind database (${(err as Error).message})`);
  }
  const type = reader.metadata.databaseType;
  if (!/city|country/i.test(type)) {
    throw new ConfigError(`GEOIP_DB: ${file} is a ${type} database; a City or Country database is needed`);
  }
  return reader;
}
