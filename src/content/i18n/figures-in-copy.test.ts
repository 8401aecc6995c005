import { describe, expect, it, vi } from 'vitest';
import type * as BookingRules from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import type * as Figures from '../figures.ts';
import type { CopyFigure } from '../figures.ts';
import { bookingTexts } from './booking.ts';
import { dictionaries, faqItems } from './index.ts';

// Each figure reads as its name and language here, so a sentence shows which figure it quotes and
// which language wrote it, and a number typed into the copy stands out as a digit.
vi.mock('../figures.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Figures>();
  return {
    ...original,
    copyFigures: (locale: Locale) =>
      Object.fromEntries(Object.keys(original.COPY_FIGURES).map((name) => [name, `<${name}:${locale}>`])),
  };
});
vi.mock('../../shared/booking.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BookingRules>()),
  MIN_PHONE_DIGITS: '<minPhoneDigits>',
}));

const leaves = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value as object).flatMap(leaves);

/** Digits that are no claim: "24/7" and the clock times of the example conversations. */
const NOT_A_FIGURE = /24\/7|\d{1,2}:\d\d|11 p\.m\.|23 ч\./g;

describe.each(['en', 'bg'] as const)('the figures in the %s copy', (locale) => {
  const t = dictionaries[locale];
  const f = (name: CopyFigure) => `<${name}:${locale}>`;
  const card = (id: string) => t.services.cards.find((c) => c.id === id);

  it('come from the one source of each', () => {
    const faq = faqItems(t, locale).map((item) => item.answer);
    const quotes: [string | undefined, CopyFigure][] = [
      [t.hero.note, 'callMinutes'],
      [t.process.steps[0]?.description, 'callMinutes'],
      [faq[0], 'callBackHours'],
      [faq[1], 'clients'],
      [faq[2], 'websiteDays'],
      [t.bottomCTA.guarantee, 'callBackHours'],
      [bookingTexts[locale].thankYou.callback, 'callBackHours'],
      [card('platform-development')?.benefits[0]?.title, 'websiteDays'],
      [card('ai-phone-callers')?.description, 'weeklyLeads'],
      [card('ai-phone-callers')?.benefits.map((b) => b.title).join('\n'), 'weeklyLeads'],
    ];
    for (const [text, name] of quotes) expect(text, name).toContain(f(name));
    expect(bookingTexts[locale].errors.invalidPhone).toContain('<minPhoneDigits>');
  });

  it('are none of them typed into the text', () => {
    const texts = [...leaves(t), ...faqItems(t, locale).map((item) => item.answer), ...leaves(bookingTexts[locale])];
    const typed = texts.filter((text) => /\d/.test(text.replace(NOT_A_FIGURE, '')));
    expect(typed).toEqual([]);
  });
});

it('the Bulgarian call automation also quotes the calls it takes in a week', () => {
  const card = dictionaries.bg.services.cards.find((c) => c.id === 'ai-phone-callers');
  expect(card?.description).toContain('<weeklyCalls:bg>');
  expect(card?.benefits.map((b) => b.title).join('\n')).toContain('<weeklyCalls:bg>');
});
