import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, memoryLoginLimiter, memoryLoginLimits } from './login-limiter.ts';

describe('memoryLoginLimiter', () => {
  it('lets max attempts through in a window, then answers the seconds left until it ends', async () => {
    let clock = 0;
    const limiter = memoryLoginLimiter({ max: 3, windowMs: 60_000 }, () => clock);
    for (let i = 0; i < 3; i++) expect(await limiter.consume('a')).toBe(0);
    clock = 20_500;
    expect(await limiter.consume('a')).toBe(40);
    expect(await limiter.consume('b')).toBe(0);
    clock = 60_000;
    expect(await limiter.consume('a')).toBe(0);
  });

  it('starts a key afresh when reset', async () => {
    const limiter = memoryLoginLimiter({ max: 1, windowMs: 60_000 }, () => 0);
    expect(await limiter.consume('a')).toBe(0);
    expect(await limiter.consume('a')).toBe(60);
    await limiter.reset('a');
    expect(await limiter.consume('a')).toBe(0);
  });

  it('allows 10 attempts per address and 5 per account in 15 minutes', async () => {
    expect(LOGIN_LIMITS).toEqual({
      perAddress: { max: 10, windowMs: 15 * 60 * 1000 },
      perAccount: { max: 5, windowMs: 15 * 60 * 1000 },
    });
    const limits = memoryLoginLimits(() => 0);
    for (let i = 0; i < 5; i++) expect(await limits.perAccount.consume('maria')).toBe(0);
    expect(await limits.perAccount.consume('maria')).toBe(900);
  });
});
