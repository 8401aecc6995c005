// The inbox's agenda on a phone and a desktop, in both languages: a call a visitor booked, with its lead,
// its visitor's own time and a link to dial; a call ahead cannot be marked yet and says from when; once
// begun, marked held, and another a no-show with the offer to book again, by keyboard alone, and the
// no-show undone; the call ahead cancelled for the visitor; the operator's calendar address beside; axe
// on each state.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { format } from '../src/content/i18n/format.ts';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import type { MeetingSlotsJson } from '../src/shared/meetings.ts';
import { expectAxeClean, useLanguage, workerSession } from './inbox-session.ts';
import { beginMeetingOf, uniqueEmail } from './leads.ts';
import { viewports } from './pages.ts';

// One after another: each books two calls of its own from one list of slots.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context }) => context.addCookies(await workerSession()));

/** A request and a call booked through the public API by a visitor in Tokyo; its slot a few days ahead. */
async function bookedCall(request: APIRequestContext, name: string, index: number) {
  const email = uniqueEmail(name.toLowerCase());
  const lead = await request.post('/api/discovery-calls', {
    data: { first_name: name, email, phone: '+359 88 555 0155', business_name: `${name} Bakery`, service: 'Other', product: '', custom_service: 'A chatbot', locale: 'en' },
  });
  const { meetingToken } = (await lead.json()) as { meetingToken: string };
  const { slots } = (await (await request.get('/api/meeting-slots?tz=Asia/Tokyo')).json()) as MeetingSlotsJson;
  const slot = slots[Math.floor(slots.length / 6) + index]!;
  expect((await request.post('/api/meetings', { data: { token: meetingToken, start: slot.start, timeZone: 'Asia/Tokyo' } })).status()).toBe(201);
  return email;
}

let run = 0;
for (const locale of ['en', 'bg'] as const) {
  const t = inboxTexts[locale];
  for (const vp of viewports) {
    test(`lists the booked calls and marks them held or a no-show, in ${locale} on a ${vp.name}`, async ({ page, request }) => {
      test.slow();
      run++;
      const [kept, missed, ahead] = [`Kept${run}${locale}`, `Missed${run}${locale}`, `Ahead${run}${locale}`];
      const emails = [await bookedCall(request, kept, run * 3), await bookedCall(request, missed, run * 3 + 1)];
      // Two calls under way, one still ahead (a few days on).
      emails.forEach((email, i) => beginMeetingOf(email, 5 + i));
      await bookedCall(request, ahead, run * 3 + 2);
      await useLanguage(page, locale);
      await page.setViewportSize(vp);
      await page.goto('/admin');
      await page.getByRole('navigation', { name: t.nav.label }).getByRole('link', { name: t.nav.agenda }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.agenda.title })).toBeVisible();
      const item = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(name) }) });
      await expect(item(kept)).toContainText(t.agenda.statuses.booked);
      await expect(item(kept).getByRole('link', { name: format(t.agenda.call, { phone: '+359 88 555 0155' }) })).toHaveAttribute('href', 'tel:+359885550155');
      // The visitor's own clock beside Sofia's.
      await expect(item(kept)).toContainText('+9');
      // The operator's own calendar address, to subscribe to.
      await expect(page.getByLabel(t.agenda.feed.label)).toHaveValue(/^https?:\/\/.+\/calendar\/[\w.-]+\.ics$/);
      await expectAxeClean(page, `agenda ${locale} ${vp.name}`);
      // A call ahead cannot be marked before it begins, and says from when.
      await expect(item(ahead).getByRole('button', { name: t.agenda.markHeld })).toHaveCount(0);
      await expect(item(ahead)).toContainText(t.agenda.fromStart.split('{time}')[0]!);

      await item(kept).getByRole('button', { name: t.agenda.markHeld }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: format(t.agenda.markedHeld, { name: kept }) })).toBeVisible();
      await expect(item(kept)).toContainText(t.agenda.statuses.held);

      await item(missed).getByRole('button', { name: t.agenda.markNoShow }).focus();
      await page.keyboard.press('Enter');
      await expect(item(missed).getByRole('checkbox', { name: t.agenda.offer })).toBeChecked();
      await expectAxeClean(page, `agenda no-show ${locale} ${vp.name}`);
      await item(missed).getByRole('button', { name: t.agenda.confirmNoShow }).focus();
      await page.keyboard.press('Enter');
      await expect(item(missed)).toContainText(t.agenda.statuses.no_show);
      await expect(page.getByRole('status')).toContainText(format(t.agenda.markedNoShowOffer, { name: missed, minutes: 10 }));
      await expect(item(missed).getByRole('button', { name: t.agenda.markHeld })).toHaveCount(0);
      await expectAxeClean(page, `agenda marked ${locale} ${vp.name}`);

      // Undone within its ten minutes: booked again, to be marked anew.
      await item(missed).getByRole('button', { name: t.agenda.undo }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status')).toContainText(format(t.agenda.undone, { name: missed }));
      await expect(item(missed)).toContainText(t.agenda.statuses.booked);
      await expect(item(missed).getByRole('button', { name: t.agenda.markHeld })).toBeVisible();

      // The call ahead cancelled for the visitor, after a confirmation, by keyboard.
      const m = t.lead.meeting;
      await item(ahead).getByRole('button', { name: m.cancel }).focus();
      await page.keyboard.press('Enter');
      await expect(item(ahead)).toContainText(m.confirm.split('{when}')[0]!.trim());
      await expectAxeClean(page, `agenda cancelling ${locale} ${vp.name}`);
      await item(ahead).getByRole('button', { name: m.yes }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status')).toContainText(m.cancelled);
      // Off the agenda, whose calls are the ones to make or mark.
      await expect(item(ahead)).toHaveCount(0);
    });
  }
}
