// The booking funnel as the page reports it (client/visit.ts) and the server counts it per day
// (server/funnel/): only these steps, with the page's language and the first touch's utm_source, and
// nothing that tells one visitor from another.

/** The steps, in the order a visitor takes them: page viewed, dialog opened, step 2, step 3, request sent. */
export const FUNNEL_STEPS = ['view', 'open', 'step2', 'step3', 'sent'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Where the page reports a step (navigator.sendBeacon, JSON). */
export const FUNNEL_PATH = '/api/events';

/** A step's count for each step, as the inbox's funnel shows them. */
export type FunnelCounts = Record<FunnelStep, number>;
