// The privacy notice as this server serves it: the prerendered pages with LEAD_RETENTION_DAYS written
// in, and the version of the text a booking records (which notice the visitor was shown).
import { createHash } from 'node:crypto';
import type { Locale } from '../../shared/locale.ts';
import { DEFAULT_CONVERSATION_RETENTION_DAYS } from '../../shared/promises.ts';
import {
  CONVERSATION_RETENTION_DAYS_PLACEHOLDER,
  LEAD_RETENTION_DAYS_PLACEHOLDER,
  PRIVACY_NOTICE_ID,
  PRIVACY_NOTICE_VERSION_PLACEHOLDER,
} from '../../shared/runtime-config.ts';
import { textOf } from '../http/html-text.ts';

/** Characters of the version: the start of the text's SHA-256, in hex. */
export const NOTICE_VERSION_LENGTH = 12;

/** The notice's text in a served page, as the visitor reads it; undefined when the page has none. */
export function noticeTextOf(html: string): string | undefined {
  const start = html.indexOf(`<article id="${PRIVACY_NOTICE_ID}"`);
  const end = html.indexOf('</article>', start);
  return start < 0 || end < 0 ? undefined : textOf(html.slice(start, end));
}

/** A short name for one text of the notice: any change of a word (or of a number in it) changes it. */
export function noticeVersionOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, NOTICE_VERSION_LENGTH);
}

/** A privacy page as served: the retention days written in, then the version of the resulting text. */
export function servedNotice(
  html: string,
  locale: Locale,
  leadRetentionDays: number,
  conversationRetentionDays: number = DEFAULT_CONVERSATION_RETENTION_DAYS,
): { html: string; version: string | undefined } {
  const number = new Intl.NumberFormat(locale);
  const filled = html
    .replaceAll(LEAD_RETENTION_DAYS_PLACEHOLDER, () => number.format(leadRetentionDays))
    .replaceAll(CONVERSATION_RETENTION_DAYS_PLACEHOLDER, () => number.format(conversationRetentionDays));
  const text = noticeTextOf(filled);
  const version = text === undefined ? undefined : noticeVersionOf(text);
  return { html: filled.replaceAll(PRIVACY_NOTICE_VERSION_PLACEHOLDER, () => version ?? ''), version };
}
