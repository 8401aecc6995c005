import { describe, expect, it } from 'vitest';
import { FIELDS } from '../shared/booking.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from '../shared/language.ts';
import { LOCALES } from '../shared/locale.ts';
import { SPAM_RETENTION_DAYS } from '../shared/promises.ts';
import { dictionaries } from './i18n/index.ts';
import { pageTitle } from './page-title.ts';
import { privacyNotices } from './privacy-notice.ts';
import { business } from './site.ts';

/** Every sentence of a notice, in order. */
const sentences = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value as object).flatMap(sentences);

describe.each(LOCALES)('the privacy notice in %s', (locale) => {
  const notice = privacyNotices[locale];
  const text = sentences(notice).join('\n');

  it('names the controller with its legal name, full address and email', () => {
    expect(notice.controller.text).toContain(business.legalName[locale]);
    expect(notice.controller.text).toContain('1000 ' + dictionaries[locale].business.locality);
    expect(notice.controller.text).toContain(locale === 'bg' ? 'България' : 'Bulgaria');
    // The address is written as a link where the page shows it.
    expect(notice.controller.text).toContain('{email}');
    expect(notice.rights.howTo).toContain('{email}');
  });

  it('lists every field of the booking form', () => {
    expect(Object.keys(notice.collected.fields)).toEqual([...FIELDS]);
  });

  it('states the figures it quotes from their one source, and leaves the retention days to the server', () => {
    expect(text).toContain(`{leadRetentionDays}`);
    expect(text).toContain(`{conversationRetentionDays}`);
    expect(notice.retention.items.join(' ')).toContain(String(SPAM_RETENTION_DAYS));
    expect(notice.collected.cookie).toMatch(new RegExp(`[“„]${LANGUAGE_COOKIE}[”“]`));
    expect(notice.collected.cookie).toContain(String(LANGUAGE_COOKIE_DAYS));
    // No placeholder but the page's own is left unfilled.
    expect(text.match(/\{\w+\}/g)?.filter((p) => !['{email}', '{authorityWebsite}', '{leadRetentionDays}', '{conversationRetentionDays}', '{version}'].includes(p)) ?? []).toEqual([]);
  });

  it('names the legal bases, the rights and the authority a complaint goes to', () => {
    expect(text).toMatch(locale === 'en' ? /Article 6\(1\)\(b\)/ : /чл\. 6, пар\. 1, буква „б“/);
    expect(text).toMatch(locale === 'en' ? /Article 6\(1\)\(f\)/ : /чл\. 6, пар\. 1, буква „е“/);
    expect(notice.rights.complaint).toContain('КЗЛД');
    expect(notice.rights.complaint).toContain('{authorityWebsite}');
    expect(text).toContain('Vapi');
  });

  it('is what the footer links to, titled like every page but the home page: title in locality | brand', () => {
    expect(dictionaries[locale].footer.privacy).toBe(notice.title);
    expect(pageTitle(notice.title, { brand: business.name, locality: dictionaries[locale].business.locality }, locale)).toBe(
      locale === 'en' ? 'Privacy notice in Sofia | Nexa AI Solutions' : 'Уведомление за поверителност в София | Nexa AI Solutions',
    );
  });
});
