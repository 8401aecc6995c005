import { describe, expect, it } from 'vitest';
import { COMPARISON_HIGHLIGHTS, MONTH, STATS, changeOf, formatFigure } from './figures.ts';
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
});
