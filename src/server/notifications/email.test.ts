import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { operatorMail, visitorMail } from './email.ts';
import { emailChannel } from './channels/email.ts';
import { visitorChannel } from './channels/visitor.ts';
import type { OutboxEntry } from './outbox.ts';
import { STORED_LEAD } from '../testing/leads.ts';
import { useMailReceiver } from '../testing/receivers.ts';
import { business } from '../../content/site.ts';
import { escapeHtml } from './mail-parts.ts';

const lead = STORED_LEAD;
const url = `https://nexa-ai.example/admin/leads/${lead.id}`;
const at = new Date('2026-11-24T10:00:02.000Z');

describe('operatorMail', () => {
  it('summarises a new lead in English with the booking labels and links to the inbox', () => {
    const mail = operatorMail('lead.created', lead, 'en', url, at);
    expect(mail.subject).toBe('New discovery call request: Georgi, Ivanov <Auto> & Sons');
    expect(mail.text).toContain('Georgi from Ivanov <Auto> & Sons asked for a free discovery call.');
    expect(mail.text).toContain('Phone number: +359 87 123 4567');
    expect(mail.text).toContain('Service you are interested in: Call Automation Systems');
    expect(mail.text).toContain('Which solution fits you best?: Inbound Phone Caller (appointments & support)');
    expect(mail.text).toContain('Language of the request: Bulgarian');
    // Sofia's clock, whatever the server's zone: 10:00 UTC is 12:00 in Sofia in November.
    expect(mail.text).toContain('by 25 Nov 2026, 12:00 Sofia time.');
    expect(mail.text).toContain('Received: 24 Nov 2026, 12:00 Sofia time');
    expect(mail.text).toContain(`Open the request in the inbox: ${url}`);
    expect(mail.html).toContain('Ivanov &lt;Auto&gt; &amp; Sons');
    expect(mail.html).not.toContain('<Auto>');
    expect(mail.html).toMatch(new RegExp(`<a href="${url}" style="[^"]*">`));
  });

  it('shows the phone as typed, dialling its E.164 from the HTML, and as plain text where it has none', () => {
    const mail = operatorMail('lead.created', { ...lead, phone: '087 123 4567', phone_e164: '+359871234567' }, 'en', url, at);
    expect(mail.text).toContain('Phone number: 087 123 4567\n');
    expect(mail.html).toMatch(/<td style="[^"]*"><a href="tel:\+359871234567" style="[^"]*">087 123 4567<\/a><\/td>/);
    const without = operatorMail('lead.created', { ...lead, phone: '123456', phone_e164: null }, 'en', url, at);
    expect(without.html).toMatch(/<td style="[^"]*">123456<\/td>/);
    expect(without.html).not.toContain('tel:');
  });

  it('writes in Bulgarian for a Bulgarian operator, naming the service and solution as the Bulgarian dialog does', () => {
    const mail = operatorMail('lead.created', { ...lead, locale: 'en' }, 'bg', url, at);
    expect(mail.subject).toBe('Нова заявка за консултация: Georgi, Ivanov <Auto> & Sons');
    expect(mail.text).toContain(`${bookingTexts.bg.service}: ${bookingTexts.bg.services['Call Automation Systems']}`);
    expect(mail.text).toContain('Кое решение ви подхожда най-добре?: ');
    expect(mail.text).not.toContain('Inbound Phone Caller');
    expect(mail.text).toContain('Език на заявката: английски');
    expect(mail.text).toContain('до 25.11.2026 г., 12:00 ч. българско време.');
  });

  it('says how the lead came in and where from: the way, the campaign’s source (or the referring site) and its name', () => {
    const form = operatorMail('lead.created', { ...lead, source: 'form', utm_source: null, referrer_host: null, utm_campaign: null }, 'en', url, at);
    expect(form.text).toContain('Came through: The booking form\n');
    expect(form.text).not.toContain('Source:');
    const voice = operatorMail('lead.created', { ...lead, source: 'voice', utm_source: 'google', utm_campaign: 'spring' }, 'en', url, at);
    expect(voice.text).toContain('Came through: A call with Alex\nSource: google\nCampaign: spring\n');
    const chat = operatorMail('lead.created', { ...lead, source: 'chat', utm_source: null, referrer_host: 'facebook.com' }, 'bg', url, at);
    expect(chat.text).toContain('Дошла чрез: Чат с Лана\nИзточник: facebook.com\n');
  });

  it('gives a described need in place of a solution', () => {
    const mail = operatorMail('lead.created', { ...lead, service: 'Other', product: '', custom_service: 'Night-time calls' }, 'en', url, at);
    expect(mail.text).toContain('Describe the service you want to automate: Night-time calls');
    expect(mail.text).not.toContain('Which solution');
  });

  it('writes a stored <img onerror> and =HYPERLINK() as text in its HTML, whichever field holds them', () => {
    const hostile = {
      ...lead,
      first_name: '<img src=x onerror=alert(1)>',
      business_name: '=HYPERLINK("http://x","y")',
      service: 'Other',
      product: '',
      custom_service: '<script>alert(1)</script>"\'&',
    };
    const mail = operatorMail('lead.created', hostile, 'en', url, at);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('=HYPERLINK(&quot;http://x&quot;,&quot;y&quot;)');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    // The only elements are the mail's own.
    expect(new Set(mail.html.match(/<\/?([a-z]+)/g))).toEqual(new Set(['<div', '</div', '<p', '</p', '<table', '</table', '<tr', '</tr', '<th', '</th', '<td', '</td', '<a', '</a']));
    // The plain text and the subject are text already: they carry the name as it was typed.
    expect(mail.text).toContain('First name: <img src=x onerror=alert(1)>');
    expect(mail.subject).toBe('New discovery call request: <img src=x onerror=alert(1)>, =HYPERLINK("http://x","y")');
    // The visitor's confirmation greets by the name's letters alone, markup gone whole: nothing is left of this one.
    expect(visitorMail(hostile).html).toContain('Здравейте,</p>');
    expect(visitorMail({ ...hostile, first_name: '<b>Ana</b> <i>Maria</i>' }).text).toMatch(/^Здравейте, Ana Maria,\n/);
    expect(visitorMail(hostile).html).not.toContain('<img');
  });

  it('says in a reminder how long the lead has waited and how long is left', () => {
    const mail = operatorMail('lead.reminder', lead, 'en', url, new Date('2026-11-25T06:10:00.000Z'));
    expect(mail.subject).toBe('Still waiting for a call (20 h): Georgi, Ivanov <Auto> & Sons');
    expect(mail.text).toContain('has been waiting 20 h for a call back: 4 h left of the 24 we promised.');
  });
});

