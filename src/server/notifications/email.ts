// The email channels, through nodemailer over SMTP_URL: a short summary of each lead for the operator,
// in their language, answerable straight to the visitor (Reply-To) and linking to the lead in the inbox;
// and, where turned on, a confirmation to the visitor in the language they booked in, saying what the
// thank-you panel said. One module per concern, after epic-stack's email.server.ts.
import nodemailer, { type Transporter } from 'nodemailer';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { dictionaries, format } from '../../content/i18n/index.ts';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { business } from '../../content/site.ts';
import { isService, type Product } from '../../shared/booking.ts';
import { dateTimeText } from '../../shared/inbox-time.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';
import type { Lead } from '../leads/lead-store.ts';
import type { Send } from './deliverer.ts';
import type { OutboxKind } from '../../shared/inbox.ts';
import { callbackClock, callbackDeadline } from './reminders.ts';

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A time as the inbox shows it, Sofia's on the 24-hour clock, with the zone named: a mail is read anywhere. */
const readableTime = (at: Date, locale: Locale) => format(notificationTexts[locale].sofiaTime, { time: dateTimeText(at, locale) });

/** Every way a mail reader may break a line: CR LF, CR, LF, NEL and the Unicode line and paragraph separators. */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/;

/** A value whose line breaks are spaces, for a sentence or a subject. */
const oneLine = (value: string) => value.split(LINE_BREAKS).join(' ');

/**
 * A value for the plain-text part, its later lines indented under its label: a visitor's line break
 * cannot start a line of its own that reads as another label (`Eve` then `Phone number: …`).
 */
const indentedLines = (value: string) => value.split(LINE_BREAKS).join('\n    ');

/**
 * A visitor's name as the confirmation greets them: letters, spaces and the punctuation of names only,
 * at most 40 characters, so the mail the site sends to an address anyone may type carries no one's
 * message or link. Undefined when nothing of it is left.
 */
