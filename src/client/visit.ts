// What the page records of a visit, and only when the visitor has not asked otherwise (Global Privacy
// Control or Do Not Track: then nothing at all). No cookie and no id: the first touch stays in this tab
// (sessionStorage) until a booking sends it, and each step of the booking funnel is reported once per
// tab, as a bare count (shared/funnel.ts).
import { ATTRIBUTION_PARAMS, type Attribution } from '../shared/attribution.ts';
import { FUNNEL_PATH, type FunnelStep } from '../shared/funnel.ts';
import { whenIdle } from './when-idle.ts';

/** The tab's storage key of where its visit began, as a booking sends it. */
export const FIRST_TOUCH = 'first-touch';
const REPORTED = 'funnel-steps';

/**
 * The tab's storage key of a page left before its scripts had run (the page loader keeps it,
 * scripts/page-loader.ts): its address and referrer as they were, for the next page to record as where
 * the visit began. A visitor from an ad who follows a link at once keeps the ad's tags.
 */
export const UNRECORDED_LANDING = 'unrecorded-landing';
/** Set on the window once this page records its visit: the loader then has nothing to keep. */
export const VISIT_RECORDED = '__visitRecorded';

/** A page's address and referrer: what a first touch is read from. */
export interface Landing {
  path: string;
  search: string;
  referrer: string;
}

/**
 * Whether the browser says its user does not want to be tracked, as an expression the page loader runs
 * before any module. `trackingRefused` is the same rule; scripts/page-loader.test.ts holds the two together.
 */
export const TRACKING_REFUSED_SCRIPT = "(navigator.globalPrivacyControl===true||navigator.doNotTrack==='1')";

/** Whether the browser says its user does not want to be tracked. */
export function trackingRefused(): boolean {
  if (typeof navigator === 'undefined') return true;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
}

// Storage may be off (a privacy setting) or full: the visit is then not recorded, and nothing breaks.
function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Not recorded.
  }
}
function remove(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

/**
 * Where a visit beginning at `landing` began: the campaign tags and click ids of its address, the
 * referring site's host (not its path, and not this site's own) and its path. Nothing is kept yet.
 */
function firstTouchOf({ path, search, referrer }: Landing): Attribution {
  const touch: Attribution = { landing_path: path };
  const params = new URLSearchParams(search);
  for (const key of ATTRIBUTION_PARAMS) {
    const value = params.get(key);
    if (value) touch[key] = value;
  }
  try {
    const host = new URL(referrer).host;
    if (host && host !== location.host) touch.referrer_host = host;
  } catch {
    // No referrer, or none the browser shares.
  }
  return touch;
}

/** A landing the loader kept (UNRECORDED_LANDING), if there is one and it reads as one. */
function keptLanding(): Landing | undefined {
  try {
    const kept = JSON.parse(read(UNRECORDED_LANDING) ?? 'null') as Partial<Landing> | null;
    if (kept && typeof kept.path === 'string') {
      return { path: kept.path, search: String(kept.search ?? ''), referrer: String(kept.referrer ?? '') };
    }
  } catch {
    // Not a landing.
  }
  return undefined;
}

/** Where the visit began by the landing the loader kept, if there is one; else `fallback`. */
function keptTouchOr<T extends Attribution | undefined>(fallback: T): Attribution | T {
  const kept = keptLanding();
  return kept ? firstTouchOf(kept) : fallback;
}

/** This page's first touch until it is kept: what a booking sends should it come first. */
let pending: Attribution | undefined;

/** Keeps `touch` as where this visit began, unless this tab already holds one. */
function rememberFirstTouch(touch: Attribution): void {
  if (!trackingRefused() && !read(FIRST_TOUCH)) write(FIRST_TOUCH, JSON.stringify(touch));
  pending = undefined;
}

/**
 * What a page records as it starts: where the visit began, if it begins here, and on the home page the
 * funnel's first step. Read from the address at once, kept when the browser is idle: opening the tab's
 * storage is a synchronous round trip to the browser, which can hold a phone's main thread for tens of
 * milliseconds while the browser is busy with the page's loading. The step is sent in the idle period
 * after that: a beacon's start costs the thread a few milliseconds more (0.1–5 in traces), and the
 * two together came near the 12 ms that are a phone's 50.
 */
export function recordVisit(locale: string, { view }: { view: boolean }): void {
  (window as unknown as Record<string, unknown>)[VISIT_RECORDED] = true;
  const touch = (pending = firstTouchOf({ path: location.pathname, search: location.search, referrer: document.referrer }));
  let kept = false;
  let sent = !view;
  const keep = () => {
    if (kept) return;
    kept = true;
    // An earlier page of the tab, left before its scripts ran, is where the visit began.
    const began = keptTouchOr(touch);
    remove(UNRECORDED_LANDING);
    rememberFirstTouch(began);
  };
  // After the first touch is kept: the step names its source.
  const send = () => {
    if (sent) return;
    sent = true;
    sendStep('view', locale);
  };
  const later = { timeout: 3000, fallback: 500 };
  whenIdle(() => {
    keep();
    if (!sent) whenIdle(send, later);
  }, later);
  // A visitor who leaves sooner still has both, at once: a timer set as the page is left never runs.
  window.addEventListener(
    'pagehide',
    () => {
      keep();
      send();
    },
    { once: true },
  );
}

/** The first touch, for a booking to send; none when tracking is refused or nothing was kept. */
export function firstTouch(): Attribution | undefined {
  if (trackingRefused()) return undefined;
  try {
    return (JSON.parse(read(FIRST_TOUCH) ?? 'null') as Attribution | null) ?? keptTouchOr(pending);
  } catch {
    return keptTouchOr(pending);
  }
}

/** Reports a step of the funnel, the first time this tab reaches it, with the language and the visit's utm_source. */
function sendStep(step: FunnelStep, locale: string): void {
  if (trackingRefused() || typeof navigator.sendBeacon !== 'function') return;
  const reported = read(REPORTED)?.split(',') ?? [];
  if (reported.includes(step)) return;
  write(REPORTED, [...reported, step].join(','));
  const source = firstTouch()?.utm_source;
  const body = JSON.stringify(source ? { step, locale, source } : { step, locale });
  navigator.sendBeacon(FUNNEL_PATH, new Blob([body], { type: 'application/json' }));
}

/**
 * Reports a step the visitor reached by a press, after the press has answered: a step is reported from
 * the effects that also focus, and the storage it reads and writes takes a few milliseconds on a slow phone.
 */
export function reportStep(step: FunnelStep, locale: string): void {
  setTimeout(() => sendStep(step, locale));
}
