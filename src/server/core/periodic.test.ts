import { afterEach, describe, expect, it, vi } from 'vitest';
import { periodicTask } from './periodic.ts';

/** A run the test finishes (or fails) when it says so. */
function controlledRuns() {
  const runs: { done: () => void; fail: (err: Error) => void }[] = [];
  let out = 0;
  let most = 0;
  const run = () =>
    new Promise<void>((resolve, reject) => {
      out++;
      most = Math.max(most, out);
      const settle = (fn: () => void) => () => {
        out--;
        fn();
      };
      runs.push({ done: settle(resolve), fail: (err) => settle(() => reject(err))() });
    });
  return { run, runs, most: () => most };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('a periodic task', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at start and then on its interval, skipping a tick while a run is under way', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { run, runs, most } = controlledRuns();
    const task = periodicTask(run, 1000, () => {});
    task.start();
    expect(runs).toHaveLength(1);
    // Three ticks come while the first run is slow: none starts a second.
    vi.advanceTimersByTime(3000);
    expect(runs).toHaveLength(1);
    runs[0]!.done();
    await settled();
    vi.advanceTimersByTime(1000);
    expect(runs).toHaveLength(2);
    runs[1]!.done();
    await settled();
    expect(most()).toBe(1);
    await task.stop();
  });

  it('hands a failed run to onError, and runs again at the next tick', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { run, runs } = controlledRuns();
    const errors: unknown[] = [];
    const task = periodicTask(run, 1000, (err) => errors.push(err));
    task.start();
    runs[0]!.fail(new Error('database away'));
    await settled();
    expect(errors).toEqual([new Error('database away')]);
    vi.advanceTimersByTime(1000);
    expect(runs).toHaveLength(2);
    runs[1]!.done();
    await task.stop();
  });

  it('stop waits for the run under way, and nothing runs after it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { run, runs } = controlledRuns();
    const task = periodicTask(run, 1000, () => {});
    task.start();
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await settled();
    expect(stopped).toBe(false);
    runs[0]!.done();
    await stopping;
    expect(stopped).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(runs).toHaveLength(1);
  });
});
