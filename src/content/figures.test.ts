import { describe, expect, it } from 'vitest';
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
    expect(Object.values(COMPARISON_HIGHLIGHTS).map((f) => formatFigure(f, 'en'))).toEqual(['3.8x', '$98K', '$17K']);
  });

  it('group thousands with a no-break space in Bulgarian, and keep the ratio as "3.8x"', () => {
    expect(Object.values(STATS).map((f) => formatFigure(f, 'bg'))).toEqual([
      '78%',
      '113%',
      '72%',
      `14${NBSP}000+`,
      `$1${NBSP}312${NBSP}657`,
      '100+',
    ]);
    expect(Object.values(COMPARISON_HIGHLIGHTS).map((f) => formatFigure(f, 'bg'))).toEqual(['3.8x', '$98K', '$17K']);
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
      expect(Object.values(CUSTOM_DEVELOPMENT).map((f) => formatFigure(f, locale))).toEqual(['3', '2–6', '10x']);
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