export function greetedName(name: string): string | undefined {
  const kept = name
    .replace(/[^\p{L}\p{M}\s'’.-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
    .trim();
  return /\p{L}/u.test(kept) ? kept : undefined;
}

/** A label and its value, and where the value links to in the HTML part, if anywhere. */
type Row = [label: string, value: string, href?: string];

/** Paragraphs, then label–value rows, then a link: the shape of every mail here. */
function compose(subject: string, paragraphs: string[], rows: Row[], link?: [string, string]): Mail {
  const text = [
    ...paragraphs,
    rows.map(([label, value]) => `${label}: ${indentedLines(value)}`).join('\n'),
    ...(link ? [`${link[0]}: ${link[1]}`] : []),
  ]
    .filter(Boolean)
    .join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    rows.length
      ? `<table>${rows
          .map(([l, v, href]) => `<tr><th align="left">${escapeHtml(l)}</th><td>${href ? `<a href="${escapeHtml(href)}">${escapeHtml(v)}</a>` : escapeHtml(v)}</td></tr>`)
          .join('')}</table>`
      : '',
    link ? `<p><a href="${escapeHtml(link[1])}">${escapeHtml(link[0])}</a></p>` : '',
  ].join('\n');
  return { subject, text: `${text}\n`, html };
}

/** The operator's mail of a new lead or of its reminder, in `locale`, with the booking dialog's labels. */
export function operatorMail(kind: Extract<OutboxKind, 'lead.created' | 'lead.reminder'>, lead: Lead, locale: Locale, leadUrl: string, now: Date): Mail {
  const t = notificationTexts[locale];
  const labels = bookingTexts[locale];
  const products: Record<string, string> = dictionaries[locale].products;
  // On one line in the subject and the sentences: a line break there would start a line of its own.
  const names = { name: oneLine(lead.first_name), business: oneLine(lead.business_name) };
  const clock = callbackClock(lead.created_at, now);
  const [subject, intro] =
    kind === 'lead.reminder'
      ? [format(t.reminder.subject, { ...names, ...clock }), format(t.reminder.intro, { ...names, ...clock })]
      : [format(t.newLead.subject, names), format(t.newLead.intro, names)];
  const deadline = format(t.newLead.deadline, { deadline: readableTime(callbackDeadline(lead.created_at), locale) });
  const rows: Row[] = [
    [labels.firstName, lead.first_name],
    [labels.email, lead.email],
    // As the visitor typed it; a tap on it dials its E.164, where it has one.
    lead.phone_e164 ? [labels.phone, lead.phone, `tel:${lead.phone_e164}`] : [labels.phone, lead.phone],
    [labels.businessName, lead.business_name],
    [labels.service, isService(lead.service) ? labels.services[lead.service] : lead.service],
  ];
  if (lead.product) rows.push([labels.product, products[lead.product as Product] ?? lead.product]);
  if (lead.custom_service) rows.push([labels.customService, lead.custom_service]);
  rows.push([t.language, isLocale(lead.locale) ? t.languages[lead.locale] : lead.locale]);
  rows.push([t.received, readableTime(new Date(lead.created_at), locale)]);
  return compose(subject, [intro, deadline], rows, [t.open, leadUrl]);
}

/** The visitor's confirmation, in the language they booked in: the thank-you panel's words. */
export function visitorMail(lead: Lead): Mail {
  const locale: Locale = isLocale(lead.locale) ? lead.locale : 'en';
  const thanks = bookingTexts[locale].thankYou;
  const name = greetedName(lead.first_name);
  const greeting = name ? format(notificationTexts[locale].greeting, { name }) : notificationTexts[locale].greetingWithoutName;
  return compose(thanks.title, [greeting, thanks.review, thanks.callback, thanks.phoneHint, business.name], []);
}

export interface EmailOptions {
  /** SMTP_URL, or a transport of a test's own. */
  transport: string | Transporter;
  from: string;
  to: string;
  operatorLocale: Locale;
  leadUrl: (id: string) => string;
  now?: () => Date;
}

/** The SMTP reply code nodemailer hands back with an answer or an error (250, 550…). */
const replyCode = (value: unknown): number | undefined => {
  const code = (value as { responseCode?: unknown } | undefined)?.responseCode;
  if (typeof code === 'number') return code;
  const response = (value as { response?: unknown } | undefined)?.response;
  const leading = typeof response === 'string' ? /^(\d{3})/.exec(response)?.[1] : undefined;
  return leading ? Number(leading) : undefined;
};

export interface EmailSenders {
  /** The operator's mails: new leads and reminders. */
  email: Send;
  /** The visitor's confirmation. */
  visitor: Send;
  close(): void;
}

export function createEmailSenders(options: EmailOptions): EmailSenders {
  const transport = typeof options.transport === 'string' ? nodemailer.createTransport(options.transport) : options.transport;
  const now = options.now ?? (() => new Date());
  const send = async (message: Mail & { to: string; replyTo?: string; id: string }) => {
    try {
      const info: unknown = await transport.sendMail({
        from: options.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
        // The delivery's stable id, so a repeat is recognisable in the mailbox too.
        messageId: `<${message.id}@${new URL(business.website).hostname}>`,
      });
      return { ok: true, statusCode: replyCode(info) };
    } catch (err) {
      return { ok: false, statusCode: replyCode(err), error: err instanceof Error ? err.message : String(err) };
    }
  };
  return {
    email: (entry, lead) => {
      const kind = entry.kind === 'lead.reminder' ? 'lead.reminder' : 'lead.created';
      const mail = operatorMail(kind, lead, options.operatorLocale, options.leadUrl(lead.id), now());
      return send({ ...mail, to: options.to, replyTo: lead.email, id: entry.id });
    },
    visitor: (entry, lead) => send({ ...visitorMail(lead), to: lead.email, id: entry.id }),
    close: () => transport.close(),
  };
}
