import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_TOUCH, firstTouch, recordVisit, UNRECORDED_LANDING } from './visit.ts';

/** The tab's storage, as sessionStorage offers it. */
function tabStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/**
 * A page of the site at `url`, reached from `referrer`: its window's listeners are the test's to fire.
 * `nav.idle`: the browser has requestIdleCallback, and its callbacks are the test's to run.
 */
function page(url: string, referrer: string, storage: ReturnType<typeof tabStorage>, nav: Record<string, unknown> = {}) {
  const listeners = new Map<string, () => void>();
  const { pathname, search, host } = new URL(url);
  const idle: (() => void)[] = [];
  vi.stubGlobal('window', {
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    setTimeout: () => 0,
    ...(nav.idle ? { requestIdleCallback: (fn: () => void) => idle.push(fn) } : {}),
  });
  vi.stubGlobal('location', { pathname, search, host });
  vi.stubGlobal('document', { referrer });
  vi.stubGlobal('sessionStorage', storage);
  const { idle: _withIdle, ...navigatorProps } = nav;
  vi.stubGlobal('navigator', { sendBeacon: () => true, ...navigatorProps });
  return { leave: () => listeners.get('pagehide')?.(), idle: () => idle.splice(0).forEach((fn) => fn()), waiting: () => idle.length };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the visit', () => {
  it('records where the visit began from an earlier page the loader kept, not from this one', () => {
    const storage = tabStorage({
      [UNRECORDED_LANDING]: JSON.stringify({ path: '/', search: '?utm_source=ad&gclid=G1', referrer: 'https://www.google.com/search?q=x' }),
    });
    const here = page('https://site.example/privacy/', 'https://site.example/', storage);
    recordVisit('en', { view: false });
    // A booking before the browser is idle sends the earlier page's tags already.
    expect(firstTouch()).toEqual({ landing_path: '/', utm_source: 'ad', gclid: 'G1', referrer_host: 'www.google.com' });
    here.leave();
    expect(JSON.parse(storage.items.get(FIRST_TOUCH)!)).toEqual({ landing_path: '/', utm_source: 'ad', gclid: 'G1', referrer_host: 'www.google.com' });
    expect(storage.items.has(UNRECORDED_LANDING)).toBe(false);
  });

  it('records this page where nothing was kept, and keeps nothing when tracking is refused', () => {
    const storage = tabStorage();
    const here = page('https://site.example/?utm_source=mail', 'https://news.example/a', storage);
    recordVisit('en', { view: false });
    here.leave();
    expect(JSON.parse(storage.items.get(FIRST_TOUCH)!)).toEqual({ landing_path: '/', utm_source: 'mail', referrer_host: 'news.example' });

    const refused = tabStorage({ [UNRECORDED_LANDING]: JSON.stringify({ path: '/', search: '?utm_source=ad', referrer: '' }) });
    const refusing = page('https://site.example/privacy/', '', refused, { globalPrivacyControl: true });
    recordVisit('en', { view: false });
    expect(firstTouch()).toBeUndefined();
    refusing.leave();
    expect(refused.items.has(FIRST_TOUCH)).toBe(false);
  });

  it("keeps the first touch in one idle period and sends the home page's view in the next, each once; both at once when the visitor leaves first", async () => {
    const beacons: string[] = [];
    let sent = 0;
    const sendBeacon = (_url: string, body: Blob) => {
      sent += 1;
      void body.text().then((t) => beacons.push(t));
    };
    const storage = tabStorage();
    const here = page('https://site.example/?utm_source=mail', '', storage, { idle: true, sendBeacon });
    recordVisit('en', { view: true });
    expect(storage.items.has(FIRST_TOUCH)).toBe(false);
    here.idle();
    expect(storage.items.has(FIRST_TOUCH)).toBe(true);
    expect(sent).toBe(0);
    expect(here.waiting()).toBe(1);
    here.idle();
    here.leave();
    await new Promise((r) => setTimeout(r));
    expect(beacons.map((b) => JSON.parse(b))).toEqual([{ step: 'view', locale: 'en', source: 'mail' }]);

    const leaving = tabStorage();
    const gone = page('https://site.example/?utm_source=ad', '', leaving, { idle: true, sendBeacon });
    recordVisit('bg', { view: true });
    gone.leave();
    gone.idle();
    await new Promise((r) => setTimeout(r));
    expect(beacons.map((b) => JSON.parse(b)).slice(1)).toEqual([{ step: 'view', locale: 'bg', source: 'ad' }]);
    expect(JSON.parse(leaving.items.get(FIRST_TOUCH)!)).toMatchObject({ utm_source: 'ad' });
  });
});
