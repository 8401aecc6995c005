import { describe, expect, it } from 'vitest';
import { PRODUCTS, SERVICES, usesDescription } from './booking.ts';
import {
  ALL_PRODUCTS,
  CARD_LINE_IDS,
  FOOTER_LINE_IDS,
  LISTED_LINE_IDS,
  SERVICE_LINES,
  SERVICE_LINE_IDS,
  cardProducts,
} from './service-lines.ts';

describe('service lines', () => {
  it('book each card as the service the form and the stored lead name it by', () => {
    expect(Object.fromEntries(CARD_LINE_IDS.map((id) => [id, SERVICE_LINES[id].booking]))).toEqual({
      'support-automation': 'Support Automation',
      'platform-development': 'Conversion Systems',
      'ai-phone-callers': 'Call Automation Systems',
      'ai-lead-generation': 'A.I Lead Generation',
    });
  });

  it('are the booking choices, in the same order, each with its products', () => {
    expect(SERVICES).toEqual(SERVICE_LINE_IDS.map((id) => SERVICE_LINES[id].booking));
    for (const id of SERVICE_LINE_IDS) expect(PRODUCTS[SERVICE_LINES[id].booking]).toEqual(SERVICE_LINES[id].products);
  });

  it('leave Custom Software Development and Other without products or a card', () => {
    for (const id of ['custom-software-development', 'other'] as const) {
      expect(usesDescription(SERVICE_LINES[id].booking)).toBe(true);
      expect(CARD_LINE_IDS).not.toContain(id);
    }
  });

  it('show on a card every product but the catch-all answer', () => {
    expect(cardProducts('ai-phone-callers')).toEqual([
      'Inbound Phone Caller (appointments & support)',
      'Outbound Phone Caller (appointments & cold calls)',
    ]);
    for (const id of CARD_LINE_IDS) expect(cardProducts(id)).not.toContain(ALL_PRODUCTS);
  });

  it('name the four card lines in the footer and five in the search data', () => {
    expect(FOOTER_LINE_IDS).toEqual(CARD_LINE_IDS);
    expect(LISTED_LINE_IDS).toEqual([...CARD_LINE_IDS, 'custom-software-development']);
  });
});
