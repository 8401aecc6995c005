// Mail, through nodemailer over SMTP_URL, for the two channels that send it (channels/email.ts and
// channels/visitor.ts): a short summary of each lead for the operator, in their language, answerable
// straight to the visitor (Reply-To) and linking to the lead in the inbox; a confirmation to the visitor
// in the language they booked in, saying what the thank-you panel said; and the mails of a meeting
// (meeting-mail.ts). One module per concern, after epic-stack's email.server.ts.
import nodemailer, { type Transporter } from 'nodemailer';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { format } from '../../content/i18n/index.ts';
import { isMeetingKind, visitorMeetingMail } from './meeting-mail.ts';
import { compose, greetedName, type Mail } from './mail-parts.ts';
import { leadNotice, operatorNotice, type OperatorNotice } from './operator-notice.ts';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { business } from '../../content/site.ts';
import { isLocale, type Locale } from '../../shared/locale.ts';
import type { Lead } from '../leads/lead-store.ts';
import type { Facts } from './facts.ts';
import type { OutboxEntry, SendOutcome } from './outbox.ts';
import type { OutboxKind } from '../../shared/inbox.ts';

/** A notice to the operator as a mail: its title the subject, then its sentences, its rows and the link to the lead. */
const noticeMail = (notice: OperatorNotice): Mail => compose(notice.title, notice.paragraphs, notice.rows, [notice.link]);

/** The operator's mail of a new lead or of its reminder, in `locale`, with the booking dialog's labels. */
export const operatorMail = (kind: Extract<OutboxKind, 'lead.created' | 'lead.reminder'>, lead: Lead, locale: Locale, leadUrl: string, now: Date): Mail =>
  noticeMail(leadNotice(kind, lead, locale, leadUrl, now));

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

/** The SMTP reply code nodemailer hands back with an answer or an error (250, 550…). */
const replyCode = (value: unknown): number | undefined => {
  const code = (value as { responseCode?: unknown } | undefined)?.responseCode;
  if (typeof code === 'number') return code;
  const response = (value as { response?: unknown } | undefined)?.response;
  const leading = typeof response === 'string' ? /^(\d{3})/.exec(response)?.[1] : undefined;
  return leading ? Number(leading) : undefined;
};

/** A mail to send: what it says, to whom, and the delivery's id (its Message-ID). */
export type OutgoingMail = Mail & { to: string; replyTo?: string; id: string; icalEvent?: { method: string; content: string } };

export interface Mailer {
  send(message: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

/** Sends mails from `from` through SMTP_URL's server (or a test's transport), each with its reply code. */
export function createMailer(transport: string | Transporter, from: string): Mailer {
  const smtp = typeof transport === 'string' ? nodemailer.createTransport(transport) : transport;
  return {
    async send(message) {
      try {
        const info: unknown = await smtp.sendMail({
          from,
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
    },
    close: () => smtp.close(),
  };
}

// What each mail says is the entry's facts, as they were when it was written (facts.ts): every attempt
// sends the same words, and the calendar part the same version of the meeting.

/** The operator's mail of an entry: a new lead, its reminder, or a change of its meeting. */
export const operatorMailOf = (entry: Pick<OutboxEntry, 'kind'>, facts: Facts, locale: Locale, leadUrl: string): Mail =>
  noticeMail(operatorNotice(entry.kind, facts, locale, leadUrl));

/** The visitor's mail of an entry: the confirmation, or the invitation and what follows it. */
export function visitorMailOf(entry: Pick<OutboxEntry, 'kind'>, { lead, meeting, at }: Facts, manageUrl: string): Mail & { icalEvent?: { method: string; content: string } } {
  if (meeting && isMeetingKind(entry.kind)) return visitorMeetingMail(entry.kind, meeting, lead, manageUrl, at);
  return visitorMail(lead, manageUrl);
}
