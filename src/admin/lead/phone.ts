import type { LeadDetail } from '../../shared/inbox.ts';

/**
 * A lead's `tel:` address: its number in E.164 (`tel:+359888123456`), which dials from anywhere; for a
 * lead without one (stored before it was kept), the digits it was typed with and a leading plus.
 */
export const telOf = (lead: Pick<LeadDetail, 'phone' | 'phone_e164'>) => `tel:${lead.phone_e164 ?? lead.phone.replace(/[^\d+]/g, '')}`;
