import { describe, expect, it } from 'vitest';
import { PRODUCTS, type Service } from '../../shared/booking.ts';
import { dictionaries } from './index.ts';
import { ICON_NAMES } from '../icon-names.ts';
import { SERVICE_IDS, type ServiceCard, type ServiceId } from './services.en.ts';

/** The booking service each card sells (SPEC.md §3 "Services and products offered in the form"). */
const BOOKED_AS: Record<ServiceId, Service> = {
  'support-automation': 'Support Automation',
  'platform-development': 'Conversion Systems',
  'ai-phone-callers': 'Call Automation Systems',
  'ai-lead-generation': 'A.I Lead Generation',
};

/** What a visitor reads on a card and in its details. */
const text = (card: ServiceCard) =>
  [card.title, card.subtitle, card.description, ...card.benefits.flatMap((b) => [b.title, b.description])].join('\n');

describe.each(Object.entries(dictionaries))('services in %s', (_, t) => {
  const cards = t.services.cards;

  it('are the four service lines, in the order of the specification', () => {
    expect(cards.map((c) => c.id)).toEqual([...SERVICE_IDS]);
  });

  it('each have three or four benefits and an icon the page can draw', () => {
    for (const card of cards) {
      expect(card.benefits.length).toBeGreaterThanOrEqual(3);
      expect(card.benefits.length).toBeLessThanOrEqual(4);
      for (const icon of [card.icon, ...card.benefits.map((b) => b.icon)]) expect(ICON_NAMES).toContain(icon);
    }
  });

  it('list every product the booking form offers for the service, apart from "All of the above"', () => {
    for (const card of cards) {
      const offered = PRODUCTS[BOOKED_AS[card.id]].filter((p) => p !== 'All of the above');
      expect(card.products).toEqual(offered);
    }
  });
});

describe('claims in the copy', () => {
  const card = (locale: 'en' | 'bg', id: ServiceId): ServiceCard => {
    const found = dictionaries[locale].services.cards.find((c) => c.id === id);
    if (!found) throw new Error(`no ${id} card in ${locale}`);
    return found;
  };

  it('say outbound callers handle up to 20,000 leads a week, and in Bulgarian 10,000 calls', () => {
    expect(text(card('en', 'ai-phone-callers'))).toContain('20,000 leads per week');
    expect(text(card('bg', 'ai-phone-callers'))).toContain('20\u00a0000 потенциални клиенти');
    expect(text(card('bg', 'ai-phone-callers'))).toContain('10\u00a0000 обаждания седмично');
    expect(text(card('en', 'ai-phone-callers'))).not.toContain('10,000');
  });

  it('offer web platforms and mobile apps in Bulgarian only; websites in 3 days in both', () => {
    const bg = text(card('bg', 'platform-development'));
    expect(bg).toContain('уеб платформи');
    expect(bg).toContain('мобилни приложения');
    expect(bg).toContain('3 дни');
    const en = text(card('en', 'platform-development'));
    expect(en).not.toMatch(/mobile app|platform/i);
    expect(en).toContain('3 days');
  });
});
