// The visitor's page of their call, reached from the invitation's link (`/meeting/<token>`): the call on
// their clock (here Tokyo's) with Sofia's beside it, moved with the picker and cancelled, by keyboard
// alone; a tampered link gets a page of its own, and so does the link of an erased request. Both
// languages, phone and desktop, axe on each state.
import { axeBuilder } from './axe.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pageTexts } from '../src/content/i18n/pages.ts';
import { format } from '../src/content/i18n/format.ts';
import type { MeetingJson, MeetingSlotsJson } from '../src/shared/meetings.ts';
import { INBOX_API } from '../src/shared/inbox.ts';
import { workerSession } from './inbox-session.ts';
import { uniqueEmail } from './leads.ts';
import { SITE_URL } from './servers.ts';
import { hydrated, languages, viewports } from './pages.ts';

test.use({ timezoneId: 'Asia/Tokyo' });
// One after another: each moves its call to a time of its own from one list of slots.
test.describe.configure({ mode: 'serial' });

const axe = async (page: Page) => (await axeBuilder(page).analyze()).violations;

/** A request with a call booked through the API, as the dialog books it: the call's page and its token. */
async function bookedCall(request: APIRequestContext, locale: string, tag: string, fromEnd: number) {
  const lead = await request.post('/api/discovery-calls', {
    data: { first_name: 'Yuki', email: uniqueEmail(tag), phone: '+359 88 555 0166', business_name: 'Yuki Tea', service: 'Other', product: '', custom_service: 'A chatbot', locale },
  });
  const { meetingToken } = (await lead.json()) as { meetingToken: string };
  const { slots } = (await (await request.get('/api/meeting-slots?tz=Asia/Tokyo')).json()) as MeetingSlotsJson;
  const slot = slots.at(-1 - fromEnd)!;
  const booked = await request.post('/api/meetings', { data: { token: meetingToken, start: slot.start, timeZone: 'Asia/Tokyo', locale } });
  expect(booked.status()).toBe(201);
  const { manageUrl } = (await booked.json()) as { manageUrl: string };
  return { path: new URL(manageUrl).pathname, token: meetingToken, start: slot.start };
}

const meetingOf = async (request: APIRequestContext, token: string) =>
  ((await (await request.get(`/api/meeting?token=${encodeURIComponent(token)}`)).json()) as { meeting: MeetingJson | null }).meeting;

let run = 0;
for (const { locale } of languages) {
  const p = pageTexts[locale].meeting;
  for (const vp of viewports) {
    test(`moves and cancels the call from its page by keyboard, in ${locale} on a ${vp.name}`, async ({ page, request }) => {
      test.slow();
      run++;
      await page.setViewportSize(vp);
      const call = await bookedCall(request, locale, `manage-${locale}-${vp.name}`, run);
      const response = await page.goto(call.path);
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      expect(response?.headers()['x-robots-tag']).toBe('noindex');
      await hydrated(page);
      const status = page.getByRole('status').filter({ hasText: p.callYou });
      await expect(status).toContainText(p.booked.split('{when}')[0]!.trim());
      // Tokyo's clock with Sofia's beside it: seven hours apart in winter.
      await expect(status).toContainText(format(p.sofia, { time: '' }).split(' ')[0]!);
      expect(await axe(page)).toEqual([]);
      // The language switch leads to the same call in the other language.
      const other = locale === 'en' ? call.path.replace('/meeting/', '/bg/meeting/') : call.path.replace('/bg/meeting/', '/meeting/');
      await expect(page.locator(`header a[href="${other}"]`).first()).toBeAttached();

      // Another time, by keyboard: the button, the first time, back around to a late one, Enter.
      await page.getByRole('button', { name: p.reschedule }).focus();
      await page.keyboard.press('Enter');
      const radios = page.getByRole('radio');
      await expect(radios.first()).toBeAttached();
      await page.keyboard.press('Tab');
      await expect(radios.first()).toBeFocused();
      for (let i = 0; i <= run; i++) await page.keyboard.press('ArrowLeft');
      const chosen = (await page.locator('input[name="meeting-slot"]:checked').getAttribute('value'))!;
      expect(await axe(page)).toEqual([]);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: p.moved })).toBeFocused();
      expect(await meetingOf(request, call.token)).toMatchObject({ start: chosen, status: 'booked' });
      const { slots } = (await (await request.get('/api/meeting-slots?tz=UTC')).json()) as MeetingSlotsJson;
      expect(slots.map((s) => s.start)).toContain(call.start);
      expect(slots.map((s) => s.start)).not.toContain(chosen);

      // Cancelled, after a question that takes focus and can be declined.
      await page.getByRole('button', { name: p.cancel }).focus();
      await page.keyboard.press('Enter');
      const question = page.getByRole('alertdialog');
      await expect(question.getByRole('button', { name: p.yesCancel })).toBeFocused();
      expect(await axe(page)).toEqual([]);
      await page.keyboard.press('Enter');
      const cancelled = page.getByRole('status').filter({ hasText: p.cancelled.split('{when}')[1]!.trim().slice(0, 20) });
      await expect(cancelled).toBeFocused();
      expect(await meetingOf(request, call.token)).toMatchObject({ start: chosen, status: 'cancelled' });
      await expect(page.getByRole('button', { name: p.pick })).toBeVisible();
      expect(await axe(page)).toEqual([]);
    });
  }

  test(`a changed link gets its own page, in ${locale}`, async ({ page }) => {
    await page.goto(`${locale === 'bg' ? '/bg' : ''}/meeting/01900000-0000-7000-8000-000000000000.${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.badLinkHeading);
    await expect(page.getByText(p.badLink)).toBeVisible();
    await expect(page.getByRole('link', { name: p.home })).toHaveAttribute('href', locale === 'bg' ? '/bg/' : '/');
    expect(await axe(page)).toEqual([]);
  });
}

test.describe('a call whose request was erased', () => {
  test.beforeEach(async ({ context }) => context.addCookies(await workerSession()));
  for (const { locale } of languages) {
    test(`says on its page that it no longer exists, in ${locale}`, async ({ page, request }) => {
      const p = pageTexts[locale].meeting;
      const email = uniqueEmail(`erased-${locale}`);
      const lead = await request.post('/api/discovery-calls', {
        data: { first_name: 'Yuki', email, phone: '+359 88 555 0166', business_name: 'Yuki Tea', service: 'Other', product: '', custom_service: 'A chatbot', locale },
      });
      const { meetingToken } = (await lead.json()) as { meetingToken: string };
      const erased = await page.request.post(INBOX_API.personErase, { data: { email, expected: 1 }, headers: { origin: SITE_URL } });
      expect(erased.status()).toBe(200);
      await page.goto(`${locale === 'bg' ? '/bg' : ''}/meeting/${meetingToken}`);
      await expect(page.getByRole('heading', { level: 1, name: p.goneHeading })).toBeVisible();
      await expect(page.getByText(p.gone)).toBeVisible();
      expect(await axe(page)).toEqual([]);
    });
  }
});
