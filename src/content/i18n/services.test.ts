import { describe, expect, it } from 'vitest';
import { CARD_LINE_IDS, SERVICE_LINES } from '../../shared/service-lines.ts';
import { dictionaries } from './index.ts';
import { ICON_NAMES } from '../../shared/icon-names.ts';
import type { ServiceCard, ServiceId } from './services.en.ts';

/** What a visitor reads on a card and in its details. */
const text = (card: ServiceCard) =>
  [card.title, card.subtitle, card.description, ...card.benefits.flatMap((b) => [b.title, b.description])].join('\n');

describe.each(Object.entries(dictionaries))('services in %s', (_, t) => {
  const cards = t.services.cards;

  it('are the four service lines with a card, in the order the carousel shows them', () => {
    expect(cards.map((c) => c.id)).toEqual(CARD_LINE_IDS);
    expect(CARD_LINE_IDS).toEqual(['support-automation', 'platform-development', 'ai-phone-callers', 'ai-lead-generation']);
  });

  it('each have three or four benefits and icons the page can draw', () => {
    for (const card of cards) {
      expect(card.benefits.length).toBeGreaterThanOrEqual(3);
      expect(card.benefits.length).toBeLessThanOrEqual(4);
      const icons = [SERVICE_LINES[card.id].card.icon, ...card.benefits.map((b) => b.icon)];
      for (const icon of icons) expect(ICON_NAMES).toContain(icon);
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
