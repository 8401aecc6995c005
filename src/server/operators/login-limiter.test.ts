import { describe, expect, it } from 'vitest';
import { memoryCounter } from '../limits/counter.ts';
import { LOGIN_LIMITS, loginLimits } from './login-limiter.ts';

describe('login limits', () => {
  it('allows 10 attempts per address and 5 per account in 15 minutes', async () => {
    expect(LOGIN_LIMITS).toEqual({
      perAddress: { max: 10, windowMs: 15 * 60 * 1000 },
      perAccount: { max: 5, windowMs: 15 * 60 * 1000 },
      perDevice: { max: 5, windowMs: 15 * 60 * 1000 },
    });
    const limits = loginLimits(memoryCounter(() => 0));
    for (let i = 0; i < 5; i++) expect(await limits.perAccount.consume('maria')).toBe(0);
    expect(await limits.perAccount.consume('maria')).toBe(900);
    for (let i = 0; i < 10; i++) expect(await limits.perAddress.consume('203.0.113.7')).toBe(0);
    expect(await limits.perAddress.consume('203.0.113.7')).toBe(900);
  });

  it('counts addresses and accounts apart on one counter', async () => {
    const limits = loginLimits(memoryCounter(() => 0));
    for (let i = 0; i < 5; i++) await limits.perAccount.consume('same');
    expect(await limits.perAccount.consume('same')).toBe(900);
    expect(await limits.perAddress.consume('same')).toBe(0);
    expect(await limits.perDevice.consume('same')).toBe(0);
  });
});
