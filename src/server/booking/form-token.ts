// The time trap's tokens: `<issued at, ms>.<nonce>.<HMAC-SHA256 of both>`, signed with a secret every
// instance shares (store/site-secret.ts), so a token from one instance is good on all. A token proves
// when the dialog opened, and that the server itself said so: a script that copies the form has none,
// one that forges a time cannot sign it, and one that fetches a token must still wait MIN_FILL before it
// is let through. A token is good for one lead (store/form-token-uses.ts): a script that waits once and then
// sends many leads with that token sends spam. Tokens of the earlier form, without a nonce, are still
// read until they expire (a dialog open across a deploy).
import { randomBytes } from 'node:crypto';
import { createSigner } from '../core/signer.ts';
import { FORM_TOKEN_MAX_AGE_HOURS, type SpamReason } from '../../shared/spam.ts';

const HOUR = 3_600_000;
/** How far ahead of our clock a token's time may be: another instance's clock may run a little fast. */
const CLOCK_SKEW_MS = 60_000;
const TOKEN = /^(\d{13})(\.[\w-]{22})?\.([\w-]{43})$/;

export interface FormTokens {
  /** A token issued now. */
  issue(): Promise<string>;
  /** Undefined when the token lets the request through; else why it does not. */
  check(token: unknown): Promise<SpamReason | undefined>;
  /** Whether tokens are checked at all (the time trap is on). */
  readonly checked: boolean;
}

/** What names a token among all the others: its signature (a well-formed token's; undefined otherwise). */
export function formTokenId(token: unknown): string | undefined {
  return typeof token === 'string' ? TOKEN.exec(token)?.[3] : undefined;
}

export interface FormTokenOptions {
  /** The signing key; read once, when first needed (the database may not be migrated yet at start). */
  secret: () => Promise<Buffer>;
  /** The least time between a token and the request it comes with; 0 turns the time trap off. */
  minFillMs: number;
  now?: () => number;
}

export function createFormTokens(options: FormTokenOptions): FormTokens {
  const now = options.now ?? Date.now;
  const signer = createSigner('form-token', options.secret);
  return {
    checked: options.minFillMs > 0,
    async issue() {
      const signed = `${now()}.${randomBytes(16).toString('base64url')}`;
      return `${signed}.${await signer.sign(signed)}`;
    },
    async check(token) {
      if (options.minFillMs <= 0) return undefined;
      const match = typeof token === 'string' ? TOKEN.exec(token) : null;
      if (!match) return 'no token';
      const [, issued = '', nonce = '', signature = ''] = match;
      if (!(await signer.verify(issued + nonce, signature))) return 'no token';
      const age = now() - Number(issued);
      if (age < -CLOCK_SKEW_MS) return 'no token';
      if (age < options.minFillMs) return 'too fast';
      if (age > FORM_TOKEN_MAX_AGE_HOURS * HOUR) return 'expired token';
      return undefined;
    },
  };
}

/**
 * The tokens of a site whose time trap is off (BOOKING_MIN_FILL_SECONDS=0): the dialog still gets one,
 * signed with a key thrown away at exit, and no request is checked for it.
 */
export const UNCHECKED_FORM_TOKENS: FormTokens = createFormTokens({
  secret: ((key) => () => Promise.resolve(key))(randomBytes(32)),
  minFillMs: 0,
});
