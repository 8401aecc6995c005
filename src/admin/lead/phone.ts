/** A `tel:` address: digits and a leading plus only, as dialers expect. */
export const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
