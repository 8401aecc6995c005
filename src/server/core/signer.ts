// Signing and comparing, in one place: every HMAC the server makes (the site's own tokens and cookies,
// and Vapi's signature of its messages) and every comparison of a secret go through here, so each is
// keyed the same way, cached once, and compared in constant time.
//
// A signer signs for one purpose (`form-token`, `meeting-token`…): the text signed is `<purpose>:<message>`
// (or with the purpose's own separator), so a signature made for one purpose is worth nothing for another
// under the same secret. Its key is read once, when first needed (the database that keeps the site's
// secrets may not be migrated yet at start), and read again after a failure, never twice at once.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type Encoding = 'base64url' | 'hex';

/** HMAC-SHA256 of `text` under `key`. */
export const hmac = (key: Buffer | string, text: string, encoding: Encoding = 'base64url'): string => createHmac('sha256', key).update(text).digest(encoding);

/** Equal bytes, compared in time that tells nothing of where they differ; unequal lengths are unequal. */
export const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/** Equal texts (a secret and what was given for it), compared by their hashes: in one time whatever their lengths. */
export const sameText = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

export interface Signer {
  /** The signature of `message` for this purpose. */
  sign(message: string): Promise<string>;
  /** Whether `signature` is this purpose's signature of `message`. */
  verify(message: string, signature: string): Promise<boolean>;
}

export interface SignerOptions {
  /** Between the purpose and the message: `:` unless the purpose's tokens were made otherwise. */
  separator?: string;
  encoding?: Encoding;
}

export function createSigner(purpose: string, secret: () => Promise<Buffer>, { separator = ':', encoding = 'base64url' }: SignerOptions = {}): Signer {
  let key: Promise<Buffer> | undefined;
  const keyed = () =>
    (key ??= secret().catch((err: unknown) => {
      key = undefined;
      throw err;
    }));
  const sign = async (message: string) => hmac(await keyed(), `${purpose}${separator}${message}`, encoding);
  return {
    sign,
    async verify(message, signature) {
      return sameBytes(Buffer.from(await sign(message)), Buffer.from(signature));
    },
  };
}
