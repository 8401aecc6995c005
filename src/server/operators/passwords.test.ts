import { describe, expect, it } from 'vitest';
import { DEFAULT_COST, hashPassword, passwordProblem, unmatchableHash, verifyPassword } from './passwords.ts';
import { TEST_COST } from '../testing/operators.ts';

describe('passwords', () => {
  it('hashes with the default cost, salt and parameters kept in the string, and verifies it', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(new RegExp(`^scrypt\\$${DEFAULT_COST.N}\\$8\\$3\\$[\\w-]{22}\\$[\\w-]{86}$`));
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash, so the same password never gives the same string', async () => {
    const [a, b] = await Promise.all([hashPassword('same password!', TEST_COST), hashPassword('same password!', TEST_COST)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password!', a)).toBe(true);
    expect(await verifyPassword('same password!', b)).toBe(true);
  });

  it('verifies with the parameters the hash names, not the current default', async () => {
    const hash = await hashPassword('an older, cheaper hash', TEST_COST);
    expect(hash.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('an older, cheaper hash', hash)).toBe(true);
  });

  it('treats a malformed or truncated hash as no match', async () => {
    const hash = await hashPassword('twelve chars', TEST_COST);
    for (const broken of ['', 'plain', hash.replace(/^scrypt/, 'bcrypt'), hash.slice(0, -4), `${hash}$x`, hash.replace('$1024$', '$0$')]) {
      expect(await verifyPassword('twelve chars', broken)).toBe(false);
    }
  });

  it('does not take the password followed by NUL characters for the password (HMAC pads its key with zeros)', async () => {
    const hash = await hashPassword('twelve chars', TEST_COST);
    expect(await verifyPassword('twelve chars', hash)).toBe(true);
    for (const padded of ['twelve chars\u0000', 'twelve chars\u0000\u0000', '\u0000twelve chars']) {
      expect(await verifyPassword(padded, hash)).toBe(false);
    }
  });

  it('asks for at least 12 characters, counted as a person counts them', () => {
    expect(passwordProblem('elevenchars')).toBe('tooShort');
    expect(passwordProblem('twelve chars')).toBeUndefined();
    expect(passwordProblem('паролапарол')).toBe('tooShort');
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑')).toBe('tooShort');
    expect(passwordProblem('x'.repeat(1025))).toBe('tooLong');
  });
});

describe('unmatchableHash', () => {
  // Verifying costs what the parameters say, so the same parameters mean the same time as a real hash.
  it('is a hash of the given cost that no password verifies against, different each time', async () => {
    const hash = unmatchableHash(TEST_COST);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(unmatchableHash()).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(unmatchableHash(TEST_COST)).not.toBe(hash);
    expect(await verifyPassword('', hash)).toBe(false);
    expect(await verifyPassword('twelve chars', hash)).toBe(false);
  });
});
