// Visual snapshots: each page and main state as a person sees it, at 390 and 1440 px in both
// languages, held against the pictures in e2e/__screenshots__/ (Playwright's toHaveScreenshot, Debian's
// Chromium). What a test of behaviour cannot see (an empty band, a button pushed off the screen, a cut
// label) changes a picture. Every machine draws them alike: the web font is held back (the fallback
// face, as on a slow first visit), the clock stands at one fixed moment, and what the server would
// answer differently from run to run (the free slots, a booked call, the inbox's leads) comes from
// e2e/visual-fixtures.ts. When a picture changes on purpose: `npx playwright test e2e/visual.spec.ts
// --update-snapshots`, then open the new PNGs and look at each before committing them.
import { expect, test, type Page } from '@playwright/test';
import { format } from '../src/content/i18n/format.ts';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import { pageTexts } from '../src/content/i18n/pages.ts';
import { AGENDA_PATH, INBOX_PATH, inboxLeadPath, OVERVIEW_PATH } from '../src/admin/routes.ts';
import { fillUpToStep3, openBooking, sendBooking } from './book.ts';
import { workerSession } from './inbox-session.ts';
import { uniqueEmail } from './leads.ts';
import { languages, viewports } from './pages.ts';
import { CALLBACK_VIEW, fixedInbox, fixedMeetings, LEAD_VIEW, MEETING_PATH, NOW } from './visual-fixtures.ts';
import { offerCallback, OPENS_TOMORROW } from './callback-offer.ts';

test.use({ timezoneId: 'Europe/Sofia' });

/** The web font's files never arrive: the page is drawn in its fallback face, alike on every machine. */
const FONT_FILE = /\.woff2(\?.*)?$/;

async function steady(page: Page, width: number, height: number) {
  await page.route(FONT_FILE, (route) => route.abort());
  // Date stands still at NOW (the ages and deadlines on screen never tick over), the timers run.
  await page.clock.setFixedTime(NOW);
  await page.setViewportSize({ width, height });
}

/** The screen as it is, once nothing is loading and the fonts have settled. */
async function snap(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(`${name}.png`);
}

