import { describe, expect, it } from 'vitest';
import { createHashGate, HashGateFull } from './hash-gate.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the hash gate', () => {
  it('runs so many checks at once, queues so many more in order, and refuses the rest at once', async () => {
    const gate = createHashGate({ atOnce: 2, waiting: 3 });
    const started: number[] = [];
    const holds = Array.from({ length: 6 }, deferred);
    const runs = holds.map((hold, i) =>
      gate.run(async () => {
        started.push(i);
        await hold.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    await expect(runs[5]).rejects.toBeInstanceOf(HashGateFull);
    holds[1]!.resolve();
    await expect(runs[1]).resolves.toBe(1);
    expect(started).toEqual([0, 1, 2]);
    for (const hold of holds) hold.resolve();
    await expect(Promise.all(runs.slice(0, 5))).resolves.toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees its place when a check fails', async () => {
    const gate = createHashGate({ atOnce: 1, waiting: 0 });
    await expect(gate.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
