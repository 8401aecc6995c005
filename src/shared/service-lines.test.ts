import { describe, expect, it } from 'vitest';
import { parseDiscoveryCall } from './booking.ts';
import { ALL_PRODUCTS, CARD_LINE_IDS, SERVICE_LINES, SERVICE_LINE_IDS, cardProducts, type ServiceLineId } from './service-lines.ts';

/** A request as the dialog sends it for a line, with a product or a description. */
const request = (id: ServiceLineId, need: { product?: string; custom_service?: string }) =>
  parseDiscoveryCall({ first_name: 'Ana', email: 'ana@example.com', phone: '+359 88 123 4567', business_name: 'Ana OOD', service: SERVICE_LINES[id].booking, ...need });

describe('service lines', () => {
  it('are each a service the booking takes, with each of its products', () => {
    for (const id of SERVICE_LINE_IDS) {
      const { products } = SERVICE_LINES[id];
      if (products.length === 0) continue;
      for (const product of products) expect(request(id, { product }), `${id}: ${product}`).toMatchObject({ ok: true, value: { service: SERVICE_LINES[id].booking, product } });
      // A product of another line is not one of this line's.
      const other = SERVICE_LINE_IDS.flatMap((o) => (o === id ? [] : SERVICE_LINES[o].products)).find((p) => !(products as readonly string[]).includes(p));
      if (other) expect(request(id, { product: other }), `${id}: ${other}`).toMatchObject({ ok: false, fields: { product: { code: 'invalidProduct' } } });
    }
  });

  it('without products are booked with a description, and only with one', () => {
    const described = SERVICE_LINE_IDS.filter((id) => SERVICE_LINES[id].products.length === 0);
    expect(described.length).toBeGreaterThan(0);
    for (const id of described) {
      expect(request(id, { custom_service: 'A booking system' })).toMatchObject({ ok: true, value: { product: '', custom_service: 'A booking system' } });
      expect(request(id, {})).toMatchObject({ ok: false, fields: { custom_service: { code: 'required' } } });
      expect(CARD_LINE_IDS).not.toContain(id);
    }
  });

  it('show on a card what can be booked, never the catch-all answer', () => {
    for (const id of CARD_LINE_IDS) {
      expect(cardProducts(id).length).toBeGreaterThan(0);
      expect(cardProducts(id)).not.toContain(ALL_PRODUCTS);
      for (const product of cardProducts(id)) expect(request(id, { product }).ok, `${id}: ${product}`).toBe(true);
    }
  });
});
