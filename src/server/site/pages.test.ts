import path from 'node:path';
import type { CityResponse } from 'maxmind';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openGeoIpDatabase, type GeoIpReader } from './location.ts';
import { compressors } from './precompressed.ts';
import { describeApp, TEST_ASSET, TEST_ASSET_COPIES, TEST_ASSET_TEXT, TEST_PAGES, useTempDir, useTestApp, type App } from '../testing/app.ts';
import { unlocated, writeTestCityDatabase } from '../testing/geoip.ts';
import type { VapiSettings } from '../../shared/runtime-config.ts';

const { english: ENGLISH, bulgarian: BULGARIAN } = TEST_PAGES;

const VARY = 'Cookie, Accept-Language, cf-ipcountry';

const expectEnglish = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe(ENGLISH);
};
const expectSentToBulgarian = (res: { statusCode: number; headers: Record<string, unknown> }, location = '/bg/') => {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(location);
};

describeApp('the site', (site) => {
  /** A site behind a proxy that sets CF-IPCountry, as docs/operating.md's Cloudflare setup. */
  const behindCloudflare = () => site.build({ geoCountryHeader: 'cf-ipcountry' });

  describe('GET / chooses the language before the first byte', () => {
    it('serves English to a visitor about whom nothing is known, revalidated and varying on what it read', async () => {
      const res = await (await behindCloudflare()).inject('/');
      expectEnglish(res);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe(VARY);
    });

    it("sends a visitor from Bulgaria to /bg/, private and unstored, varying on what it read", async () => {
      const res = await (await behindCloudflare()).inject({ url: '/', headers: { 'cf-ipcountry': 'BG' } });
      expectSentToBulgarian(res);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toBe(VARY);
    });

    it('keeps the query string on the way to /bg/', async () => {
      const res = await (await behindCloudflare()).inject({
        url: '/?utm_source=newsletter&ref=a%20b',
        headers: { 'cf-ipcountry': 'BG' },
      });
      expectSentToBulgarian(res, '/bg/?utm_source=newsletter&ref=a%20b');
    });

    it("honours the visitor's lang cookie over the country header and Accept-Language", async () => {
      const app = await behindCloudflare();
      const fromBulgaria = { 'cf-ipcountry': 'BG', 'accept-language': 'bg-BG,bg;q=0.9' };
      const english = await app.inject({ url: '/', headers: { ...fromBulgaria, cookie: 'theme=dark; lang=en' } });
      expectEnglish(english);
      expect(english.headers.vary).toBe(VARY);

      const bulgarian = await app.inject({
        url: '/',
        headers: { 'cf-ipcountry': 'DE', 'accept-language': 'en-US', cookie: 'lang=bg' },
      });
      expectSentToBulgarian(bulgarian);
    });

    it('answers /index.html in English whatever the visitor is decided: the language switch fetches it', async () => {
      const app = await behindCloudflare();
      const res = await app.inject({
        url: '/index.html',
        headers: { 'cf-ipcountry': 'BG', 'accept-language': 'bg-BG,bg;q=0.9', cookie: 'lang=bg' },
      });
      expectEnglish(res);
    });

    it('lets the country header outrank Accept-Language: Germany stays English for a Bulgarian browser', async () => {
      const res = await (await behindCloudflare()).inject({
        url: '/',
        headers: { 'cf-ipcountry': 'DE', 'accept-language': 'bg-BG,bg;q=0.9' },
      });
      expectEnglish(res);
    });

    it('follows Accept-Language when no country is known', async () => {
      const app = await behindCloudflare();
      expectSentToBulgarian(await app.inject({ url: '/', headers: { 'accept-language': 'bg-BG,bg;q=0.9,en;q=0.8' } }));
      expectSentToBulgarian(await app.inject({ url: '/', headers: { 'cf-ipcountry': 'XX', 'accept-language': 'bg' } }));
      expectEnglish(await app.inject({ url: '/', headers: { 'accept-language': 'de-DE,en;q=0.5' } }));
    });

    it('ignores a country header that is not configured, so a visitor cannot pose as a proxy', async () => {
      const res = await (await site.build()).inject({ url: '/', headers: { 'cf-ipcountry': 'BG' } });
      expectEnglish(res);
      expect(res.headers.vary).toBe('Cookie, Accept-Language');
    });

    it('answers HEAD as GET, without a body', async () => {
      const app = await behindCloudflare();
      const redirect = await app.inject({ method: 'HEAD', url: '/', headers: { 'cf-ipcountry': 'BG' } });
      expectSentToBulgarian(redirect);
      expect(redirect.headers['cache-control']).toBe('private, no-store');

      const english = await app.inject({ method: 'HEAD', url: '/' });
      expect(english.statusCode).toBe(200);
      expect(english.body).toBe('');
      expect(english.headers['content-type']).toMatch(/^text\/html/);
      expect(english.headers.vary).toBe(VARY);
    });

    it('revalidates the English page with its ETag and keeps Vary on the 304', async () => {
      const app = await behindCloudflare();
      const first = await app.inject('/');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W?\/?".+"$/);
      const again = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.headers.vary).toBe(VARY);
      expect(again.headers['cache-control']).toBe('no-cache');
    });

    it('keeps Accept-Encoding in Vary when the page is compressed', async () => {
      const res = await (await behindCloudflare()).inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toBe(`${VARY}, accept-encoding`);
    });

    it('compresses each page once: the copy it keeps is the page, with the same ETag and headers', async () => {
      const app = await behindCloudflare();
      const plain = await app.inject('/');
      for (const [encoding, decompress] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
        const asked = { url: '/', headers: { 'accept-encoding': `${encoding}, deflate` } };
        // The first asks for the copy and is compressed as it goes; the copy serves those after it.
        const first = await app.inject(asked);
        expect(first.headers['content-encoding']).toBe(encoding);
        let again = await app.inject(asked);
        await vi.waitFor(async () => {
          again = await app.inject(asked);
          expect(again.rawPayload.equals(first.rawPayload)).toBe(false);
        });
        expect(decompress(again.rawPayload).toString('utf8')).toBe(ENGLISH);
        expect(again.headers['content-encoding']).toBe(encoding);
        expect(again.headers['content-length']).toBe(String(again.rawPayload.length));
        for (const name of ['etag', 'vary', 'content-type', 'cache-control', 'content-security-policy', 'x-frame-options']) {
          expect(again.headers[name], name).toBe(first.headers[name]);
        }
        expect(again.headers.etag).toBe(plain.headers.etag);
      }
    });

    it('compresses every page before it answers when built to (the server at start): the first answer is the kept copy', async () => {
      const app = await site.build({ geoCountryHeader: 'cf-ipcountry', compressPagesAtStart: true });
      for (const [url, page] of [['/', ENGLISH], ['/bg/', BULGARIAN]] as const) {
        for (const [encoding, decompress] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
          const asked = { url, headers: { 'accept-encoding': encoding } };
          const first = await app.inject(asked);
          expect(first.headers['content-encoding']).toBe(encoding);
          expect(decompress(first.rawPayload).toString('utf8')).toBe(page);
          // The kept copy, at the highest quality; made when first asked for, it would only now be on its way (the test above).
          expect(first.rawPayload.equals(await compressors[encoding](page)), `${url} ${encoding}`).toBe(true);
        }
      }
    });
  });

  describe('GET /bg/ and the files beside it', () => {
    it('always serves Bulgarian at /bg/: its URL is explicit, whatever the cookie or country says', async () => {
      const res = await (await behindCloudflare()).inject({
        url: '/bg/',
        headers: { cookie: 'lang=en', 'cf-ipcountry': 'US', 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(BULGARIAN);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary ?? '').not.toMatch(/cookie/i);
    });

    it('redirects /bg to /bg/, keeping the query string', async () => {
      const res = await (await behindCloudflare()).inject('/bg?ref=x');
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/bg/?ref=x');
    });

    it('still caches hashed assets for a year', async () => {
      const res = await (await behindCloudflare()).inject(TEST_ASSET);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it("sends a script's brotli or gzip copy from the build as it is, and the script itself to a client taking neither", async () => {
      const app = await behindCloudflare();
      for (const [encoding, decompress] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
        const res = await app.inject({ url: TEST_ASSET, headers: { 'accept-encoding': `${encoding}, deflate` } });
        expect(res.headers['content-encoding'], encoding).toBe(encoding);
        expect(res.headers.vary, encoding).toBe('accept-encoding');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
        expect(decompress(res.rawPayload).toString('utf8')).toBe(TEST_ASSET_TEXT);
        // The file itself, whole: a copy compressed as it went out would have no length ahead.
        expect(res.rawPayload.equals(TEST_ASSET_COPIES[encoding]), encoding).toBe(true);
        expect(res.headers['content-length'], encoding).toBe(String(TEST_ASSET_COPIES[encoding].length));
      }
      const plain = await app.inject({ url: TEST_ASSET, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.body).toBe(TEST_ASSET_TEXT);
    });
  });

  describe('GET / with a GeoIP database', () => {
    const dir = useTempDir('pages-geoip-test-');
    let geoIp: GeoIpReader;
    beforeAll(async () => {
      // Addresses up to 127.255.255.255 are in Bulgaria, the rest in Germany (testing/geoip.ts).
      geoIp = await openGeoIpDatabase(writeTestCityDatabase(path.join(dir, 'GeoLite2-City.mmdb')));
    });

    it("sends a visitor whose address is in Bulgaria to /bg/, over the browser's English", async () => {
      const res = await (await site.build({ geoIp })).inject({
        url: '/',
        remoteAddress: '127.0.0.1',
        headers: { 'accept-language': 'en-US' },
      });
      expectSentToBulgarian(res);
      expect(res.headers.vary).toBe('Cookie, Accept-Language');
    });

    it('keeps the English page out of shared caches, since no Vary header can name an address', async () => {
      const res = await (await site.build({ geoIp })).inject({ url: '/', remoteAddress: '203.0.113.7' });
      expectEnglish(res);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    });

    it("looks up the visitor's address from X-Forwarded-For only when the proxy is trusted", async () => {
      const viaProxy = { url: '/', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } };
      expectEnglish(await (await site.build({ geoIp, trustProxy: true })).inject(viaProxy));
      expectSentToBulgarian(await (await site.build({ geoIp })).inject(viaProxy));
    });

    it('lets the country header outrank the database', async () => {
      const res = await (await site.build({ geoIp, geoCountryHeader: 'cf-ipcountry' })).inject({
        url: '/',
        remoteAddress: '127.0.0.1',
        headers: { 'cf-ipcountry': 'DE' },
      });
      expectEnglish(res);
    });
  });

  describe('GET /api/location', () => {
    const plovdiv: CityResponse = {
      country: { iso_code: 'BG', geoname_id: 732800, names: { en: 'Bulgaria' } },
      city: { geoname_id: 728193, names: { en: 'Plovdiv' } },
      subdivisions: [{ iso_code: '16', geoname_id: 728194, names: { en: 'Plovdiv' } }],
    };
    const knowsEveryone: GeoIpReader = { get: () => plovdiv };
    const knowsNoOne: GeoIpReader = { get: () => null };
    const broken: GeoIpReader = {
      get: () => {
        throw new Error('database corrupt');
      },
    };
    const locate = async (app: App, headers: Record<string, string> = {}) => {
      const res = await app.inject({ url: '/api/location', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return res.json<Record<string, unknown>>();
    };

    it('names the country from the country header, in English', async () => {
      expect(await locate(await behindCloudflare(), { 'cf-ipcountry': 'bg' })).toEqual({
        country: 'Bulgaria',
        countryCode: 'BG',
        city: '',
        region: '',
        isLoading: false,
        error: null,
      });
    });

    it('gives country, city and region from the GeoIP database', async () => {
      expect(await locate(await site.build({ geoIp: knowsEveryone }))).toEqual({
        country: 'Bulgaria',
        countryCode: 'BG',
        city: 'Plovdiv',
        region: 'Plovdiv',
        isLoading: false,
        error: null,
      });
    });

    it('prefers the country header to the GeoIP database', async () => {
      const app = await site.build({ geoCountryHeader: 'cf-ipcountry', geoIp: knowsEveryone });
      expect(await locate(app, { 'cf-ipcountry': 'AT' })).toMatchObject({ country: 'Austria', countryCode: 'AT', city: '' });
    });

    it('falls back to Unknown / US with "Could not detect location" when nothing knows the visitor', async () => {
      const unknown = unlocated('Could not detect location');
      expect(await locate(await site.build())).toEqual(unknown);
      const nobodyKnows = await site.build({ geoCountryHeader: 'cf-ipcountry', geoIp: knowsNoOne });
      expect(await locate(nobodyKnows, { 'cf-ipcountry': 'XX' })).toEqual(unknown);
    });

    it('falls back to Unknown / US with "Failed to detect location" when a source fails', async () => {
      expect(await locate(await site.build({ geoIp: broken }))).toEqual(unlocated('Failed to detect location'));
    });

    it('still chooses a language when the GeoIP database fails, from what else is known', async () => {
      const app = await site.build({ geoIp: broken });
      expectSentToBulgarian(await app.inject({ url: '/', headers: { 'accept-language': 'bg' } }));
    });
  });

  describe("the Vapi settings, written into the pages at start", () => {
    const withPlaceholder = (lang: string) =>
      `<!doctype html><html lang="${lang}"><head><!--runtime-config--></head><body>${' '.repeat(2048)}</body></html>`;
    const withSettings = useTestApp(site.dialect, { english: withPlaceholder('en'), bulgarian: withPlaceholder('bg') });

    const voice: VapiSettings = { publicKey: 'pk-public-1', assistantId: 'asst-</script>-2', apiUrl: 'http://127.0.0.1:9' };
    const configured = (vapi?: VapiSettings) => withSettings.build({ vapi });
    const configOf = (html: string) => {
      const json = /<script type="application\/json" id="runtime-config">([^<]*)<\/script>/.exec(html)?.[1];
      return json === undefined ? undefined : (JSON.parse(json) as unknown);
    };

    it('gives both pages the public key, the assistant id and the API host, and nothing else', async () => {
      const app = await configured(voice);
      for (const url of ['/', '/bg/', '/index.html', '/bg/index.html']) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(configOf(res.body), url).toEqual({
          voice: { publicKey: 'pk-public-1', assistantId: 'asst-</script>-2', apiUrl: 'http://127.0.0.1:9' },
          chat: null,
        });
        expect(res.body).not.toContain('<!--runtime-config-->');
      }
      expect((await app.inject('/bg/')).body).toContain('lang="bg"');
    });

    it('gives a chat-only deployment the chat and no voice demo', async () => {
      const app = await configured({ publicKey: 'pk-public-1', chatAssistantId: 'asst-lana' });
      expect(configOf((await app.inject('/bg/')).body)).toEqual({
        voice: null,
        chat: { publicKey: 'pk-public-1', assistantId: 'asst-lana' },
      });
    });

    it('leaves the settings out when the demo is not configured', async () => {
      const res = await (await configured()).inject('/bg/');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(withPlaceholder('bg').replace('<!--runtime-config-->', ''));
    });

    it('revalidates /bg/ with an ETag of the page as served, configured or not', async () => {
      const plain = await (await configured()).inject('/bg/');
      const withVoice = await (await configured(voice)).inject('/bg/');
      expect(plain.headers.etag).not.toBe(withVoice.headers.etag);
      const again = await (await configured(voice)).inject({
        url: '/bg/',
        headers: { 'if-none-match': String(withVoice.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers['cache-control']).toBe('no-cache');
      const head = await (await configured(voice)).inject({ method: 'HEAD', url: '/bg/' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
    });
  });
});
