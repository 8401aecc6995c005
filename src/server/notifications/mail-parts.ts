// The pieces every mail here is made of: escaping, one-line and indented values, the visitor's name as
// a greeting may use it, a time as the inbox shows it, and `compose`, which lays paragraphs, label–value
// rows and links out as plain text and HTML alike; and the lead as the operator's mails list it.
import { bookingTexts } from '../../content/i18n/booking.ts';
import { dictionaries, format } from '../../content/i18n/index.ts';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { dateTimeText } from '../../shared/inbox-time.ts';
import { isService, type Product } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import type { Lead } from '../leads/lead-store.ts';

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A time as the inbox shows it, Sofia's on the 24-hour clock, with the zone named: a mail is read anywhere. */
export const readableTime = (at: Date, locale: Locale) => format(notificationTexts[locale].sofiaTime, { time: dateTimeText(at, locale) });

/** Every way a mail reader may break a line: CR LF, CR, LF, NEL and the Unicode line and paragraph separators. */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/;

/** A value whose line breaks are spaces, for a sentence or a subject. */
export const oneLine = (value: string) => value.split(LINE_BREAKS).join(' ');

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
    // Markup goes whole, tag and attributes: `<b>Ana</b>` is Ana, never "bAnab".
    .replace(/<[^>]*>?/g, ' ')
    .replace(/[^\p{L}\p{M}\s'’.-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
    .trim();
  return /\p{L}/u.test(kept) ? kept : undefined;
}

/** A label and its value, and where the value links to in the HTML part, if anywhere. */
export type Row = [label: string, value: string, href?: string];

/** A link's words and address. */
export type Link = [label: string, href: string];

/**
 * The HTML part's look, written on each element (mail clients drop a <style> block and classes): the
 * site's dark ink on a light page, readable on a phone, the first link a button and the others plain.
 */
const LOOK = {
  // Single quotes inside: the look stands in a double-quoted attribute.
  body: "margin:0;padding:24px 16px;background:#f1f5f9;color:#0f172a;font:16px/1.6 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif",
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px',
  p: 'margin:0 0 14px',
  table: 'border-collapse:collapse;width:100%;margin:4px 0 18px;font-size:15px',
  th: 'width:38%;text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#475569;font-weight:600',
  td: 'padding:6px 0;vertical-align:top;white-space:pre-wrap;overflow-wrap:anywhere',
  button: 'display:inline-block;margin:4px 0 10px;padding:11px 20px;border-radius:999px;background:#4f46e5;color:#ffffff;font-weight:600;text-decoration:none',
  link: 'color:#4338ca',
  signature: 'margin:18px 0 0;padding-top:14px;border-top:1px solid #e2e8f0;color:#475569;font-size:14px',
} as const;

/**
 * Paragraphs, then label–value rows, then links, then the signature: the shape of every mail here. The
 * action links stand right under what they act on; the signature closes the mail.
 */
export function compose(subject: string, paragraphs: string[], rows: Row[], links: Link[] = [], signature?: string): Mail {
  const text = [
    ...paragraphs,
    rows.map(([label, value]) => `${label}: ${indentedLines(value)}`).join('\n'),
    ...links.map(([label, href]) => `${label}: ${href}`),
    signature ?? '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const a = (href: string, words: string, look: string) => `<a href="${escapeHtml(href)}" style="${look}">${escapeHtml(words)}</a>`;
  const inner = [
    ...paragraphs.map((p) => `<p style="${LOOK.p}">${escapeHtml(p)}</p>`),
    rows.length
      ? `<table role="presentation" style="${LOOK.table}">${rows
          .map(([l, v, href]) => `<tr><th align="left" style="${LOOK.th}">${escapeHtml(l)}</th><td style="${LOOK.td}">${href ? a(href, v, LOOK.link) : escapeHtml(v)}</td></tr>`)
          .join('')}</table>`
      : '',
    ...links.map(([label, href], i) => `<p style="${LOOK.p}">${a(href, label, i === 0 ? LOOK.button : LOOK.link)}</p>`),
    signature ? `<p style="${LOOK.signature}">${escapeHtml(signature)}</p>` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const html = `<div style="${LOOK.body}"><div style="${LOOK.card}">\n${inner}\n</div></div>`;
  return { subject, text: `${text}\n`, html };
}

/** The lead as the operator's mails list it, with the booking dialog's labels. */
export function leadRows(lead: Lead, locale: Locale): Row[] {
  const labels = bookingTexts[locale];
  const products: Record<string, string> = dictionaries[locale].products;
  const rows: Row[] = [
    [labels.firstName, lead.first_name],
    [labels.email, lead.email, `mailto:${lead.email}`],
    // As the visitor typed it; a tap on it dials its E.164, where it has one.
    lead.phone_e164 ? [labels.phone, lead.phone, `tel:${lead.phone_e164}`] : [labels.phone, lead.phone],
    [labels.businessName, lead.business_name],
    [labels.service, isService(lead.service) ? labels.services[lead.service] : lead.service],
  ];
  if (lead.product) rows.push([labels.product, products[lead.product as Product] ?? lead.product]);
  if (lead.custom_service) rows.push([labels.customService, lead.custom_service]);
  return rows;
}

/** The lead's name and business on one line each, for a subject or a sentence. */
export const leadNames = (lead: Lead) => ({ name: oneLine(lead.first_name), business: oneLine(lead.business_name) });
