// Whatever a visitor typed is shown as text wherever an operator sees it. A lead named
// `<img src=x onerror=alert(1)>` from a business called `=HYPERLINK("http://x","y")`, with markup and a
// script in its description, is booked through the public API as any visitor could, and given a note
// of markup through the inbox's API; then the inbox shows it in the list and on its page: the text
// as typed, no element made of it, no script run, no dialog opened. Its export keeps the formula text.
import { expect, test } from '@playwright/test';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import { INBOX_API, INBOX_PATH } from '../src/shared/inbox.ts';
import { useLanguage, workerSession, type SessionCookies } from './inbox-session.ts';
import { uniqueEmail } from './leads.ts';
import { SITE_URL } from './servers.ts';

let sessionCookies: SessionCookies = [];

/** The two test cases of the issue, and markup that would set a flag if it ever ran. */
const IMG = '<img src=x onerror=alert(1)>';
const FORMULA = '=HYPERLINK("http://x","y")';
const DESCRIPTION = '<script>window.__ran = true</script><b id="injected">bold</b><img src=x onerror="window.__ran = true">';
const NOTE = '<img src=x onerror=alert(2)><a href="javascript:alert(3)">click</a>';

test.beforeAll(async () => {
  sessionCookies = await workerSession();
});

test('a lead of markup and a formula shows as text in the inbox, runs nothing, and exports as text', async ({ page, context, request }) => {
  const t = inboxTexts.en;
  const tag = `escaping${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `${IMG} ${tag}`;
  const booked = await request.post(`${SITE_URL}/api/discovery-calls`, {
    data: {
      first_name: name,
      email: uniqueEmail('escaping'),
      phone: '+359 88 555 0142',
      business_name: FORMULA,
      service: 'Other',
      custom_service: DESCRIPTION,
      locale: 'en',
    },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };

  await context.addCookies(sessionCookies);
  const noted = await page.request.post(INBOX_API.notes(id), { data: { text: NOTE }, headers: { origin: SITE_URL } });
  expect(noted.ok()).toBe(true);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const noInjection = async () => {
    await expect(page.locator('img[src="x"], img[onerror], #injected, a[href^="javascript:"]')).toHaveCount(0);
    await expect(page.locator('script', { hasText: '__ran' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    expect(dialogs).toEqual([]);
  };

  await useLanguage(page, 'en');
  await page.goto(`${INBOX_PATH}?q=${tag}`);
  const link = page.getByRole('link', { name: `${t.list.unseen}: ${name}` });
  await expect(link).toBeVisible();
  const row = page.getByRole('row').filter({ has: link });
  await expect(row).toContainText(name);
  await expect(row).toContainText(FORMULA);
  await noInjection();

  await link.click();
  await expect(page).toHaveURL(`${SITE_URL}${INBOX_PATH}/leads/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: t.lead.details })).toContainText(DESCRIPTION);
  await expect(page.getByRole('region', { name: t.lead.details })).toContainText(FORMULA);
  await expect(page.getByRole('region', { name: t.lead.timeline }).getByText(NOTE)).toBeVisible();
  await noInjection();

  // The export: the formula behind a quote mark, so a spreadsheet shows it rather than runs it.
  const csv = await page.request.get(`${INBOX_API.export}?q=${tag}`);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain(`,"'${FORMULA.replaceAll('"', '""')}",`);
  expect(text).toContain(`,${name},`);
});
