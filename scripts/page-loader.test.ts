import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { AHEAD_FETCHED, LEAN_CONNECTION, WAKE_ISLAND } from '../src/client/island-names.ts';
import { PENDING_PRESS } from '../src/client/pending-press.ts';
import { FIRST_TOUCH, TRACKING_REFUSED_SCRIPT, trackingRefused, UNRECORDED_LANDING, VISIT_RECORDED } from '../src/client/visit.ts';
import { FETCHER_SOURCE, filesLoadedBy, filesPreloadedBy, IDLE_PRELOAD_TIMEOUT_MS, IDLE_SLICE_MS, LOADER_FALLBACK_MS, pageLoader } from './page-loader.ts';

const FILES = ['/assets/index-1.js', '/assets/shared-2.js'];
const IDLE = ['/assets/react-3.js', '/assets/hero-4.js'];
const FETCHER = '/assets/fetch-ahead-5.js';
const IMPORT = 'import(files[0])';

/**
 * The loader run in a page of its own: timers, listeners and paint entries are the test's to fire, and
 * what it would import and preload is recorded.
 */
function runLoader({
  paintTiming,
  navigator = {},
  stored = {},
  idleCallback = true,
  linkCostMs = 0,
  idle = IDLE,
  worker,
}: {
  paintTiming: boolean;
  navigator?: Record<string, unknown>;
  stored?: Record<string, string>;
  idleCallback?: boolean;
  /** How long the page's clock moves for each file asked for. */
  linkCostMs?: number;
  /** What the loader fetches ahead. */
  idle?: string[];
  /** Whether the browser has workers, and whether one starts (none: no Worker at all). */
  worker?: 'starts' | 'fails';
}) {
  let clock = 0;
  const code = /<script>([\s\S]*)<\/script>/.exec(pageLoader(FILES, idle, FETCHER))?.[1] ?? '';
  // import() cannot run in a bare context; the one call is recorded instead.
  expect(code.split(IMPORT)).toHaveLength(2);
  const imported: string[] = [];
  const woken: unknown[] = [];
  const idleCallbacks: { fn: (deadline?: { timeRemaining: () => number }) => void; timeout: unknown }[] = [];
  const preloaded: { rel: string; href: string; crossOrigin: string }[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const listeners = new Map<string, (event?: unknown) => void>();
  let observer: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
  let observed: unknown;
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['navigation', 'paint'] : ['navigation'];
    constructor(fn: typeof observer) {
      observer = fn;
    }
    observe(options: unknown) {
      observed = options;
    }
  }
  const workers: { url: string; posted: unknown[]; terminated: boolean; answer: () => void; fail: () => void }[] = [];
  class Worker {
    onmessage: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(url: string) {
      if (worker === 'fails') throw new Error('SecurityError');
      const record = { url, posted: [] as unknown[], terminated: false, answer: () => this.onmessage?.(), fail: () => this.onerror?.() };
      workers.push(record);
      this.postMessage = (data: unknown) => void record.posted.push(data);
      this.terminate = () => void (record.terminated = true);
    }
    postMessage: (data: unknown) => void;
    terminate: () => void;
  }
  const storage = new Map(Object.entries(stored));
  const context = {
    PerformanceObserver,
    window: {} as Record<string, unknown>,
    navigator,
    location: { pathname: '/', search: '?utm_source=ad&gclid=G1' },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    document: {
      referrer: 'https://www.google.com/search?q=ai',
      createElement: () => ({ rel: '', href: '', crossOrigin: 'unset' }),
      head: {
        appendChild: (link: (typeof preloaded)[number]) => {
          clock += linkCostMs;
          preloaded.push(link);
        },
      },
    },
    performance: { now: () => clock },
    setTimeout: (fn: () => void, ms = 0) => timers.push({ fn, ms }),
    requestIdleCallback: (fn: () => void, options?: { timeout: unknown }) => idleCallbacks.push({ fn, timeout: options?.timeout }),
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string, fn: () => void) => listeners.get(type) === fn && listeners.delete(type),
    // The entry, once run, takes the loader's word that an island is reached for.
    loaded: (file: string) => {
      imported.push(file);
      context.window[WAKE_ISLAND] = (island: unknown) => woken.push(island);
      return Promise.resolve();
    },
  };
  context.window.PerformanceObserver = PerformanceObserver;
  if (worker) Object.assign(context, { Worker }).window.Worker = Worker;
  if (idleCallback) context.window.requestIdleCallback = context.requestIdleCallback;
  vm.runInNewContext(code.replace(IMPORT, 'loaded(files[0])'), context);
  const paint = (name: string) => observer?.({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
  const runTimers = (ms: number) => {
    const due = timers.filter((t) => t.ms <= ms);
    timers.splice(0, timers.length, ...timers.filter((t) => t.ms > ms));
    for (const timer of due) timer.fn();
  };
  const take = (island: unknown) => (context.window[PENDING_PRESS] as (island: unknown) => unknown)(island);
  const leave = () => listeners.get('pagehide')?.();
  /** Runs the idle callbacks waiting, each given `ms` of idle time (all it wants when undefined). */
  const runIdle = (ms?: number) => idleCallbacks.splice(0).forEach((c) => c.fn(ms === undefined ? undefined : { timeRemaining: () => ms }));
  return { imported, woken, preloaded, workers, idleCallbacks, timers, listeners, paint, runTimers, runIdle, take, leave, storage, window: context.window, observed: () => observed };
}

describe('the page loader', () => {
  it('starts nothing before the first contentful paint, then the entry once with its imports; fetches the islands\' code when idle after, and runs it only once the visitor is there', async () => {
    const page = runLoader({ paintTiming: true });
    expect(page.observed()).toEqual({ type: 'paint', buffered: true });
    expect(page.imported).toEqual([]);
    page.paint('first-paint');
    page.runTimers(0);
    expect(page.imported).toEqual([]);
    page.paint('first-contentful-paint');
    // Not inside the paint's own callback: a task of its own.
    expect(page.imported).toEqual([]);
    page.runTimers(0);
    expect(page.imported).toEqual(['/assets/index-1.js']);
    expect(page.preloaded).toEqual([{ rel: 'modulepreload', href: '/assets/shared-2.js', crossOrigin: '' }]);
    // Once the entry has run, the rest waits for the browser to be idle, or IDLE_PRELOAD_TIMEOUT_MS.
    await Promise.resolve();
    expect(page.idleCallbacks).toEqual([{ fn: expect.any(Function), timeout: IDLE_PRELOAD_TIMEOUT_MS }]);
    expect(page.preloaded).toHaveLength(1);
    const told: number[] = [];
    page.window[AHEAD_FETCHED] = () => told.push(page.preloaded.length);
    // Idle: fetched into the cache, not compiled (a prefetch is the network's work, not the page's).
    page.runIdle();
    expect(page.preloaded.slice(1)).toEqual(IDLE.map((href) => ({ rel: 'prefetch', href, crossOrigin: '' })));
    expect(page.idleCallbacks).toEqual([]);
    expect(told).toEqual([]);
    // The visitor moves the page: at the next idle period the code is made ready, and the entry told.
    page.listeners.get('scroll')?.();
    expect(page.idleCallbacks).toEqual([{ fn: expect.any(Function), timeout: IDLE_PRELOAD_TIMEOUT_MS }]);
    page.runIdle();
    expect(page.preloaded.slice(1 + IDLE.length)).toEqual(IDLE.map((href) => ({ rel: 'modulepreload', href, crossOrigin: '' })));
    expect(told).toEqual([1 + 2 * IDLE.length]);
    // A press, a second sign of the visitor, the fallback and a second paint start nothing more.
    page.listeners.get('pointerdown')?.({ target: null });
    page.listeners.get('pointermove')?.();
    page.runTimers(LOADER_FALLBACK_MS);
    page.paint('first-contentful-paint');
    page.runTimers(0);
    await Promise.resolve();
    expect(page.imported).toHaveLength(1);
    expect(page.idleCallbacks).toHaveLength(0);
    expect(page.preloaded).toHaveLength(1 + 2 * IDLE.length);
  });

  it("fetches the islands' code ahead from a worker, asking for none of it from the page's own thread", async () => {
    const page = runLoader({ paintTiming: false, worker: 'starts' });
    await Promise.resolve();
    expect(page.workers).toEqual([]);
    page.runIdle(50);
    expect(page.workers).toEqual([{ url: FETCHER, posted: [IDLE], terminated: false, answer: expect.any(Function), fail: expect.any(Function) }]);
    // The page asked for nothing but the entry's own import; the worker goes once it has them all.
    expect(page.preloaded.map((p) => p.href)).toEqual(['/assets/shared-2.js']);
    expect(page.idleCallbacks).toEqual([]);
    page.workers[0]?.answer();
    expect(page.workers[0]?.terminated).toBe(true);
    // The visitor is there: the same files as module preloads, from the cache.
    page.listeners.get('scroll')?.();
    page.runIdle();
    expect(page.preloaded.filter((p) => p.rel === 'modulepreload').map((p) => p.href)).toEqual(['/assets/shared-2.js', ...IDLE]);
    expect(page.workers).toHaveLength(1);
  });

  it('starts no worker once the visitor is there, and asks for the files as prefetch links where a worker cannot start or load', async () => {
    const present = runLoader({ paintTiming: false, worker: 'starts' });
    await Promise.resolve();
    present.listeners.get('touchstart')?.();
    present.runIdle();
    expect(present.workers).toEqual([]);
    expect(present.preloaded.filter((p) => p.rel === 'modulepreload').map((p) => p.href)).toEqual(['/assets/shared-2.js', ...IDLE]);
    const refused = runLoader({ paintTiming: false, worker: 'fails' });
    await Promise.resolve();
    refused.runIdle();
    expect(refused.preloaded.filter((p) => p.rel === 'prefetch').map((p) => p.href)).toEqual(IDLE);
    // Started, but its file did not load (a stale page, say): the links at the next idle period.
    const lost = runLoader({ paintTiming: false, worker: 'starts' });
    await Promise.resolve();
    lost.runIdle();
    lost.workers[0]?.fail();
    expect(lost.workers[0]?.terminated).toBe(true);
    expect(lost.preloaded.filter((p) => p.rel === 'prefetch')).toEqual([]);
    lost.runIdle();
    expect(lost.preloaded.filter((p) => p.rel === 'prefetch').map((p) => p.href)).toEqual(IDLE);
  });

  it("has the worker read every file to its end, at low priority, and answer once, when all are in or failed", async () => {
    const fetched: { url: string; init: unknown }[] = [];
    const read: string[] = [];
    const answers: unknown[] = [];
    const settle: (() => void)[] = [];
    const scope: Record<string, unknown> = {
      fetch: (url: string, init: unknown) => {
        fetched.push({ url, init });
        return new Promise((resolve, reject) =>
          settle.push(() => (url.includes('hero') ? reject(new Error('offline')) : resolve({ arrayBuffer: () => (read.push(url), Promise.resolve(new ArrayBuffer(1))) }))),
        );
      },
      postMessage: (data: unknown) => answers.push(data),
      Promise,
    };
    vm.runInNewContext(FETCHER_SOURCE, scope);
    (scope.onmessage as (e: { data: string[] }) => void)({ data: IDLE });
    expect(fetched).toEqual(IDLE.map((url) => ({ url, init: { priority: 'low' } })));
    settle[0]?.();
    await new Promise((r) => setTimeout(r));
    expect(answers).toEqual([]);
    settle[1]?.();
    await new Promise((r) => setTimeout(r));
    expect(read).toEqual(['/assets/react-3.js']);
    expect(answers).toEqual([0]);
  });

  it.each(['pointermove', 'touchstart', 'wheel', 'scroll', 'pointerover', 'pointerdown', 'focusin', 'keydown'])(
    'takes %s for the visitor being there, before or after the entry has run',
    async (type) => {
      for (const early of [true, false]) {
        const page = runLoader({ paintTiming: true });
        const told: number[] = [];
        page.window[AHEAD_FETCHED] = () => told.push(1);
        if (early) page.listeners.get(type)?.({ target: null });
        page.paint('first-contentful-paint');
        page.runTimers(0);
        expect(page.imported).toEqual(['/assets/index-1.js']);
        await Promise.resolve();
        if (!early) page.listeners.get(type)?.({ target: null });
        page.runIdle();
        page.runIdle();
        expect(page.preloaded.filter((p) => p.rel === 'modulepreload').map((p) => p.href)).toEqual(['/assets/shared-2.js', ...IDLE]);
        expect(told).toEqual([1]);
      }
    },
  );

  it('asks for the code ahead a file at a time while the idle period has no room left, and tells the entry after the last', async () => {
    const page = runLoader({ paintTiming: false, navigator: { connection: { effectiveType: '4g' } } });
    const told: number[] = [];
    page.window[AHEAD_FETCHED] = () => told.push(page.preloaded.length);
    // The visitor is there before the entry has run: nothing is fetched ahead but to run.
    page.listeners.get('wheel')?.();
    await Promise.resolve();
    const modules = () => page.preloaded.filter((p) => p.rel === 'modulepreload');
    for (const [n] of IDLE.entries()) {
      expect(page.idleCallbacks).toHaveLength(1);
      page.runIdle(0);
      expect(modules()).toHaveLength(2 + n);
    }
    expect(page.idleCallbacks).toHaveLength(0);
    expect(page.preloaded.filter((p) => p.rel === 'prefetch')).toEqual([]);
    expect(told).toEqual([1 + IDLE.length]);
  });

  it.each([{ saveData: true }, { effectiveType: '2g' }, { effectiveType: 'slow-2g' }])(
    'fetches nothing ahead on a connection that saves data or is slow (%o)',
    async (connection) => {
      const page = runLoader({ paintTiming: false, navigator: { connection } });
      const told: number[] = [];
      page.window[AHEAD_FETCHED] = () => told.push(1);
      expect(page.imported).toEqual(['/assets/index-1.js']);
      await Promise.resolve();
      page.runTimers(IDLE_PRELOAD_TIMEOUT_MS);
      expect(page.idleCallbacks).toEqual([]);
      expect(told).toEqual([]);
      expect(page.preloaded.map((p) => p.href)).toEqual(['/assets/shared-2.js']);
      // The verdict the page's other scripts follow (islands/switch-language.ts).
      expect(page.window[LEAN_CONNECTION]).toBe(true);
    },
  );

  it.each([{}, { connection: { effectiveType: '4g' } }, { connection: { effectiveType: '3g', saveData: false } }])(
    'leaves the page free to fetch ahead on any other connection (%o)',
    (navigator) => {
      expect(runLoader({ paintTiming: true, navigator }).window[LEAN_CONNECTION]).toBe(false);
    },
  );

  it('spends at most IDLE_SLICE_MS of an idle period asking for files, however long the period', async () => {
    const idle = Array.from({ length: 10 }, (_, i) => `/assets/island-${i}.js`);
    const page = runLoader({ paintTiming: false, linkCostMs: 2, idle });
    await Promise.resolve();
    const prefetched = () => page.preloaded.filter((p) => p.rel === 'prefetch').length;
    // 2 ms each: the one that reaches the slice is the last; the rest waits for the next idle period.
    page.runIdle(50);
    expect(prefetched()).toBe(Math.ceil(IDLE_SLICE_MS / 2));
    expect(page.idleCallbacks).toHaveLength(1);
    while (page.idleCallbacks.length) page.runIdle(50);
    expect(prefetched()).toBe(idle.length);
  });

  it('fetches ahead after a timeout where the browser has no idle callback (Safari)', async () => {
    const page = runLoader({ paintTiming: false, navigator: { connection: { effectiveType: '4g' } }, idleCallback: false });
    await Promise.resolve();
    page.runTimers(IDLE_PRELOAD_TIMEOUT_MS);
    expect(page.preloaded.map((p) => p.href)).toEqual(['/assets/shared-2.js', ...IDLE]);
    page.listeners.get('touchstart')?.();
    page.runTimers(IDLE_PRELOAD_TIMEOUT_MS);
    expect(page.preloaded.map((p) => p.href)).toEqual(['/assets/shared-2.js', ...IDLE, ...IDLE]);
  });

  it.each(['pointerdown', 'keydown'])('starts at once on the first %s, before anything is painted', (type) => {
    const page = runLoader({ paintTiming: true });
    page.listeners.get(type)?.({ target: null });
    expect(page.imported).toEqual(['/assets/index-1.js']);
  });

  it('starts after the fallback when nothing is painted (a tab opened in the background)', () => {
    const page = runLoader({ paintTiming: true });
    page.runTimers(LOADER_FALLBACK_MS - 1);
    expect(page.imported).toEqual([]);
    page.runTimers(LOADER_FALLBACK_MS);
    expect(page.imported).toEqual(['/assets/index-1.js']);
  });

  it('starts at once in a browser without paint timing', () => {
    const page = runLoader({ paintTiming: false });
    expect(page.imported).toEqual(['/assets/index-1.js']);
    expect([...page.listeners.keys()]).toEqual(['click', 'pointerover', 'pointerdown', 'focusin', 'keydown', 'pointermove', 'touchstart', 'wheel', 'scroll', 'pagehide']);
  });

  /** An element in an island asleep, or awake; `button` is what a search for a button or link finds. */
  const inIsland = (island: unknown, button: unknown = null) => ({
    closest: (selector: string) =>
      selector.startsWith('[data-island]') ? island : selector.split(',').some((s) => s === 'button' || s === 'a[hreflang]') ? button : null,
  });

  it.each(['pointerover', 'pointerdown', 'focusin', 'keydown'])('wakes an island asleep on %s, and leaves the rest of the page alone', async (type) => {
    const page = runLoader({ paintTiming: true });
    const island = { name: 'hero' };
    page.listeners.get(type)?.({ target: inIsland(null) });
    await Promise.resolve();
    expect(page.woken).toEqual([]);
    page.listeners.get(type)?.({ target: inIsland(island) });
    expect(page.imported).toEqual(['/assets/index-1.js']);
    await Promise.resolve();
    await Promise.resolve();
    expect(page.woken).toEqual([island]);
  });

  it('holds a press on a button in an island asleep until the island takes it, waking it; each island its own', async () => {
    const page = runLoader({ paintTiming: true });
    const hero = { name: 'hero' };
    const topBar = { name: 'top-bar' };
    const button = { disabled: false };
    const pressOn = (target: unknown) => {
      const event = { target, button: 0, prevented: false, stopped: false, preventDefault() { this.prevented = true; }, stopPropagation() { this.stopped = true; } };
      page.listeners.get('click')?.(event);
      return event;
    };
    // Not in an island asleep (the static text, or an island awake, whose own handlers answer): left alone.
    expect(pressOn(inIsland(null, button))).toMatchObject({ prevented: false, stopped: false });
    expect(page.imported).toEqual([]);
    // Not a button, or a disabled one: left alone too.
    expect(pressOn(inIsland(hero))).toMatchObject({ prevented: false, stopped: false });
    expect(pressOn(inIsland(hero, { disabled: true }))).toMatchObject({ prevented: false, stopped: false });
    // A button, or something inside one: held, and the island wakes.
    expect(pressOn(inIsland(hero, button))).toMatchObject({ prevented: true, stopped: true });
    expect(page.imported).toEqual(['/assets/index-1.js']);
    await Promise.resolve();
    await Promise.resolve();
    expect(page.woken).toEqual([hero]);
    expect(page.take(topBar)).toBeNull();
    expect(page.take(hero)).toBe(button);
    expect(page.take(hero)).toBeNull();
  });

  it('holds a plain press on a language link, the later press replacing the earlier; one for a new tab goes its way', () => {
    const page = runLoader({ paintTiming: true });
    const topBar = { name: 'top-bar' };
    const click = (target: unknown, keys: Record<string, unknown> = {}) => {
      const event = { target, button: 0, ...keys, prevented: false, preventDefault() { this.prevented = true; }, stopPropagation() {} };
      page.listeners.get('click')?.(event);
      return event.prevented;
    };
    const linkTo = (href: string) => {
      const link = { href, disabled: undefined };
      return { link, target: inIsland(topBar, link) };
    };
    const en = linkTo('http://localhost/');
    const bg = linkTo('http://localhost/bg/');
    for (const keys of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(click(en.target, keys)).toBe(false);
    }
    expect(page.imported).toEqual([]);
    expect(click(bg.target)).toBe(true);
    expect(click(en.target)).toBe(true);
    expect(page.imported).toEqual(['/assets/index-1.js']);
    expect(page.take(topBar)).toBe(en.link);
  });

  it('names its files so they can be read back, and refuses an empty list', () => {
    const html = `<head>${pageLoader(FILES, IDLE, FETCHER)}</head>`;
    expect(filesLoadedBy(html)).toEqual(FILES);
    // The worker that fetches them first, then the files.
    expect(filesPreloadedBy(html)).toEqual([FETCHER, ...IDLE]);
    expect(filesPreloadedBy(`<head>${pageLoader(FILES, IDLE)}</head>`)).toEqual(IDLE);
    // Nothing to fetch ahead: no worker either.
    expect(filesPreloadedBy(`<head>${pageLoader(FILES, [], FETCHER)}</head>`)).toEqual([]);
    expect(() => pageLoader([])).toThrow(/no script/);
  });

  it('keeps the address and referrer of a page left before its scripts recorded the visit, for the next page', () => {
    const page = runLoader({ paintTiming: true });
    page.leave();
    expect(JSON.parse(page.storage.get(UNRECORDED_LANDING)!)).toEqual({
      path: '/',
      search: '?utm_source=ad&gclid=G1',
      referrer: 'https://www.google.com/search?q=ai',
    });
  });

  it('keeps nothing once the scripts have recorded the visit, where the tab holds a first touch or an earlier page, or when tracking is refused', () => {
    const recorded = runLoader({ paintTiming: true });
    recorded.window[VISIT_RECORDED] = true;
    recorded.leave();
    expect(recorded.storage.has(UNRECORDED_LANDING)).toBe(false);

    const touched = runLoader({ paintTiming: true, stored: { [FIRST_TOUCH]: '{"landing_path":"/bg/"}' } });
    touched.leave();
    expect(touched.storage.has(UNRECORDED_LANDING)).toBe(false);

    const earlier = JSON.stringify({ path: '/bg/', search: '', referrer: '' });
    const second = runLoader({ paintTiming: true, stored: { [UNRECORDED_LANDING]: earlier } });
    second.leave();
    expect(second.storage.get(UNRECORDED_LANDING)).toBe(earlier);

    for (const navigator of [{ globalPrivacyControl: true }, { doNotTrack: '1' }]) {
      const refusing = runLoader({ paintTiming: true, navigator });
      refusing.leave();
      expect(refusing.storage.has(UNRECORDED_LANDING)).toBe(false);
    }
  });
  it('refuses tracking by the rule the page\'s scripts follow (trackingRefused)', () => {
    const browsers = [{}, { globalPrivacyControl: true }, { globalPrivacyControl: false }, { doNotTrack: '1' }, { doNotTrack: '0' }, { doNotTrack: 'unspecified', globalPrivacyControl: true }];
    try {
      for (const navigator of browsers) {
        vi.stubGlobal('navigator', navigator);
        expect(vm.runInNewContext(TRACKING_REFUSED_SCRIPT, { navigator }), JSON.stringify(navigator)).toBe(trackingRefused());
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
