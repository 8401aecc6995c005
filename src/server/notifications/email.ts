// The email channels, through nodemailer over SMTP_URL: a short summary of each lead for the operator,
// in their language, answerable straight to the visitor (Reply-To) and linking to the lead in the inbox;
// and, where turned on, a confirmation to the visitor in the language they booked in, saying what the
// thank-you panel said; and the mails of a meeting (meeting-mail.ts). One module per concern, after
// epic-stack's email.server.ts.
import nodemailer, { type Transporter } from 'nodemailer';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { format } from '../../content/i18n/index.ts';
import { isMeetingKind, operatorMeetingMail, visitorMeetingMail } from './meeting-mail.ts';
import { compose, greetedName, leadNames, leadRows, readableTime, type Mail } from './mail-parts.ts';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { business } from '../../content/site.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';
import type { Lead } from '../leads/lead-store.ts';
import type { Send } from './deliverer.ts';
import type { OutboxKind } from '../../shared/inbox.ts';
import { callbackClock, callbackDeadline } from './reminders.ts';

/** The operator's mail of a new lead or of its reminder, in `locale`, with the booking dialog's labels. */
export function operatorMail(kind: Extract<OutboxKind, 'lead.created' | 'lead.reminder'>, lead: Lead, locale: Locale, leadUrl: string, now: Date): Mail {
  const t = notificationTexts[locale];
  // On one line in the subject and the sentences: a line break there would start a line of its own.
  const names = leadNames(lead);
  const clock = callbackClock(lead.created_at, now);
  const [subject, intro] =
    kind === 'lead.reminder'
      ? [format(t.reminder.subject, { ...names, ...clock }), format(t.reminder.intro, { ...names, ...clock })]
      : [format(t.newLead.subject, names), format(t.newLead.intro, names)];
  const deadline = format(t.newLead.deadline, { deadline: readableTime(callbackDeadline(lead.created_at), locale) });
  const rows = leadRows(lead, locale);
  rows.push([t.language, isLocale(lead.locale) ? t.languages[lead.locale] : lead.locale]);
  rows.push([t.received, readableTime(new Date(lead.created_at), locale)]);
  return compose(subject, [intro, deadline], rows, [[t.open, leadUrl]]);
}

/**
 * The visitor's confirmation, in the language they booked in: the thank-you panel's words, and the link
 * to their call's page, where they pick a time whenever they like (the panel may be long closed).
 */
export function visitorMail(lead: Lead, pickUrl?: string): Mail {
  const locale: Locale = isLocale(lead.locale) ? lead.locale : 'en';
  const thanks = bookingTexts[locale].thankYou;
  const name = greetedName(lead.first_name);
  const greeting = name ? format(notificationTexts[locale].greeting, { name }) : notificationTexts[locale].greetingWithoutName;
  return compose(thanks.title, [greeting, thanks.review, thanks.callback, thanks.phoneHint], [], pickUrl ? [[notificationTexts[locale].meeting.pickAgain, pickUrl]] : [], business.name);
}

/** The kinds the operator's channels announce of a meeting. */
const OPERATOR_MEETING_KINDS = ['meeting.booked', 'meeting.rescheduled', 'meeting.cancelled'] as const;
const isOperatorMeetingKind = (kind: OutboxKind): kind is (typeof OPERATOR_MEETING_KINDS)[number] => (OPERATOR_MEETING_KINDS as readonly string[]).includes(kind);

export interface EmailOptions {
  /** SMTP_URL, or a transport of a test's own. */
  transport: string | Transporter;
  from: string;
  to: string;
  operatorLocale: Locale;
  leadUrl: (id: string) => string;
  /** The link to a lead's meeting page, in the lead's language (signed: meetings/meeting-token.ts). */
  manageUrl: (leadId: string, locale: Locale) => Promise<string>;
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
  const send = async (message: Mail & { to: string; replyTo?: string; id: string; icalEvent?: { method: string; content: string } }) => {
    try {
      const info: unknown = await transport.sendMail({
        from: options.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
        // An invitation as a text/calendar part with its METHOD: mail clients offer to add it.
        ...(message.icalEvent ? { icalEvent: { method: message.icalEvent.method, content: message.icalEvent.content, filename: 'invitation.ics' } } : {}),
        // The delivery's stable id, so a repeat is recognisable in the mailbox too.
        messageId: `<${message.id}@${new URL(business.website).hostname}>`,
      });
      return { ok: true, statusCode: replyCode(info) };
    } catch (err) {
      return { ok: false, statusCode: replyCode(err), error: err instanceof Error ? err.message : String(err) };
    }
  };
  // What each mail says is the entry's facts, as they were when it was written (facts.ts): every
  // attempt sends the same words, and the calendar part the same version of the meeting.
  return {
    email: (entry, { lead, meeting, at }) => {
      if (meeting && isOperatorMeetingKind(entry.kind)) {
        const mail = operatorMeetingMail(entry.kind, meeting, lead, options.operatorLocale, options.leadUrl(lead.id));
        return send({ ...mail, to: options.to, replyTo: lead.email, id: entry.id });
      }
      const kind = entry.kind === 'lead.reminder' ? 'lead.reminder' : 'lead.created';
      const mail = operatorMail(kind, lead, options.operatorLocale, options.leadUrl(lead.id), at);
      return send({ ...mail, to: options.to, replyTo: lead.email, id: entry.id });
    },
    visitor: async (entry, { lead, meeting, at }) => {
      const manageUrl = await options.manageUrl(lead.id, isLocale(lead.locale) ? lead.locale : 'en');
      if (meeting && isMeetingKind(entry.kind)) return send({ ...visitorMeetingMail(entry.kind, meeting, lead, manageUrl, at), to: lead.email, id: entry.id });
      return send({ ...visitorMail(lead, manageUrl), to: lead.email, id: entry.id });
    },
    close: () => transport.close(),
  };
}
