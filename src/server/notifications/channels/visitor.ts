// The visitor's mail, in the language they booked in: the confirmation of their request (where
// SEND_VISITOR_CONFIRMATION turns it on), and the invitation to the call they picked, its changes, its
// reminders and, after a missed call, the offer to book again. It goes through the email's SMTP server,
// whenever one is set.
import { z } from 'zod';
import { isLocale } from '../../../shared/locale.ts';
import { createMailer, visitorMailOf } from '../email.ts';
import { defineChannel } from './channel.ts';
import { smtpVariables } from './email.ts';

export const visitorChannel = defineChannel({
  name: 'visitor',
  audience: 'visitor',
  variables: z
    .object({
      ...smtpVariables,
      SEND_VISITOR_CONFIRMATION: z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .default('false')
        .transform((v) => v === 'true'),
    })
    .superRefine((v, ctx) => {
      if (v.SEND_VISITOR_CONFIRMATION && !v.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'must be set along with SEND_VISITOR_CONFIRMATION=true' });
    }),
  // A visitor who picked a time asked for the invitation: it goes wherever mail can be sent.
  settings: (v) => (v.SMTP_URL && v.MAIL_FROM ? { smtpUrl: v.SMTP_URL, from: v.MAIL_FROM, confirmation: v.SEND_VISITOR_CONFIRMATION } : undefined),
  names: {
    en: { name: 'Confirmation to the visitor', phrase: 'the confirmation to visitors' },
    bg: { name: 'Потвърждение до посетителя', phrase: 'потвърждението до посетителите' },
  },
  sender(settings, context) {
    const mailer = createMailer(context.transport ?? settings.smtpUrl, settings.from);
    return {
      send: async (entry, facts) => {
        const manageUrl = await context.manageUrl(facts.lead.id, isLocale(facts.lead.locale) ? facts.lead.locale : 'en');
        return mailer.send({ ...visitorMailOf(entry, facts, manageUrl), to: facts.lead.email, id: entry.id });
      },
      close: () => mailer.close(),
    };
  },
});
