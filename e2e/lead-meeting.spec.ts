// A lead's booked call on its page in the inbox, in both languages on a phone: the time on Sofia's clock
// and on the visitor's own (Tokyo's), the visitor's page to move it, and cancelling it after a
// confirmation, by keyboard; axe on each state.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import { inboxLeadPath } from '../src/shared/inbox.ts';
import type { MeetingSlotsJson } from '../src/shared/meetings.ts';
import { expectAxeClean, useLanguage, workerSession } from './inbox-session.ts';
import { uniqueEmail } from './leads.ts';

// One after another: each books a call of its own from one list of slots.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context }) => context.addCookies(await workerSession()));

async function bookedCall(request: APIRequestContext, tag: string, fromEnd: number) {
  const lead = await request.post('/api/discovery-calls', {
    data: { first_name: 'Haruto', email: uniqueEmail(tag), phone: '+359 88 555 0133', business_name: 'Haruto Sushi', service: 'Other', product: '', custom_service: 'A chatbot', locale: 'en' },
  });
  const { id, meetingToken } = (await lead.json()) as { id: string; meetingToken: string };
  const { slots } = (await (await request.get('/api/meeting-slots?tz=Asia/Tokyo')).json()) as MeetingSlotsJson;
  const slot = slots.at(-3 - fromEnd)!;
  expect((await request.post('/api/meetings', { data: { token: meetingToken, start: slot.start, timeZone: 'Asia/Tokyo' } })).status()).toBe(201);
  return { id, token: meetingToken };
}

let run = 0;
for (const locale of ['en', 'bg'] as const) {
  const t = inboxTexts[locale];
  const m = t.lead.meeting;
  test(`shows the lead's call and cancels it for the visitor, in ${locale} on a phone`, async ({ page, request }) => {
    run++;
    const call = await bookedCall(request, `lead-meeting-${locale}`, run);
    await useLanguage(page, locale);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(inboxLeadPath(call.id));
    const card = page.getByRole('region', { name: m.title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(t.agenda.statuses.booked);
    await expect(card).toContainText('+9');
    await expect(card.getByRole('link', { name: new RegExp(m.move) })).toHaveAttribute('href', new RegExp(`/meeting/${call.token.replace('.', '\\.')}$`));
    await expectAxeClean(page, `lead meeting ${locale}`);

    await card.getByRole('button', { name: m.cancel }).focus();
    await page.keyboard.press('Enter');
    await expect(card).toContainText(m.confirm.split('{when}')[0]!.trim());
    await expectAxeClean(page, `lead meeting confirm ${locale}`);
    await card.getByRole('button', { name: m.yes }).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('status')).toHaveText(m.cancelled);
    await expect(card).toContainText(t.agenda.statuses.cancelled);
    await expect(card.getByRole('button', { name: m.cancel })).toHaveCount(0);
    // The lead waits for a call again.
    await expect(page.getByRole('button', { name: t.statuses.pending, pressed: true }).or(page.getByRole('radio', { name: t.statuses.pending, checked: true }))).toBeVisible();
  });
}