describe('visitorMail', () => {
  it('keeps a visitor\'s line break from forging a label line: the value\'s later lines are indented under its label', () => {
    const forged = { ...lead, first_name: 'Eve\nPhone number: +1 900 555 0100', service: 'Other', product: '', custom_service: 'one\r\ntwo\rthree\u2028four' };
    const { text } = operatorMail('lead.created', forged, 'en', url, at);
    expect(text).toContain('First name: Eve\n    Phone number: +1 900 555 0100\n');
    expect(text).toContain('Describe the service you want to automate: one\n    two\n    three\n    four\n');
    // Every line that starts with a label is one of the mail's own.
    const labelled = text.split('\n').filter((l) => /^\S[^:]*: /.test(l)).map((l) => l.slice(0, l.indexOf(':')));
    expect(labelled).not.toContain('Phone number'.concat(' ', '+1'));
    expect(labelled.filter((l) => l === 'Phone number')).toHaveLength(1);
  });

  it('greets the visitor by letters and name punctuation only, in no subject, or without a name when none is left', () => {
    const spam = { ...lead, locale: 'en', first_name: 'Win $1000 at https://evil.example now!!' };
    const mail = visitorMail(spam);
    expect(mail.subject).toBe(bookingTexts.en.thankYou.title);
    expect(mail.text).toMatch(/^Hello Win at httpsevil.example now,\n/);
    expect(mail.text).not.toMatch(/https:\/\/|\$|!/);
    expect(visitorMail({ ...lead, locale: 'en', first_name: "Mary-Jane O'Neil" }).text).toMatch(/^Hello Mary-Jane O'Neil,\n/);
    expect(visitorMail({ ...lead, locale: 'bg', first_name: '12345 <>' }).text).toMatch(/^Здравейте,\n/);
    expect(visitorMail({ ...lead, locale: 'en', first_name: 'A'.repeat(300) }).text).toMatch(/^Hello A{40},\n/);
  });

  it('ends with the signature, after the action it offers, and draws that action as a button', () => {
    const mail = visitorMail({ ...lead, locale: 'en' }, 'https://nexa-ai.example/meeting/x.y');
    const lines = mail.text.trim().split('\n\n');
    expect(lines.at(-2)).toBe(`${notificationTexts.en.meeting.pickAgain}: https://nexa-ai.example/meeting/x.y`);
    expect(lines.at(-1)).toBe(business.name);
    expect(mail.html.indexOf('meeting/x.y')).toBeLessThan(mail.html.indexOf(escapeHtml(business.name)));
    expect(mail.html).toMatch(/<a href="https:\/\/nexa-ai\.example\/meeting\/x\.y" style="display:inline-block;[^"]*background:#4f46e5/);
  });

  it('says what the thank-you panel says, in the language the visitor booked in', () => {
    for (const locale of ['en', 'bg'] as const) {
      const thanks = bookingTexts[locale].thankYou;
      const mail = visitorMail({ ...lead, locale });
      expect(mail.subject).toBe(thanks.title);
      for (const line of [thanks.review, thanks.callback, thanks.phoneHint]) expect(mail.text).toContain(line);
    }
    expect(visitorMail(lead).text).toMatch(/^Здравейте, Georgi,/);
  });
});

describe('the mail channels', () => {
  const smtp = useMailReceiver();
  const entry = (kind: OutboxEntry['kind'], channel: OutboxEntry['channel']) =>
    ({ id: '0f2d9a54-1c2b-4c8e-bf3a-7a9e5f0d1234', kind, channel }) as OutboxEntry;
  const context = {
    operatorLocale: 'en' as const,
    leadUrl: () => url,
    manageUrl: (id: string, locale: string) => Promise.resolve(`https://nexa-ai.example${locale === 'bg' ? '/bg' : ''}/meeting/${id}.signed`),
    now: () => at,
  };
  /** The two mail channels as the registry builds them (channels/email.ts, channels/visitor.ts). */
  const senders = () => {
    const email = emailChannel.sender({ smtpUrl: smtp.url, to: 'owner@nexa-ai.example', from: 'Nexa AI <site@nexa-ai.example>' }, context);
    const visitor = visitorChannel.sender({ smtpUrl: smtp.url, from: 'Nexa AI <site@nexa-ai.example>', confirmation: true }, context);
    return {
      email: email.send,
      visitor: visitor.send,
      close: () => {
        email.close?.();
        visitor.close?.();
      },
    };
  };

  it('mails the operator, answerable to the visitor, and the visitor, each with the delivery id', async () => {
    const mail = senders();
    expect(await mail.email(entry('lead.created', 'email'), { at, lead })).toEqual({ ok: true, statusCode: 250 });
    expect(await mail.visitor(entry('visitor.confirmation', 'visitor'), { at, lead })).toEqual({ ok: true, statusCode: 250 });
    mail.close();
    const [toOperator, toVisitor] = smtp.received.splice(0);
    expect(toOperator).toMatchObject({ from: 'site@nexa-ai.example', to: ['owner@nexa-ai.example'] });
    expect(toOperator!.raw).toMatch(/^Reply-To: georgi\.ivanov@example\.bg/m);
    expect(toOperator!.raw).toMatch(/^Message-ID: <0f2d9a54-1c2b-4c8e-bf3a-7a9e5f0d1234@nexa-ai\.example>/m);
    expect(toOperator!.raw).toMatch(/Content-Type: text\/html/);
    expect(toVisitor).toMatchObject({ to: ['georgi.ivanov@example.bg'] });
    expect(toVisitor!.raw).not.toMatch(/^Reply-To/m);
    // The link to the call's page, in the visitor's language: a time can be picked after the panel is closed.
    expect((await simpleParser(toVisitor!.raw)).text).toContain(`${notificationTexts.bg.meeting.pickAgain}: https://nexa-ai.example/bg/meeting/${lead.id}.signed`);
  });

  it('keeps a name with a line break in its subject, adding no header and no recipient', async () => {
    const mail = senders();
    const hostile = { ...lead, first_name: 'Georgi\r\nBcc: victim@example.com\r\n' };
    expect(await mail.email(entry('lead.created', 'email'), { at, lead: hostile })).toMatchObject({ ok: true });
    mail.close();
    const [received] = smtp.received.splice(0);
    expect(received!.to).toEqual(['owner@nexa-ai.example']);
    const headers = received!.raw.slice(0, received!.raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).toMatch(/^Subject: .*Georgi.*Bcc: victim@example\.com/m);
  });

  it('reports a refusal with its reply code', async () => {
    const mail = senders();
    smtp.refuse = 1;
    const outcome = await mail.email(entry('lead.created', 'email'), { at, lead });
    mail.close();
    expect(outcome).toMatchObject({ ok: false, statusCode: 451, error: expect.stringContaining('Try again later') });
  });
});
