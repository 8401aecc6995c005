// Operators' passwords, hashed with scrypt from node's crypto: no native add-on, nothing to install.
// The cost parameters and the salt travel in the stored string, so raising the cost later leaves
// every existing hash verifiable.
import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { sameBytes } from '../core/signer.ts';

export const MIN_PASSWORD_LENGTH = 12;
/** Long enough for any passphrase; a cap keeps one request from hashing megabytes. */
export const MAX_PASSWORD_LENGTH = 1024;

export interface ScryptCost {
  /** CPU and memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/**
 * One of OWASP's equivalent scrypt settings (N=2^15, r=8, p=3): the strength of N=2^17 with a quarter
 * of its memory (32 MiB per hash), which matters on a small server answering several log-ins at once.
 */
export const DEFAULT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

/** Why a password cannot be used, or undefined when it can. */
export function passwordProblem(password: string): 'tooShort' | 'tooLong' | undefined {
  // Characters as a person counts them, not UTF-16 units.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (length > MAX_PASSWORD_LENGTH) return 'tooLong';
  return undefined;
}

function derive(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
  // Node refuses above 32 MiB by default; allow what the parameters need, with room to spare.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const format = (cost: ScryptCost, salt: Buffer, key: Buffer) =>
  [PREFIX, cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  return format(cost, salt, await derive(password, salt, cost));
}

/**
 * A well-formed hash no password matches (its key is random, not derived), for a log-in to an unknown
 * account: verifying against it costs exactly what verifying a real one does.
 */
export function unmatchableHash(cost: ScryptCost = DEFAULT_COST): string {
  return format(cost, randomBytes(SALT_LENGTH), randomBytes(KEY_LENGTH));
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | undefined {
  const [prefix, N, r, p, salt, key, ...rest] = stored.split('$');
  if (prefix !== PREFIX || rest.length || !N || !r || !p || !salt || !key) return undefined;
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((n) => Number.isSafeInteger(n) && n > 0)) return undefined;
  return { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/**
 * Whether the password is the one the stored hash was made from; false for a malformed hash. scrypt
 * keys HMAC with the password, and HMAC pads a short key with zero bytes, so `p` and `p` followed by
 * NUL characters derive the same key: a password holding a NUL is refused here (after the same work,
 * so it takes the time any attempt takes). Nobody types one, and the operator command cannot set one.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  // Equal lengths are guaranteed by KEY_LENGTH; a hash of another length is simply not a match.
  return sameBytes(key, parsed.key) && !password.includes('\u0000');
}