for (const { locale, path, t } of languages) {
  const prefix = locale === 'bg' ? '/bg' : '';
  for (const vp of viewports) {
    const at = `${locale}-${vp.width}`;

    test(`the pages' first screens, in ${locale} at ${vp.width} px`, async ({ page }) => {
      await steady(page, vp.width, vp.height);
      await page.goto(path);
      await snap(page, `home-${at}`);
      await page.goto(`${prefix}/privacy/`);
      await snap(page, `privacy-${at}`);
      await page.goto(`${prefix}/no-such-page/`);
      await snap(page, `not-found-${at}`);
    });

    test(`the booking dialog's steps, its thank-you and the time picker, in ${locale} at ${vp.width} px`, async ({ page }) => {
      await steady(page, vp.width, vp.height);
      await fixedMeetings(page);
      await page.goto(path);
      const dialog = await openBooking(page, t);
      await expect(page.getByLabel(t.booking.firstName, { exact: true })).toBeFocused();
      await snap(page, `dialog-1-${at}`);
      await fillUpToStep3(page, t, { firstName: 'Ana', email: uniqueEmail(`visual-${at}`), phone: '+359 88 555 0199', business: 'Ana Dental' });
      await dialog.getByRole('button', { name: t.booking.back }).click();
      await expect(page.getByLabel(t.booking.businessName)).toBeVisible();
      await snap(page, `dialog-2-${at}`);
      await dialog.getByRole('button', { name: t.booking.next, exact: true }).click();
      await expect(dialog.getByRole('radio').first()).toBeVisible();
      await snap(page, `dialog-3-${at}`);
      await sendBooking(page, t);
      await snap(page, `dialog-thank-you-${at}`);
      await dialog.getByRole('button', { name: t.booking.meeting.pick }).click();
      await expect(dialog.getByRole('radio').first()).toBeAttached();
      await snap(page, `picker-${at}`);
      await dialog.getByRole('radio').nth(2).check({ force: true });
      await dialog.getByRole('button', { name: t.booking.meeting.book }).scrollIntoViewIfNeeded();
      await snap(page, `picker-chosen-${at}`);
    });

    test(`the booking dialog's last step with Alex's call offered, and its thank-you, in ${locale} at ${vp.width} px`, async ({ page }) => {
      await steady(page, vp.width, vp.height);
      await fixedMeetings(page);
      // The longer of the choice's labels: the call at the next opening, tomorrow at 09:00.
      await offerCallback(page, OPENS_TOMORROW);
      await page.goto(path);
      const dialog = await openBooking(page, t);
      await fillUpToStep3(page, t, { firstName: 'Ana', email: uniqueEmail(`visual-call-${at}`), phone: '+359 88 555 0199', business: 'Ana Dental' });
      await dialog.getByRole('checkbox').check();
      await snap(page, `dialog-3-call-${at}`);
      await sendBooking(page, t);
      await snap(page, `dialog-thank-you-call-${at}`);
    });

    test(`the page to move or cancel a call, in ${locale} at ${vp.width} px`, async ({ page }) => {
      await steady(page, vp.width, vp.height);
      await fixedMeetings(page);
      const m = pageTexts[locale].meeting;
      await page.goto(`${prefix}${MEETING_PATH}`);
      await expect(page.getByRole('button', { name: m.reschedule })).toBeVisible();
      await snap(page, `manage-${at}`);
      await page.getByRole('button', { name: m.reschedule }).click();
      await expect(page.getByRole('radio').first()).toBeAttached();
      await snap(page, `manage-reschedule-${at}`);
    });

    test(`the inbox's list, a lead, the overview and the agenda, in ${locale} at ${vp.width} px`, async ({ page }) => {
      const it = inboxTexts[locale];
      // The inbox answers only once an operator exists; its own answers then come from the fixtures.
      await workerSession();
      await steady(page, vp.width, vp.height);
      await fixedInbox(page);
      await page.addInitScript((l) => window.localStorage.setItem('inbox-language', l), locale);
      await page.goto(INBOX_PATH);
      await expect(page.getByText(LEAD_VIEW.lead.business_name).filter({ visible: true }).first()).toBeVisible();
      await snap(page, `inbox-list-${at}`);
      await page.goto(inboxLeadPath(LEAD_VIEW.lead.id));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(LEAD_VIEW.lead.first_name);
      await snap(page, `inbox-lead-${at}`);
      await page.goto(OVERVIEW_PATH);
      await expect(page.getByRole('img', { name: new RegExp(it.chart.perDay) })).toBeVisible();
      await snap(page, `inbox-overview-${at}`);
      // Time to first touch, whole: its figures and both tables (scrolled inside their frames on a phone).
      const firstTouch = page.getByRole('region', { name: it.firstTouch.title });
      await firstTouch.scrollIntoViewIfNeeded();
      await expect(firstTouch.getByRole('table')).toHaveCount(2);
      await expect(firstTouch).toHaveScreenshot(`inbox-first-touch-${at}.png`);
      // The channels set up, at the overview's foot: mail and Slack, working.
      const channels = page.getByRole('region', { name: it.notificationChannels.title });
      await channels.scrollIntoViewIfNeeded();
      await expect(channels.getByRole('listitem')).toHaveCount(2);
      await expect(channels).toHaveScreenshot(`inbox-channels-${at}.png`);
      await page.goto(AGENDA_PATH);
      await expect(page.getByRole('heading', { level: 1, name: it.agenda.title })).toBeVisible();
      await expect(page.getByText('Ana Dental').filter({ visible: true }).first()).toBeVisible();
      await snap(page, `inbox-agenda-${at}`);
    });

    test(`a lead Alex called back, in ${locale} at ${vp.width} px`, async ({ page }) => {
      const it = inboxTexts[locale];
      await workerSession();
      await steady(page, vp.width, vp.height);
      await fixedInbox(page);
      await page.addInitScript((l) => window.localStorage.setItem('inbox-language', l), locale);
      await page.goto(inboxLeadPath(CALLBACK_VIEW.lead.id));
      // Booked at the second try, after no answer at the first: both tries, each with its conversation.
      const card = page.getByRole('region', { name: format(it.callback.title, { assistant: it.assistants.voice }) });
      await expect(card).toContainText(it.callback.states.booked);
      await expect(card.getByRole('listitem')).toHaveCount(2);
      await card.scrollIntoViewIfNeeded();
      await snap(page, `inbox-lead-callback-${at}`);
    });
  }
}
