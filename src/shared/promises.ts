// What the agency promises whoever books a call (SPEC.md §9), written once: the page's sentences quote
// these, and the server's follow-up of a booking keeps to the same numbers.

/** Every booking is called back within this many hours. */
export const CALL_BACK_HOURS = 24;

/** The length of the free discovery call, in minutes. */
export const DISCOVERY_CALL_MINUTES = 30;
