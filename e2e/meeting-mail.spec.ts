// A call picked in the browser arrives in the visitor's mailbox as a calendar invitation, at the instant
// chosen; moved from the link in that mail, it arrives again under the same UID with SEQUENCE 1; cancelled,
// as METHOD:CANCEL. On the server with mail (the SMTP stand-in keeps each message: mock-smtp.ts), the
// visitor in New York, the mails read back by a mail parser and a calendar parser.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import ical, { type VEvent } from 'node-ical';
import { pageTexts } from '../src/content/i18n/pages.ts';
import { fillUpToStep3, openBooking, sendBooking } from './book.ts';
import { uniqueEmail } from './leads.ts';
import { languages } from './pages.ts';
import { MAIL_DIR, VOICE_URL } from './servers.ts';

test.use({ baseURL: VOICE_URL, timezoneId: 'America/New_York' });

interface Invitation {
  method: string;
  uid: string;
  sequence: number;
  start: string;
  text: string;
}

/** The invitations mailed to `to` so far, oldest first: each mail's calendar part, read as a calendar app reads it. */
async function invitationsTo(to: string): Promise<Invitation[]> {
  const found: Invitation[] = [];
  for (const file of fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort() : []) {
    const raw = fs.readFileSync(path.join(MAIL_DIR, file), 'utf8');
    if (!raw.includes(to)) continue;
    const mail = await simpleParser(raw);
    const calendar = mail.attachments.find((a) => a.contentType === 'text/calendar')?.content.toString('utf8');
    if (!calendar) continue;
    const event = Object.values(ical.sync.parseICS(calendar)).find((c): c is VEvent => c?.type === 'VEVENT')!;
    found.push({
      method: /^METHOD:(\w+)/m.exec(calendar)?.[1] ?? '',
      uid: event.uid,
      sequence: Number(event.sequence),
      start: new Date(event.start!).toISOString(),
      text: mail.text ?? '',
    });
  }
  return found;
}

async function nthInvitation(to: string, n: number): Promise<Invitation> {
  await expect.poll(async () => (await invitationsTo(to)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(n);
  return (await invitationsTo(to))[n - 1]!;
}

/** Chooses the time of a radio in the list and books it with the picker's button. */
async function pickAt(page: Page, index: number, bookLabel: string): Promise<string> {
  const radios = page.getByRole('radio');
  await expect(radios.first()).toBeAttached();
  const value = (await radios.nth(index).getAttribute('value'))!;
  await page.locator('label', { has: page.locator(`input[value="${value}"]`) }).click();
  await page.getByRole('button', { name: bookLabel }).click();
  return value;
}

const { locale, t } = languages[0];
const p = pageTexts[locale].meeting;

test('the call picked in the browser is invited, moved and cancelled by mail, under one UID', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('mailed-call');
  await page.goto('/');
  await openBooking(page, t);
  await fillUpToStep3(page, t, { firstName: 'Nora', email, phone: '+359 88 555 0144', business: 'Nora Studio' });
  await sendBooking(page, t);
  await page.getByRole('dialog').getByRole('button', { name: t.booking.meeting.pick }).click();
  const chosen = await pickAt(page, 3, t.booking.meeting.book);
  // The panel says the invitation is on its way: this server sends mail.
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: t.booking.meeting.invitation })).toBeVisible();

  const invited = await nthInvitation(email, 1);
  expect(invited).toMatchObject({ method: 'REQUEST', sequence: 0, start: chosen });
  // The public origin is still the placeholder here: the mail links to this server, and the link opens.
  const link = /(https?:\/\/[^\s/]+)\/meeting\/[\w.-]+/.exec(invited.text);
  expect(link?.[1]).toBe(new URL(page.url()).origin);

  // From the mail's link: another time.
  await page.goto(link![0]);
  await page.getByRole('button', { name: p.reschedule }).click();
  const moved = await pickAt(page, 7, t.booking.meeting.book);
  await expect(page.getByRole('status').filter({ hasText: p.moved })).toBeVisible();
  const update = await nthInvitation(email, 2);
  expect(update).toMatchObject({ method: 'REQUEST', uid: invited.uid, sequence: 1, start: moved });

  // And cancelled.
  await page.getByRole('button', { name: p.cancel }).click();
  await page.getByRole('button', { name: p.yesCancel }).click();
  await expect(page.getByRole('button', { name: p.pick })).toBeVisible();
  const cancel = await nthInvitation(email, 3);
  expect(cancel).toMatchObject({ method: 'CANCEL', uid: invited.uid, sequence: 2, start: moved });
});
