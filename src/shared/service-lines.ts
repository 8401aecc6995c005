// The agency's service lines (docs/product.md, "The public site"), each with every fact that is not a
// visitor's word: the value a booking stores (canonical English, whatever the page's language), the
// products it sells, the card's icons and where it is listed. The booking rules, the service cards, the
// footer and the search data all read this; the names a visitor reads are in the dictionaries, keyed by
// the same ids.
// Shared by the page and the API: nothing here knows about the DOM or Node.
import type { IconName } from './icon-names.ts';

/** The answer that books every product of a line at once. */
export const ALL_PRODUCTS = 'All of the above';

interface ServiceLineFacts {
  /** Stored with the lead and checked by the API; never translated. */
  readonly booking: string;
  /** Booking choices, in the dialog's order; none means the visitor describes the need instead. */
  readonly products: readonly string[];
  /** A card in the services carousel, with its icon (each language's benefits bring their own). */
  readonly card?: { readonly icon: IconName };
  /** Named in the footer's list of services. */
  readonly inFooter: boolean;
  /** Offered in the search data's catalogue (the dictionaries name it in `business.serviceNames`). */
  readonly listed: boolean;
}

export const SERVICE_LINES = {
  'support-automation': {
    booking: 'Support Automation',
    products: [
      'Customer Support Chat Assistant',
      'Appointment Setter Chat Assistant',
      'Lead Capture Chat Assistant',
      ALL_PRODUCTS,
    ],
    card: { icon: 'chat' },
    inFooter: true,
    listed: true,
  },
  'platform-development': {
    booking: 'Conversion Systems',
    products: ['Website Rebuild & Optimization'],
    card: { icon: 'browser' },
    inFooter: true,
    listed: true,
  },
  'ai-phone-callers': {
    booking: 'Call Automation Systems',
    products: [
      'Inbound Phone Caller (appointments & support)',
      'Outbound Phone Caller (appointments & cold calls)',
      ALL_PRODUCTS,
    ],
    card: { icon: 'phone' },
    inFooter: true,
    listed: true,
  },
  'ai-lead-generation': {
    booking: 'A.I Lead Generation',
    products: ['Prospect Scraping System', 'Automated Personalized Email Outreach Campaigns', ALL_PRODUCTS],
    card: { icon: 'magnet' },
    inFooter: true,
    listed: true,
  },
  'custom-software-development': {
    booking: 'Custom Software Development',
    products: [],
    inFooter: false,
    listed: true,
  },
  other: { booking: 'Other', products: [], inFooter: false, listed: false },
} as const satisfies Record<string, ServiceLineFacts>;

type Lines = typeof SERVICE_LINES;
export type ServiceLineId = keyof Lines;
/** The lines with a card in the carousel. */
export type CardLineId = { [K in ServiceLineId]: Lines[K] extends { card: object } ? K : never }[ServiceLineId];
/** The lines the search data offers, each named in the dictionaries. */
export type ListedLineId = { [K in ServiceLineId]: Lines[K]['listed'] extends true ? K : never }[ServiceLineId];
/** The lines the footer names (a type error if one is not also listed, since it has no name then). */
export type FooterLineId = { [K in ServiceLineId]: Lines[K]['inFooter'] extends true ? K : never }[ServiceLineId];
/** A booking's stored service value. */
export type Service = Lines[ServiceLineId]['booking'];
export type Product = Lines[ServiceLineId]['products'][number];

/** In the order of docs/product.md, "Booking a discovery call" (the dialog's list and the cards follow it). */
export const SERVICE_LINE_IDS = Object.keys(SERVICE_LINES) as ServiceLineId[];

const idsWhere = <Id extends ServiceLineId>(keep: (line: ServiceLineFacts) => boolean) =>
  SERVICE_LINE_IDS.filter((id) => keep(SERVICE_LINES[id])) as Id[];

export const CARD_LINE_IDS = idsWhere<CardLineId>((line) => line.card !== undefined);
export const FOOTER_LINE_IDS = idsWhere<FooterLineId>((line) => line.inFooter);
export const LISTED_LINE_IDS = idsWhere<ListedLineId>((line) => line.listed);

/** What a card shows under "solutions": every product but the catch-all answer. */
export function cardProducts(id: CardLineId): readonly Product[] {
  return SERVICE_LINES[id].products.filter((p: Product) => p !== ALL_PRODUCTS);
}
