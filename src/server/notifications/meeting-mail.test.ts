// The visitor's mails of a call that are not invitations: the reminder and, after a missed call, the
// offer to pick another time; in the visitor's language and zone, with no calendar part.
import { describe, expect, it } from 'vitest';
import { format } from '../../content/i18n/index.ts';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { STORED_LEAD } from '../testing/leads.ts';
import { visitorMeetingMail, type MeetingNotice } from './meeting-mail.ts';

const meeting: MeetingNotice = {
  id: '01a21c28-aee3-7e0d-a4ce-288b646dfbe4',
  leadId: STORED_LEAD.id,
  start: new Date('2026-12-01T08:30:00.000Z'),
  end: new Date('2026-12-01T09:00:00.000Z'),
  timeZone: 'Asia/Tokyo',
  sequence: 1,
  status: 'booked',
};
const manage = 'https://nexa-ai.example/meeting/x.y';
const at = new Date('2026-11-30T08:30:00.000Z');

describe('visitorMeetingMail', () => {
  it('reminds in the visitor’s language, on their clock with Sofia’s, with the link to change the call and no invitation', () => {
    const mail = visitorMeetingMail('meeting.reminder', meeting, { ...STORED_LEAD, locale: 'en' }, manage, at);
    expect(mail.subject).toBe('Reminder: your free call Tuesday 1 December at 17:30');
    expect(mail.text).toContain('A reminder: your free discovery call is Tuesday 1 December at 17:30 (Japan Standard Time, GMT+9).');
    expect(mail.text).toContain('That is 10:30 in Sofia.');
    expect(mail.text).toContain(`${notificationTexts.en.meeting.manage}: ${manage}`);
    expect(mail.icalEvent).toBeUndefined();
  });

  it('offers a missed call another time, in Bulgarian, without a calendar part', () => {
    const mail = visitorMeetingMail('meeting.no_show', { ...meeting, status: 'no_show' }, { ...STORED_LEAD, locale: 'bg' }, manage, at);
    expect(mail.subject).toBe(notificationTexts.bg.meeting.noShow.subject);
    expect(mail.text).toContain('Обадихме ви се за разговора, записан за ');
    // A weekday after "в" reads wrong in Bulgarian ("в вторник"); the sentence names the call instead.
    expect(mail.text).not.toMatch(/ в (понеделник|вторник|сряда|четвъртък|петък|събота|неделя)/);
    const en = visitorMeetingMail('meeting.no_show', { ...meeting, status: 'no_show' }, { ...STORED_LEAD, locale: 'en' }, manage, at);
    expect(en.text).toMatch(/We called you on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ at \d\d:\d\d( \([^)]+\))? but could not reach you\./);
    expect(mail.text).toContain(`${notificationTexts.bg.meeting.pickAgain}: ${manage}`);
    expect(mail.text).not.toContain(notificationTexts.bg.meeting.google);
    expect(mail.icalEvent).toBeUndefined();
  });
});

describe('the phone in a visitor’s mails', () => {
  // A field anyone can fill, for a mail to an address they chose: its words must not reach the mail.
  const typed = 'call 0888 123 456\nor visit https://evil.example';

  it('is only the number we dial, on one line, in the text and the calendar entry', () => {
    const mail = visitorMeetingMail('meeting.booked', meeting, { ...STORED_LEAD, locale: 'en', phone: typed, phone_e164: '+359888123456' }, manage, at);
    expect(mail.text).toContain(format(notificationTexts.en.meeting.callYou, { phone: '+359888123456' }));
    const unfolded = mail.icalEvent!.content.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('+359888123456');
    for (const part of [mail.subject, mail.text, mail.html, unfolded]) expect(part).not.toContain('evil.example');
  });

  it('is left out where there is no such number', () => {
    const mail = visitorMeetingMail('meeting.booked', meeting, { ...STORED_LEAD, locale: 'bg', phone: typed, phone_e164: null }, manage, at);
    expect(mail.text).not.toContain(notificationTexts.bg.meeting.callYou.split('{phone}')[0]);
    for (const part of [mail.text, mail.html, mail.icalEvent!.content]) expect(part).not.toContain('evil.example');
  });
});
