// What the agency promises whoever books a call (docs/product.md, "Booking a discovery call"), written
// once: the page's sentences quote these, and the server's follow-up of a booking keeps to the same
// numbers.

/** Every booking is called back within this many hours. */
export const CALL_BACK_HOURS = 24;

/** The length of the free discovery call, in minutes. */
export const DISCOVERY_CALL_MINUTES = 30;

/** How long a closed lead (won or lost) is kept, in days, unless LEAD_RETENTION_DAYS says otherwise. */
export const DEFAULT_LEAD_RETENTION_DAYS = 730;

/** How long a request caught as spam is kept, in days, before it is erased. */
export const SPAM_RETENTION_DAYS = 30;

/** Days a conversation with Alex or Lana that made no request is kept, unless CONVERSATION_RETENTION_DAYS says otherwise. */
export const DEFAULT_CONVERSATION_RETENTION_DAYS = 30;
