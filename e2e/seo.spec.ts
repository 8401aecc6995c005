// What search engines and link previews read from the built site, in both languages.
import { expect, test, type Page } from '@playwright/test';
import { dictionaries } from '../src/content/i18n/index.ts';
import { brandTexts, faqItems } from '../src/content/i18n/format.ts';
import { businessProfile as business } from '../src/content/profile.ts';
import { MANAGED_HEAD_SELECTOR } from '../src/client/head.ts';

const { en, bg } = dictionaries;

const ORIGIN = business.website;
const languages = [
  { locale: 'en', path: '/', t: en, ogLocale: 'en_US', ogAlternate: 'bg_BG' },
  { locale: 'bg', path: '/bg/', t: bg, ogLocale: 'bg_BG', ogAlternate: 'en_US' },
] as const;

const attr = (page: Page, selector: string, name: string) => page.locator(selector).getAttribute(name);
const metaContent = (page: Page, key: string) => attr(page, `meta[name="${key}"], meta[property="${key}"]`, 'content');

/** The tags point at the public origin; their files are fetched from the server under test. */
const localPath = (url: string | null) => new URL(url ?? '', ORIGIN).pathname;

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

for (const { locale, path, t, ogLocale, ogAlternate } of languages) {
  test(`the ${locale} page tells search engines and link previews its language, title and address`, async ({ page, request }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page).toHaveTitle(brandTexts(t, locale, business.name).title);
    expect(await metaContent(page, 'description')).toBe(t.meta.description);
    expect(await attr(page, 'link[rel="canonical"]', 'href')).toBe(`${ORIGIN}${path}`);
    expect(await attr(page, 'link[hreflang="en"]', 'href')).toBe(`${ORIGIN}/`);
    expect(await attr(page, 'link[hreflang="bg"]', 'href')).toBe(`${ORIGIN}/bg/`);
    expect(await attr(page, 'link[hreflang="x-default"]', 'href')).toBe(`${ORIGIN}/`);
    expect(await metaContent(page, 'theme-color')).toBe('#020617');

    expect(await metaContent(page, 'og:locale')).toBe(ogLocale);
    expect(await metaContent(page, 'og:locale:alternate')).toBe(ogAlternate);
    expect(await metaContent(page, 'og:url')).toBe(`${ORIGIN}${path}`);
    expect(await metaContent(page, 'twitter:card')).toBe('summary_large_image');

    for (const url of [await metaContent(page, 'og:image'), await attr(page, 'link[rel="apple-touch-icon"]', 'href')]) {
      const image = await request.get(localPath(url));
      expect(image.status(), `${url}`).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
  });

  test(`the ${locale} page describes the business and its questions as JSON-LD`, async ({ page }) => {
    await page.goto(path);
    const blocks = await jsonLd(page);
    const service = blocks.find((b) => b['@type'] === 'ProfessionalService');
    expect(service).toMatchObject({
      name: business.name,
      telephone: business.phone,
      priceRange: business.priceRange,
      address: { '@type': 'PostalAddress', addressLocality: 'Sofia', postalCode: '1000', addressCountry: 'BG' },
    });
    const questions = blocks.find((b) => b['@type'] === 'FAQPage');
    expect((questions?.mainEntity as { name: string }[] | undefined)?.map((q) => q.name)).toEqual(
      t.faq.items.map((q) => q.question),
    );
  });

  test(`the ${locale} page shows the questions its FAQPage data names, each answer a click away`, async ({ page }) => {
    await page.goto(path);
    const section = page.locator('#faq');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(t.faq.title);
    await expect(section.locator('summary')).toHaveText(t.faq.items.map((q) => q.question));
    // The answers as the page shows them: their figures filled in.
    const first = faqItems(t, locale)[0];
    if (!first) throw new Error('no questions');
    await expect(section.getByText(first.answer)).toBeHidden();
    await section.getByText(first.question).click();
    await expect(section.getByText(first.answer)).toBeVisible();
  });
}

/** Every head tag the language owns, in order, as its tag, attributes and text. */
function managedHead(page: Page) {
  return page.evaluate(
    (selector) =>
      [...document.head.querySelectorAll(selector)].map((element) => ({
        tag: element.localName,
        attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
        text: element.textContent,
      })),
    MANAGED_HEAD_SELECTOR,
  );
}

test('after switching language in place, the head is the one the other page is served with', async ({ page }) => {
  const served: Record<string, Awaited<ReturnType<typeof managedHead>>> = {};
  for (const { path } of languages) {
    await page.goto(path);
    served[path] = await managedHead(page);
  }
  expect(served['/']?.length).toBeGreaterThan(20);

  await page.goto('/');
  for (const [locale, path] of [
    ['bg', '/bg/'],
    ['en', '/'],
  ] as const) {
    await page.getByRole('banner').getByRole('link', { name: locale, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    expect(await managedHead(page)).toEqual(served[path]);
  }
});

test('the sitemap and robots.txt are served with their types', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/^(application|text)\/xml/);
  const xml = await sitemap.text();
  for (const path of ['/', '/bg/']) expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`);
  expect(xml).toContain('hreflang="x-default"');

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await robots.text();
  expect(text).toContain('Disallow: /api/');
  expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});
