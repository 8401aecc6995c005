// The agency's email: each new lead, its reminder and its meeting's changes, mailed through an SMTP
// server to LEAD_NOTIFY_EMAIL in the operator's language, answerable straight to the visitor
// (Reply-To) and linking to the lead in the inbox (the mails are composed in ../email.ts).
import { z } from 'zod';
import { createMailer, operatorMailOf } from '../email.ts';
import { defineChannel } from './channel.ts';

/** The SMTP server and the sender's address, which the visitor's mail (visitor.ts) uses too. */
export const smtpVariables = {
  // smtps://user:password@host:465, or smtp://host:587 with STARTTLS.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  // An address, or a name with it: `Nexa AI <leads@nexa-ai.example>`.
  MAIL_FROM: z.string().regex(/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/, 'must be an email address, or Name <address>').optional(),
};

export const emailChannel = defineChannel({
  name: 'email',
  audience: 'operator',
  variables: z.object({ ...smtpVariables, LEAD_NOTIFY_EMAIL: z.email('must be an email address').optional() }),
  companions: [
    ['SMTP_URL', 'LEAD_NOTIFY_EMAIL'],
    ['SMTP_URL', 'MAIL_FROM'],
    ['LEAD_NOTIFY_EMAIL', 'SMTP_URL'],
    ['MAIL_FROM', 'SMTP_URL'],
  ],
  settings: (v) => (v.SMTP_URL && v.LEAD_NOTIFY_EMAIL && v.MAIL_FROM ? { smtpUrl: v.SMTP_URL, to: v.LEAD_NOTIFY_EMAIL, from: v.MAIL_FROM } : undefined),
  names: {
    en: { name: 'Email to the agency', phrase: 'the email to the agency' },
    bg: { name: 'Имейл до агенцията', phrase: 'имейла до агенцията' },
  },
  sender(settings, context) {
    const mailer = createMailer(context.transport ?? settings.smtpUrl, settings.from);
    return {
      send: (entry, facts) =>
        mailer.send({ ...operatorMailOf(entry, facts, context.operatorLocale, context.leadUrl(facts.lead.id)), to: settings.to, replyTo: facts.lead.email, id: entry.id }),
      close: () => mailer.close(),
    };
  },
});
