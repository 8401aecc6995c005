import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/locale.ts';
import { CALL_BACK_HOURS, DISCOVERY_CALL_MINUTES } from '../shared/promises.ts';
import {
  CLIENTS,
  COMPARISON_HIGHLIGHTS,
  COPY_FIGURES,
  CUSTOM_DEVELOPMENT,
  DELIVERY,
  MONTH,
  STATS,
  WEEKLY_CAPACITY,
  changeOf,
  copyFigures,
  formatFigure,
  INTL_STYLES,
  writeNumber,
  type NumberStyle,
} from './figures.ts';
import { comparisonSentence, faqItems } from './i18n/format.ts';
import { dictionaries } from './i18n/index.ts';

const NBSP = '\u00a0';

describe('figures', () => {
  it('are written as the English page has always written them', () => {
    expect(Object.values(STATS).map((f) => formatFigure(f, 'en'))).toEqual([
      '78%',
      '113%',
      '72%',
      '14,000+',
      '$1,312,657',
      '100+',
    ]);
    expect(Object.values(COMPARISON_HIGHLIGHTS).map((f) => formatFigure(f, 'en'))).toEqual(['3.8×', '$98K', '$17K']);
  });

  it('group thousands with a no-break space in Bulgarian, and write the ratio with its decimal comma, "3,8×"', () => {
    expect(Object.values(STATS).map((f) => formatFigure(f, 'bg'))).toEqual([
      '78%',
      '113%',
      '72%',
      `14${NBSP}000+`,
      `$1${NBSP}312${NBSP}657`,
      '100+',
    ]);
    expect(Object.values(COMPARISON_HIGHLIGHTS).map((f) => formatFigure(f, 'bg'))).toEqual(['3,8×', '$98K', '$17K']);
  });

  it('derive the month-on-month change and the cost reduction from the two months', () => {
    expect(formatFigure(changeOf(MONTH.sales), 'en')).toBe('+182%');
    expect(formatFigure(changeOf(MONTH.cost), 'bg')).toBe('-61%');
    expect(COMPARISON_HIGHLIGHTS.costReduction.value).toBe(17_000);
  });

  it('fill the comparison sentence of each language', () => {
    const sentence = (locale: 'en' | 'bg') => comparisonSentence(dictionaries[locale].comparison.summary, locale);
    expect(sentence('en')).toBe(
      'Sales grow from $45K to $127K per month (+182%) while operational cost falls from $28K to $11K (-61%).',
    );
    expect(sentence('bg')).toBe(
      'Продажбите растат от $45K на $127K на месец (+182%), а оперативните разходи падат от $28K на $11K (-61%).',
    );
  });

  it('give the FAQ the number of businesses served', () => {
    expect(faqItems(dictionaries.en, 'en')[1]?.answer).toMatch(/More than 100 businesses have trusted us so far\.$/);
    expect(faqItems(dictionaries.bg, 'bg')[1]?.answer).toMatch(/Досега над 100 компании са ни се доверили\.$/);
  });

  it("write custom development's card figures the same in both languages", () => {
    for (const locale of ['en', 'bg'] as const) {
      expect(Object.values(CUSTOM_DEVELOPMENT).map((f) => formatFigure(f, locale))).toEqual(['3', '2–6', '10×']);
    }
  });

  it('give the sentences of the copy the figures they quote, written per language', () => {
    expect(copyFigures('en')).toEqual({
      clients: '100',
      websiteDays: '3',
      weeklyLeads: '20,000',
      weeklyCalls: '10,000',
      callBackHours: '24',
      callMinutes: '30',
    });
    expect(copyFigures('bg')).toMatchObject({ weeklyLeads: `20${NBSP}000`, weeklyCalls: `10${NBSP}000` });
  });

  it('quote each fact from its one source', () => {
    expect(CUSTOM_DEVELOPMENT.websites).toBe(DELIVERY.websiteDays);
    expect(CUSTOM_DEVELOPMENT.platforms).toBe(DELIVERY.platformWeeks);
    expect(COPY_FIGURES.websiteDays).toBe(DELIVERY.websiteDays);
    expect(COPY_FIGURES.weeklyLeads).toBe(WEEKLY_CAPACITY.leads);
    expect(COPY_FIGURES.weeklyCalls).toBe(WEEKLY_CAPACITY.calls);
    expect(COPY_FIGURES.clients.value).toBe(CLIENTS.value);
    expect(COPY_FIGURES.callBackHours.value).toBe(CALL_BACK_HOURS);
    expect(COPY_FIGURES.callMinutes.value).toBe(DISCOVERY_CALL_MINUTES);
  });
});

describe('writeNumber', () => {
  const styles = Object.keys(INTL_STYLES) as NumberStyle[];
  const intl = (n: number, locale: string, style: NumberStyle) => new Intl.NumberFormat(locale, INTL_STYLES[style]).format(n);

  it('writes every number as Intl.NumberFormat does, in every language and style', () => {
    const numbers = fc.oneof(
      fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
      // Hundredths and thousandths, where halves are decided; and any double at all.
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000),
      fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 200),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(numbers, fc.constantFrom(...LOCALES), fc.constantFrom(...styles), (n, locale, style) => {
        expect(writeNumber(n, locale, style)).toBe(intl(n, locale, style));
      }),
      { numRuns: 5000 },
    );
  });

  it('matches Intl where the writing turns: grouping, carries, halves, tiny and huge numbers', () => {
    const cases = [0, -0, 1, 999, 1000, 9999, 10000, 99999.5, 0.0005, 0.9995, 0.005, 0.015, 0.785, 1.005, 2.5, -2.5, -0.0004, 1e-7, 123456789.123, 1e21, 1.5e300, 5e-324];
    for (const locale of LOCALES) for (const style of styles) for (const n of cases) expect(writeNumber(n, locale, style), `${n} ${locale} ${style}`).toBe(intl(n, locale, style));
  });
});
