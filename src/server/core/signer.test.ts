import { describe, expect, it } from 'vitest';
import { createSigner, sameBytes, sameText } from './signer.ts';

describe('createSigner', () => {
  const secret = () => Promise.resolve(Buffer.from('a secret of the site, 32 bytes!!'));

  it('signs for one purpose: the signature verifies there and nowhere else, nor for another message', async () => {
    const tokens = createSigner('meeting-token', secret);
    const other = createSigner('visit-token', secret);
    const signature = await tokens.sign('lead-1');
    expect(signature).toMatch(/^[\w-]{43}$/);
    expect(await tokens.verify('lead-1', signature)).toBe(true);
    expect(await tokens.verify('lead-2', signature)).toBe(false);
    expect(await other.verify('lead-1', signature)).toBe(false);
    expect(await tokens.verify('lead-1', signature.slice(0, -1))).toBe(false);
    expect(await tokens.verify('lead-1', '')).toBe(false);
  });

  it('reads its key once, and again after a failure', async () => {
    let reads = 0;
    let fail = true;
    const signer = createSigner('form-token', async () => {
      reads++;
      if (fail) throw new Error('not migrated yet');
      return Buffer.from('k');
    });
    await expect(signer.sign('x')).rejects.toThrow('not migrated yet');
    fail = false;
    await Promise.all([signer.sign('a'), signer.sign('b'), signer.verify('c', 'd')]);
    expect(reads).toBe(2);
  });
});

describe('sameText and sameBytes', () => {
  it('say equal only for equal values, whatever their lengths', () => {
    expect(sameText('Bearer abc', 'Bearer abc')).toBe(true);
    expect(sameText('Bearer ab', 'Bearer abc')).toBe(false);
    expect(sameBytes(Buffer.from('ab'), Buffer.from('abc'))).toBe(false);
    expect(sameBytes(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
  });
});
