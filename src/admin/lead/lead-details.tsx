// Every field of the lead, the contact ones as links (a one-press call, an email).
import type { ReactNode } from 'react';
import { format } from '../../content/i18n/format.ts';
import type { LeadView } from '../../shared/inbox.ts';
import { dateTimeText } from '../../shared/inbox-time.ts';
import { DetailList } from '../components/detail-list.tsx';
import { CallbackClock } from '../components/lead-marks/callback-clock.tsx';
import { viaNames } from '../../content/i18n/inbox.ts';
import { Received } from '../components/lead-marks/received.tsx';
import { useInbox, useProductNames } from '../inbox-context.ts';
import { useNow } from '../use-now.ts';
import { telOf } from './phone.ts';

export function LeadDetails({ view }: { view: LeadView }) {
  const { t, booking, locale } = useInbox();
  const products = useProductNames(locale);
  const now = useNow();
  const { lead } = view;
  const rows: [string, ReactNode][] = [
    [booking.firstName, lead.first_name],
    [
      booking.email,
      <a key="email" href={`mailto:${lead.email}`} className="break-all text-cyan-300 underline-offset-4 hover:underline">
        {lead.email}
      </a>,
    ],
    [
      booking.phone,
      <a key="phone" href={telOf(lead)} className="text-cyan-300 underline-offset-4 hover:underline">
        {lead.phone}
      </a>,
    ],
    [booking.businessName, lead.business_name],
    [t.filters.service, booking.services[lead.service]],
    ...(lead.product ? [[t.lead.product, products[lead.product as keyof typeof products] ?? lead.product] as [string, ReactNode]] : []),
    ...(lead.custom_service
      ? [[booking.customService, <span key="custom" className="whitespace-pre-wrap">{lead.custom_service}</span>] as [string, ReactNode]]
      : []),
    [t.lead.language, t.locales[lead.locale]],
    [t.via.filter, viaNames(t)[lead.source]],
    [
      t.lead.received,
      <span key="received">
        {dateTimeText(lead.created_at, locale)} <span className="text-slate-400">(<Received at={lead.created_at} now={now} />)</span>
      </span>,
    ],
    [t.list.columns.clock, <CallbackClock key="clock" lead={lead} now={now} />],
    [t.lead.updated, dateTimeText(lead.updated_at, locale)],
    [
      t.lead.privacyNotice,
      lead.privacy_notice_version ? (
        <span key="notice">
          <code className="font-mono">{lead.privacy_notice_version}</code>
          {lead.privacy_notice_locale && <span className="text-slate-400"> ({t.locales[lead.privacy_notice_locale]})</span>}
        </span>
      ) : (
        <span key="notice" className="text-slate-400">
          {t.lead.privacyNoticeNone}
        </span>
      ),
    ],
    // Shown only for a lead whose visitor asked Alex to call: when, and to which words.
    ...(lead.callback_consent_at
      ? [[t.lead.callbackConsent, format(t.lead.callbackConsentGiven, { time: dateTimeText(lead.callback_consent_at, locale), version: lead.callback_consent_version ?? '' })] as [string, ReactNode]]
      : []),
  ];
  return <DetailList rows={rows} />;
}
