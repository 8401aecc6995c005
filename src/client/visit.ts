// What the page records of a visit, and only when the visitor has not asked otherwise (Global Privacy
// Control or Do Not Track: then nothing at all). No cookie and no id: the first touch stays in this tab
// (sessionStorage) until a booking sends it, and each step of the booking funnel is reported once per
// tab, as a bare count (shared/funnel.ts).
import { ATTRIBUTION_PARAMS, type Attribution } from '../shared/attribution.ts';
import { FUNNEL_PATH, type FunnelStep } from '../shared/funnel.ts';

const FIRST_TOUCH = 'first-touch';
const REPORTED = 'funnel-steps';

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

/**
 * Keeps where this visit began, unless this tab already holds it: the campaign tags and click ids of the
 * landing address, the referring site's host (not its path, and not this site's own) and the landing path.
 */
export function rememberFirstTouch(): void {
  if (trackingRefused() || read(FIRST_TOUCH)) return;
  const touch: Attribution = { landing_path: location.pathname };
  const params = new URLSearchParams(location.search);
  for (const key of ATTRIBUTION_PARAMS) {
    const value = params.get(key);
    if (value) touch[key] = value;
  }
  try {
    const host = new URL(document.referrer).host;
    if (host && host !== location.host) touch.referrer_host = host;
  } catch {
    // No referrer, or none the browser shares.
  }
  write(FIRST_TOUCH, JSON.stringify(touch));
}

/** The first touch, for a booking to send; none when tracking is refused or nothing was kept. */
export function firstTouch(): Attribution | undefined {
  if (trackingRefused()) return undefined;
  try {
    return (JSON.parse(read(FIRST_TOUCH) ?? 'null') as Attribution | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Reports a step of the funnel, the first time this tab reaches it, with the language and the visit's utm_source. */
export function reportStep(step: FunnelStep, locale: string): void {
  if (trackingRefused() || typeof navigator.sendBeacon !== 'function') return;
  // After what the visitor pressed has answered: a step is reported from the effects that also focus, and
  // the storage it reads and writes takes a few milliseconds on a slow phone.
  setTimeout(() => {
    const reported = read(REPORTED)?.split(',') ?? [];
    if (reported.includes(step)) return;
    write(REPORTED, [...reported, step].join(','));
    const source = firstTouch()?.utm_source;
    const body = JSON.stringify(source ? { step, locale, source } : { step, locale });
    navigator.sendBeacon(FUNNEL_PATH, new Blob([body], { type: 'application/json' }));
  });
}
