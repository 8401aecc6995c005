// Checks on what `npm run build` produced: nothing secret ships to the browser, and the first visit
// stays within its weight budget (page-budgets.ts: 90 KB gzip of initial JS, 20 KB of CSS, inlined; one font).
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { staticTexts } from '../src/content/i18n/index.ts';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import { pageTexts } from '../src/content/i18n/pages.ts';
import { privacyNotices } from '../src/content/privacy-notice.ts';
import { ICON_NAMES } from '../src/shared/icon-names.ts';
import { LOCALES } from '../src/shared/locale.ts';
import { LEAD_RETENTION_DAYS_PLACEHOLDER } from '../src/shared/runtime-config.ts';
import { BUILT_PAGES, pageFileOf } from '../src/shared/site-pages.ts';
import { codePointsOf, FONT_CSS, LACKED_BY_ONEST } from './fonts.ts';
import { clientLogos, partnerLogo } from '../src/content/logos.ts';
import { iconHref, iconSprite } from '../src/ui/icon-sprite.ts';
import { COMPILE_HINT } from '../vite.config.ts';
import { PRECOMPRESSED_ASSET } from '../src/server/site/precompressed.ts';
import { filesLoadedBy, filesPreloadedBy } from './page-loader.ts';
import { CSS_GZIP_BUDGET, FONTS_BEFORE_FIRST_PAINT_BUDGET, INITIAL_JS_GZIP_BUDGET, SCRIPT_BEFORE_INTERACTION_GZIP_BUDGET } from './page-budgets.ts';
import { siteCharacters } from './site-characters.ts';

const CLIENT = 'dist/client';
const built = fs.existsSync(path.join(CLIENT, 'index.html'));
if (!built && process.env.CI) throw new Error('dist/client is missing: npm test builds before the unit tests');

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;

/** The scripts a page loads before anything else: what its loader starts, the entry first. */
const initialScripts = (html: string) => filesLoadedBy(html);

