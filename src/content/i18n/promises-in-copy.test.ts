import { describe, expect, it, vi } from 'vitest';
import type * as BookingRules from '../../shared/booking.ts';
import { bookingTexts } from './booking.ts';
import { dictionaries, faqItems } from './index.ts';

// Other promises than today's: every sentence that states one must follow, in both languages.
vi.mock('../../shared/promises.ts', () => ({ CALL_BACK_HOURS: 48, DISCOVERY_CALL_MINUTES: 45 }));
vi.mock('../../shared/booking.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BookingRules>()),
  MIN_PHONE_DIGITS: 8,
}));

describe('a changed promise', () => {
  it('changes the call-back window everywhere it is stated', () => {
    expect(bookingTexts.en.thankYou.callback).toBe(
      'We will call you within the next 48 hours to schedule your free discovery call.',
    );
    expect(bookingTexts.bg.thankYou.callback).toBe(
      'Ще ви се обадим в следващите 48 часа, за да насрочим безплатната ви консултация.',
    );
    expect(dictionaries.en.bottomCTA.guarantee).toBe('We call you back within 48 hours.');
    expect(dictionaries.bg.bottomCTA.guarantee).toBe('Ще ви се обадим в рамките на 48 часа.');
    expect(faqItems(dictionaries.en, 'en')[0]?.answer).toMatch(/^We call you within 48 hours to agree/);
    expect(faqItems(dictionaries.bg, 'bg')[0]?.answer).toMatch(/^Ще ви се обадим до 48 часа,/);
  });

  it("changes the discovery call's length everywhere it is stated", () => {
    expect(dictionaries.en.hero.note).toBe('Free 45-minute call · no obligation');
    expect(dictionaries.bg.hero.note).toBe('Безплатен 45-минутен разговор · без ангажимент');
    expect(dictionaries.en.process.steps[0]?.description).toMatch(/^A free 45-minute call: /);
    expect(dictionaries.bg.process.steps[0]?.description).toMatch(/^45-минутен разговор, /);
  });

  it("changes the phone number's smallest count of digits in its error", () => {
    expect(bookingTexts.en.errors.invalidPhone).toContain('at least 8 digits');
    expect(bookingTexts.bg.errors.invalidPhone).toContain('поне 8 цифри');
  });
});
