// Spam traps of the booking form, shared by the dialog and the API (server/booking/). No CAPTCHA, which
// would send visitors to a third party: a honeypot field no person fills in, and a time trap on a
// token the server signs when the dialog opens. A request caught by either gets the normal answer, is
// stored flagged with its reason, notifies no one, and waits in the inbox's Spam view for an operator
// to restore it or for the retention sweep (SPAM_RETENTION_DAYS).

/**
 * The honeypot: a field the dialog renders out of sight and out of the accessibility tree, named as
 * form-filling scripts expect a real field to be. A person never fills it in.
 */
export const HONEYPOT_FIELD = 'website';

/** Where the dialog asks for its token when it opens (GET), and the field the booking carries it in. */
export const FORM_TOKEN_PATH = '/api/form-token';
export const FORM_TOKEN_FIELD = 'form_token';

/** A request sent sooner than this after its token was signed is too fast for a person. */
export const DEFAULT_MIN_FILL_SECONDS = 3;

/** A token older than this no longer proves anything: it may have been copied long ago. */
export const FORM_TOKEN_MAX_AGE_HOURS = 24;

/** Why a request was taken for spam, as the lead records it and the inbox shows it. */
export const SPAM_REASONS = ['honeypot', 'too fast', 'no token', 'expired token', 'token reused'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

export const isSpamReason = (value: unknown): value is SpamReason => (SPAM_REASONS as readonly unknown[]).includes(value);