/** Vite's record of which source went into which built file. */
const readManifest = () =>
  JSON.parse(fs.readFileSync(path.join(CLIENT, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isDynamicEntry?: boolean }
  >;

/** None of these strings is in a script either page loads first. */
const expectNotInFirstScripts = (markers: readonly string[]) => {
  for (const page of ['index.html', 'bg/index.html']) {
    for (const src of initialScripts(fs.readFileSync(path.join(CLIENT, page), 'utf8'))) {
      const code = fs.readFileSync(path.join(CLIENT, src), 'utf8');
      for (const marker of markers) expect(code, `${page}: ${src} contains ${marker}`).not.toContain(marker);
    }
  }
};

describe.skipIf(!built)('built pages', () => {
  it('carry each script and stylesheet compressed, brotli and gzip beside it, the same bytes as the file', () => {
    const assets = [...files(path.join(CLIENT, 'assets')), ...files(path.join('dist/admin', 'assets'))].filter((f) => PRECOMPRESSED_ASSET.test(f));
    expect(assets.length).toBeGreaterThan(10);
    for (const file of assets) {
      const text = fs.readFileSync(file);
      expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(text), `${file}.br`).toBe(true);
      expect(gunzipSync(fs.readFileSync(`${file}.gz`)).equals(text), `${file}.gz`).toBe(true);
    }
  });

  it('contain no database URL, credential or server secret', () => {
    const secrets = [
      /postgres(ql)?:\/\//i,
      /DATABASE_URL/,
      /service[_-]?role/i,
      /(api|secret|private)[_-]?key\s*[:=]/i,
      /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
      /leads\.sqlite/,
    ];
    for (const file of files(CLIENT)) {
      const text = fs.readFileSync(file, 'latin1');
      for (const pattern of secrets) expect(text, `${file} matches ${pattern}`).not.toMatch(pattern);
    }
  });

  for (const page of ['index.html', 'bg/index.html']) {
    it(`${page} stays within the first-visit budget`, () => {
      const html = fs.readFileSync(path.join(CLIENT, page), 'utf8');
      const scripts = initialScripts(html);
      expect(scripts.length).toBeGreaterThan(0);
      const js = scripts.reduce((sum, src) => sum + gz(fs.readFileSync(path.join(CLIENT, src))), 0);
      const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + gz(m[1] ?? ''), 0);
      expect(js, 'script before any interaction, gzip bytes').toBeLessThanOrEqual(SCRIPT_BEFORE_INTERACTION_GZIP_BUDGET);
      expect(css, 'inlined CSS, gzip bytes').toBeGreaterThan(0);
      expect(css, 'inlined CSS, gzip bytes').toBeLessThanOrEqual(CSS_GZIP_BUDGET);
      expect(html, 'no render-blocking stylesheet').not.toMatch(/<link rel="stylesheet"/);
    });
  }

  it("keep the static sections' code out of every script: the page keeps their prerendered markup", () => {
    // Class lists written only in logo-strip.tsx and stats.tsx (client/static-part.tsx).
    const markers = ['logo-marquee-track flex w-max', 'flex min-w-0 flex-col-reverse justify-end rounded-2xl'];
    for (const marker of markers) expect(fs.readFileSync(path.join(CLIENT, 'index.html'), 'utf8')).toContain(marker);
    for (const file of files(path.join(CLIENT, 'assets')).filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(file, 'utf8');
      for (const marker of markers) expect(code, `${file} contains ${marker}`).not.toContain(marker);
    }
  });

  it('preload one font file on every page, holding every character the site writes (else: npm run fonts)', async () => {
    for (const page of BUILT_PAGES.flatMap((p) => LOCALES.map((l) => pageFileOf(p, l)))) {
      const html = fs.readFileSync(path.join(CLIENT, page), 'utf8');
      const fonts = [...html.matchAll(/<link rel="preload"[^>]*as="font"[^>]*>/g)];
      expect(fonts.length, page).toBeLessThanOrEqual(FONTS_BEFORE_FIRST_PAINT_BUDGET);
      expect(fonts.map((m) => m[0]), page).toEqual([expect.stringMatching(/href="\/assets\/onest-site-[\w-]+\.woff2"/)]);
    }
    // The inbox preloads the same file, the one its text is set in: another would leave it to come late.
    const inbox = fs.readFileSync(path.join('dist/admin', 'admin.html'), 'utf8');
    expect([...inbox.matchAll(/<link rel="preload"[^>]*as="font"[^>]*>/g)].map((m) => m[0]), 'admin.html').toEqual([
      expect.stringMatching(/href="\/admin\/assets\/onest-site-[\w-]+\.woff2"/),
    ]);
    const range = /font-family: 'Onest Site';[\s\S]*?unicode-range: ([^;]+);/.exec(fs.readFileSync(FONT_CSS, 'utf8'))?.[1] ?? '';
    const held = codePointsOf(range);
    const missing = [...(await siteCharacters(CLIENT))].filter((c) => !held.has(c.codePointAt(0) ?? 0) && !LACKED_BY_ONEST.includes(c));
    expect(missing, 'characters the site writes that its font file lacks: run `npm run fonts`').toEqual([]);
    // The whole files behind it never claim a character the cut file holds or Onest lacks: a late cut file
    // (font-display: optional) or a lacking glyph would otherwise fetch both whole files for nothing.
    const wholeRanges = [...fs.readFileSync(FONT_CSS, 'utf8').matchAll(/font-family: 'Onest';[\s\S]*?unicode-range: ([^;]+);/g)];
    expect(wholeRanges).toHaveLength(2);
    const skipped = [...held, ...LACKED_BY_ONEST.map((c) => c.codePointAt(0) ?? 0)];
    for (const [, whole] of wholeRanges) expect(skipped.filter((cp) => codePointsOf(whole ?? '').has(cp))).toEqual([]);
  });

  it('draw their SVG pictures inline, none as an <img> (each would be a document of its own), the logos named', () => {
    for (const page of BUILT_PAGES.flatMap((p) => LOCALES.map((l) => pageFileOf(p, l)))) {
      const html = fs.readFileSync(path.join(CLIENT, page), 'utf8');
      expect(html.match(/<img\b[^>]*>/g) ?? [], page).toEqual([]);
      expect(html.match(/\bid="([^"]+)"/g)?.length, `${page}: an id twice`).toBe(new Set(html.match(/\bid="([^"]+)"/g)).size);
    }
    const home = fs.readFileSync(path.join(CLIENT, 'index.html'), 'utf8');
    for (const { name } of [...clientLogos, partnerLogo]) expect(home).toContain(`<svg role="img" aria-label="${name}"`);
  });

  it("draw each icon once per page, in the sprite every icon refers to, the inbox's page included", () => {
    const pages = [
      ...BUILT_PAGES.flatMap((p) => LOCALES.map((l) => path.join(CLIENT, pageFileOf(p, l)))),
      path.join('dist/admin', 'admin.html'),
    ];
    for (const file of pages) {
      const html = fs.readFileSync(file, 'utf8');
      expect(html.split(iconSprite()).length - 1, `${file}: the sprite, once`).toBe(1);
      // The dialogs draw theirs in the browser: every icon is in the sprite, and every <use> finds one.
      for (const name of ICON_NAMES) expect(html, file).toContain(`<symbol id="${iconHref(name).slice(1)}"`);
      for (const [, href] of html.matchAll(/<use href="([^"]+)"/g)) expect(ICON_NAMES.map(iconHref), file).toContain(href);
      // An icon drawn in place carries its own <path> inside an <svg aria-hidden>: none does.
      expect(html.match(/<svg viewBox="0 0 24 24"[^>]*aria-hidden="true"[^>]*><path/g) ?? [], file).toEqual([]);
    }
  });

  it('blur nothing with a filter (a phone rasterises a wide blur for longer than the rest of the first screen)', () => {
    for (const page of BUILT_PAGES.flatMap((p) => LOCALES.map((l) => pageFileOf(p, l)))) {
      const html = fs.readFileSync(path.join(CLIENT, page), 'utf8');
      expect(html.match(/--tw-blur:blur\(|filter:blur\(/g) ?? [], page).toEqual([]);
    }
  });

  it('start their scripts from the loader alone, once drawn: no script tag or module preload of their own', () => {
    for (const page of BUILT_PAGES.flatMap((p) => LOCALES.map((l) => pageFileOf(p, l)))) {
      const html = fs.readFileSync(path.join(CLIENT, page), 'utf8');
      expect(html.match(/<script type="module"|<link rel="modulepreload"/g) ?? [], page).toEqual([]);
      expect(initialScripts(html).length, page).toBeGreaterThanOrEqual(1);
      for (const src of [...initialScripts(html), ...filesPreloadedBy(html)]) expect(fs.existsSync(path.join(CLIENT, src)), `${page}: ${src}`).toBe(true);
    }
  });

  it('inline their one stylesheet, and no script asks for it again: fetched and added as a wake, it restyled and laid out the whole page', () => {
    const stylesheets = files(path.join(CLIENT, 'assets')).filter((f) => f.endsWith('.css'));
    expect(stylesheets, 'one stylesheet, shared by every page').toHaveLength(1);
    for (const page of BUILT_PAGES.flatMap((p) => LOCALES.map((l) => pageFileOf(p, l)))) {
      expect(fs.readFileSync(path.join(CLIENT, page), 'utf8'), page).not.toMatch(/<link[^>]*rel="stylesheet"/);
    }
    for (const script of files(path.join(CLIENT, 'assets')).filter((f) => f.endsWith('.js'))) {
      expect(fs.readFileSync(script, 'utf8'), script).not.toMatch(/"assets\/[^"]+\.css"/);
    }
  });

  it("start each page's first script with V8's compile hint, so it is compiled whole off the main thread", () => {
    for (const page of BUILT_PAGES.flatMap((p) => LOCALES.map((l) => pageFileOf(p, l)))) {
      const html = fs.readFileSync(path.join(CLIENT, page), 'utf8');
      const entry = initialScripts(html)[0] ?? '';
      expect(fs.readFileSync(path.join(CLIENT, entry), 'utf8').startsWith(`${COMPILE_HINT}\n`), `${page}: ${entry}`).toBe(true);
    }
  });

  it('keep the booking dialog and zod out of the initial bundle', () => {
    const html = fs.readFileSync(path.join(CLIENT, 'index.html'), 'utf8');
    const entry = initialScripts(html)[0] ?? '';
    const code = fs.readFileSync(path.join(CLIENT, entry), 'utf8');
    // zod's issue codes appear wherever zod is bundled.
    expect(code).not.toContain('invalid_type');
    expect(files(path.join(CLIENT, 'assets')).some((f) => /booking-dialog-.*\.js$/.test(f))).toBe(true);
  });

  it('keep the voice SDK (Vapi and Daily, ~80 KB gzip) and the call code out of every initial script', () => {
    const sdk = readManifest()['src/client/voice/voice-runtime.ts'];
    expect(sdk?.isDynamicEntry, 'the SDK is loaded by import() only').toBe(true);
    // Strings only the SDK and Daily carry: checked in the SDK's chunk first, so they do mark it. Then
    // the call's transitions (voice-events.ts) and texts (voice-call.ts), which load with it or before.
    const sdkMarkers = ['api.vapi.ai', 'call-start-progress', 'createCallObject', 'audio-processing-setup-error'];
    const sdkCode = fs.readFileSync(path.join(CLIENT, sdk?.file ?? ''), 'utf8');
    for (const marker of sdkMarkers) expect(sdkCode).toContain(marker);
    const markers = [...sdkMarkers, 'Failed to connect to voice assistant', 'Неуспешно свързване с гласовия асистент'];
    for (const page of ['index.html', 'bg/index.html']) {
      const html = fs.readFileSync(path.join(CLIENT, page), 'utf8');
      for (const src of initialScripts(html)) {
        expect(src, page).not.toContain(sdk?.file);
        const code = fs.readFileSync(path.join(CLIENT, src), 'utf8');
        for (const marker of markers) expect(code, `${page}: ${src} contains ${marker}`).not.toContain(marker);
      }
      expect(html, `${page} has the settings placeholder for the server`).toContain('<!--runtime-config-->');
    }
  });

  it("keep Lana's working chat, its stream reader and its texts out of every initial script", () => {
    const markers = ['/chat/web', 'text/event-stream', 'Lana is typing', 'Лана пише'];
    const chat = readManifest()['src/client/chat/live-chat.tsx'];
    expect(chat?.isDynamicEntry, 'the chat is loaded by import() only').toBe(true);
    const chatCode = fs.readFileSync(path.join(CLIENT, chat?.file ?? ''), 'utf8');
    for (const marker of markers) expect(chatCode, 'the markers do mark the chat').toContain(marker);
    expectNotInFirstScripts(markers);
  });

  it("keep what the assistants are told (assistant-context.ts) and Alex's first words out of every initial script", () => {
    const markers = ['/api/visit-token', 'language_name', "How can I help your business today?"];
    const lazy = files(path.join(CLIENT, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    for (const marker of markers) expect(lazy, 'the markers are in the build').toContain(marker);
    expectNotInFirstScripts(markers);
  });

    it("keep the booking dialog's texts out of the first scripts, and the API's answers out of the browser", () => {
    const dialogTexts = ['Thank You for Your Request!', 'Благодарим ви за заявката!'];
    expectNotInFirstScripts(dialogTexts);
    const dialog = readManifest()['src/client/booking/booking-dialog.tsx'];
    const dialogCode = fs.readFileSync(path.join(CLIENT, dialog?.file ?? ''), 'utf8');
    for (const text of dialogTexts) expect(dialogCode, 'the dialog brings its texts').toContain(text);
    for (const file of files(CLIENT)) {
      const text = fs.readFileSync(file, 'utf8');
      expect(text, file).not.toContain('The request must be sent as JSON.');
      expect(text, file).not.toContain('Заявката трябва да бъде изпратена във формат JSON.');
    }
  });

  it("keep the static sections' texts out of the first scripts; a language switch loads them, for the FAQ's search data", () => {
    const manifest = readManifest();
    for (const locale of LOCALES) {
      const t = staticTexts[locale];
      const markers = [t.faq.items[0]!.question, t.industries.items[0]!.description, t.comparison.summary.split('{')[0]!];
      expect(fs.readFileSync(path.join(CLIENT, pageFileOf('home', locale)), 'utf8'), 'the page has them drawn').toContain(markers[1]);
      expectNotInFirstScripts(markers);
      const lazy = fs.readFileSync(path.join(CLIENT, manifest[`src/content/i18n/${locale}-static.ts`]?.file ?? ''), 'utf8');
      for (const marker of markers) expect(lazy, 'the switch brings them').toContain(marker);
    }
  });

  it('keep the search-data profile and the head writer out of the first scripts, for the language switch', () => {
    // A search phrase (profile.ts) and a JSON-LD type (head.ts through structured-data.ts).
    const markers = ['AI automation agency', 'ProfessionalService'];
    expectNotInFirstScripts(markers);
    const manifest = readManifest();
    const lazy = ['src/content/profile.ts', 'src/client/head.ts'].map((source) =>
      fs.readFileSync(path.join(CLIENT, manifest[source]?.file ?? ''), 'utf8'),
    );
    for (const [i, marker] of markers.entries()) expect(lazy[i], 'the switch brings them').toContain(marker);
  });

  // The entry, the page's own dictionary, and at most one chunk of modules the entry shares with the
  // lazy parts. Rolldown (Vite 8) splits that chunk off the entry where Rollup would keep it in
  // (rolldown/rolldown#10731); the page declares it, so it loads beside the entry, not after it.
  it("start the entry and what it imports at once, and fetch ahead the islands' code, the dictionary and what they import: no script found only after another arrives", () => {
    const importsOf = (src: string) =>
      [...fs.readFileSync(path.join(CLIENT, src), 'utf8').matchAll(/(?:^|[;}\s])import\s*(?:[\w{},*\s$]+from\s*)?["']\.\/([^"']+)["']/g)].map(
        (m) => `/assets/${m[1] ?? ''}`,
      );
    for (const [page, dictionary] of [['index.html', /\/assets\/en-/], ['bg/index.html', /\/assets\/bg-/]] as const) {
      const html = fs.readFileSync(path.join(CLIENT, page), 'utf8');
      const scripts = initialScripts(html);
      const ahead = filesPreloadedBy(html);
      expect(scripts.filter((src) => /\/assets\/index-/.test(src)), page).toHaveLength(1);
      expect(scripts.length, page).toBeLessThanOrEqual(2);
      expect(ahead.filter((src) => dictionary.test(src)), page).toHaveLength(1);
      for (const island of ['top-bar-island', 'hero-island', 'services-carousel', 'chat-box', 'voice-demo-island', 'bottom-cta-island', 'booking-dialog']) {
        expect(ahead.filter((src) => src.includes(`/${island}-`)), `${page}: ${island}`).toHaveLength(1);
      }
      for (const src of scripts) for (const file of importsOf(src)) expect(scripts, `${page}: ${src} imports ${file}`).toContain(file);
      for (const src of ahead) for (const file of importsOf(src)) expect([...scripts, ...ahead], `${page}: ${src} imports ${file}`).toContain(file);
    }
  });

  // The pages beside the home page have a bundle of their own (docs/decisions/013-pages-beside-the-home-page.md).
  const otherPages = LOCALES.flatMap((l) => [pageFileOf('privacy', l), pageFileOf('not-found', l)]);

  it('give the pages beside the home page their budgets (islands, or the meeting page whole), and none of the home page\'s sections', () => {
    // Class names and ids only the home page's sections write.
    const homeSections = ['logo-marquee', 'voice-demo-title', 'bottom-cta-title', 'custom-development'];
    for (const page of [...otherPages, ...LOCALES.map((l) => pageFileOf('meeting', l))]) {
      const html = fs.readFileSync(path.join(CLIENT, page), 'utf8');
      const scripts = initialScripts(html);
      const whole = page.endsWith('meeting.html');
      expect(scripts.some((src) => /\/assets\/page-/.test(src)), page).toBe(true);
      expect(scripts.length, page).toBeLessThanOrEqual(whole ? 12 : 2);
      const js = scripts.reduce((sum, src) => sum + gz(fs.readFileSync(path.join(CLIENT, src))), 0);
      expect(js, `${page}: initial JS, gzip bytes`).toBeLessThanOrEqual(whole ? INITIAL_JS_GZIP_BUDGET : SCRIPT_BEFORE_INTERACTION_GZIP_BUDGET);
      // The privacy notice's and the not-found page's islands wake when reached for, their code fetched ahead.
      if (!whole) expect(filesPreloadedBy(html).some((src) => src.includes('/page-top-bar-island-')), page).toBe(true);
      for (const src of scripts) {
        const code = fs.readFileSync(path.join(CLIENT, src), 'utf8');
        for (const marker of homeSections) expect(code, `${page}: ${src} contains ${marker}`).not.toContain(marker);
      }
      expect(html, page).not.toMatch(/<link rel="stylesheet"/);
    }
  });

  it('keep the privacy notice in its pages alone, and the other pages\' texts out of the home page\'s first scripts', () => {
    const markers = LOCALES.map((l) => privacyNotices[l].legalBasis.automated);
    for (const l of LOCALES) {
      const html = fs.readFileSync(path.join(CLIENT, pageFileOf('privacy', l)), 'utf8');
      expect(html).toContain(privacyNotices[l].legalBasis.automated);
      expect(html, 'the server writes the retention days in').toContain(LEAD_RETENTION_DAYS_PLACEHOLDER);
    }
    for (const file of files(CLIENT).filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(file, 'utf8');
      for (const marker of markers) expect(code, `${file} carries the notice`).not.toContain(marker);
    }
    expectNotInFirstScripts(LOCALES.map((l) => pageTexts[l].notFound.heading));
    expect(fs.existsSync(path.join(CLIENT, 'page.html')), 'the template is not served').toBe(false);
  });

  // The leads inbox is built apart (docs/decisions/011-inbox-page.md): a visitor downloads nothing of it.
  it("carry nothing of the leads inbox: no reference to its files, none of its code or texts", () => {
    const ADMIN = 'dist/admin';
    const inboxFiles = files(path.join(ADMIN, 'assets')).map((f) => path.basename(f));
    expect(inboxFiles.some((f) => /^admin-.*\.js$/.test(f)), 'the inbox was built').toBe(true);
    const markers = [inboxTexts.en.login.title, inboxTexts.bg.login.title, inboxTexts.en.filters.searchHint];
    const inboxCode = inboxFiles.filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(ADMIN, 'assets', f), 'utf8')).join('');
    for (const marker of markers) expect(inboxCode, 'the markers do mark the inbox').toContain(marker);

    for (const page of ['index.html', 'bg/index.html']) {
      const html = fs.readFileSync(path.join(CLIENT, page), 'utf8');
      expect(html, page).not.toMatch(/["'(]\/admin[/"'?#)]/);
      // Its scripts and stylesheet; the font files are the site's own, the same bytes under the same name.
      for (const file of inboxFiles.filter((f) => /\.(js|css)$/.test(f))) expect(html, `${page} names ${file}`).not.toContain(file);
    }
    for (const file of files(CLIENT)) {
      expect(path.basename(file), 'the inbox page is not among the public files').not.toBe('admin.html');
      if (!/\.(js|css|html|txt|xml)$/.test(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const marker of markers) expect(text, `${file} contains ${marker}`).not.toContain(marker);
    }
  });
});
