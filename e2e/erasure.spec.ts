// A person's data in the inbox, against the built server: the export downloads every lead with their
// email as JSON; the erasure, by keyboard alone, is confirmed in a dialog that names how many leads go,
// counts again when a lead came in meanwhile, and ends on the list saying how many went, the person
// gone from it. Then axe on the dialog in both languages.
import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { plural } from '../src/content/i18n/format.ts';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import { INBOX_API, INBOX_PATH, type PersonExport } from '../src/shared/inbox.ts';
import { expectAxeClean, useLanguage, workerSession, type SessionCookies } from './inbox-session.ts';
import { uniqueEmail } from './leads.ts';
import { SITE_URL } from './servers.ts';

let sessionCookies: SessionCookies = [];

test.beforeAll(async () => {
  sessionCookies = await workerSession();
});
test.beforeEach(async ({ context }) => context.addCookies(sessionCookies));

/** A lead booked as the public form books one; the id the API answers with. */
async function book(api: APIRequestContext, email: string, firstName: string): Promise<string> {
  const res = await api.post(`${SITE_URL}/api/discovery-calls`, {
    data: {
      first_name: firstName,
      email,
      phone: '+359 88 555 0199',
      business_name: `${firstName} Ltd`,
      service: 'Other',
      product: '',
      custom_service: 'A chatbot for the shop',
      locale: 'en',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('an operator exports a person’s data, then erases them by keyboard, confirming the count', async ({ page, request }) => {
  const t = inboxTexts.en;
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = uniqueEmail('erase');
  const tag = email.split('.')[1]!;
  const first = await book(request, email, `Zora${tag}`);
  // The second time in capitals: the same person.
  const second = await book(request, email.toUpperCase(), `Zora${tag}`);
  const other = await book(request, uniqueEmail('keep'), `Zora${tag}`);

  await page.goto(`${INBOX_PATH}/leads/${first}`);
  const card = page.getByRole('region', { name: t.person.title });
  await expect(card).toContainText(email);

  // The export: a JSON file holding both leads, each with its timeline.
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: t.person.export }).click()]);
  expect(download.suggestedFilename()).toMatch(/^lead-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as PersonExport;
  expect(data.email).toBe(email);
  expect(data.leads.map((l) => l.id).sort()).toEqual([first, second].sort());
  expect(data.leads[0]!.timeline.map((e) => e.type)).toEqual(['created']);
  await expect(card.getByRole('status')).toHaveText(`The file ${download.suggestedFilename()} is downloaded.`);

  // The erasure, by keyboard: the dialog opens on Cancel and names the count; Escape closes it.
  const erase = card.getByRole('button', { name: t.person.erase });
  await erase.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t.person.dialogTitle });
  await expect(dialog).toContainText(plural(t.person.body, 2, 'en', { email }));
  await expect(dialog.getByRole('button', { name: t.person.cancel })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(erase).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: plural(t.person.confirm, 2, 'en') })).toBeVisible();
  // Another request from the person meanwhile: the erasure of two is refused, and three are counted.
  const third = await book(request, email, `Zora${tag}`);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: plural(t.person.confirm, 2, 'en') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('there are 3 now');
  const eraseThree = dialog.getByRole('button', { name: plural(t.person.confirm, 3, 'en') });
  await expect(eraseThree).toBeVisible();

  // Confirmed again: busy while the server works, then the list, saying how many went.
  await page.route(INBOX_API.personErase, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await eraseThree.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: t.person.erasing })).toHaveAttribute('aria-busy', 'true');
  await expect(page).toHaveURL(`${SITE_URL}${INBOX_PATH}`);
  await expect(page.getByRole('status').filter({ hasText: plural(t.person.done, 3, 'en') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: t.list.title })).toBeFocused();

  // Gone from the list and from the API; the other person with the same name stays.
  await page.getByLabel(t.filters.search).fill(`Zora${tag}`);
  await expect(page.getByRole('link', { name: new RegExp(`Zora${tag}`) })).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: plural(t.person.done, 3, 'en') })).toBeHidden();
  for (const id of [first, second, third]) expect((await page.request.get(INBOX_API.lead(id))).status()).toBe(404);
  expect((await page.request.get(INBOX_API.lead(other))).status()).toBe(200);
});

for (const locale of ['en', 'bg'] as const) {
  test(`the erasure dialog is axe-clean in ${locale}`, async ({ page, request }) => {
    const t = inboxTexts[locale];
    await useLanguage(page, locale);
    const email = uniqueEmail(`axe-erase-${locale}`);
    const id = await book(request, email, `Axe ${locale}`);
    await page.goto(`${INBOX_PATH}/leads/${id}`);
    await page.getByRole('button', { name: t.person.erase }).click();
    const dialog = page.getByRole('dialog', { name: t.person.dialogTitle });
    await expect(dialog).toContainText(plural(t.person.body, 1, locale, { email }));
    await expect(dialog.getByRole('button', { name: plural(t.person.confirm, 1, locale) })).toBeVisible();
    await expectAxeClean(page, `erasure dialog (${locale})`);
    await dialog.getByRole('button', { name: t.person.cancel }).click();
    await expect(dialog).toBeHidden();
    await expectAxeClean(page, `lead page (${locale})`);
  });
}
