// How soon the page answers a first press, in Chromium with its CPU slowed 4× (a cheap phone), timed
// inside the page so the driver's own round trips are not counted: from the input event's timestamp to
// the moment the next thing can be used. Each sample is a fresh browser context (cold cache) and a
// first interaction with the page, whose islands wake only then (docs/decisions/039-islands.md):
// "warm", once the loader has fetched their code ahead while the browser was idle and, the visitor
// having scrolled the page a little, made ready what a first press needs, as a visitor who read the
// first screen finds it; "at once", fetched ahead but with the press the page's first touch; "cold",
// with nothing fetched ahead (a connection that saves data) and the network throttled as Lighthouse's
// mobile preset. One unmeasured round first warms the server.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH, present } from '../tools/browser.ts';
import { COLD_NETWORK, INTERACTION_BUDGETS } from '../scripts/page-budgets.ts';
import { bg } from '../src/content/i18n/bg.ts';
import { fieldId } from '../src/client/booking/field-binding.ts';
import { WAKE_ISLAND } from '../src/client/island-names.ts';
import { bookingTexts } from '../src/content/i18n/booking.ts';
import { en } from '../src/content/i18n/en.ts';
import { inboxTexts } from '../src/content/i18n/inbox.ts';
import { INBOX_PATH } from '../src/shared/inbox.ts';
import { budget, judged, median, printTable, round, type BudgetCheck } from './report.ts';

export const CPU_SLOWDOWN = 4;
const WARMUP = 1;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const VISITOR = { firstName: 'Bench', email: 'bench@example.com', phone: '+359 88 123 4567' };
const FIRST_FIELD = fieldId('first_name');
const STEP2_FIELD = fieldId('business_name');
/**
 * A press is a tap: the finger is down this long before it lifts, as on a phone. Pressed at once, the
 * press's first half (the field left losing focus, its check and React's render of it) ran between
 * the release's timestamp and the click, and counted as waiting the visitor never does: a finger
 * is still down while it runs. What is timed starts at the click's timestamp, the finger lifting.
 */
const TAP = { delay: 80 };

/** What is timed, from the press: warm (code fetched ahead) unless named cold. */
export const INTERACTIONS = {
  dialogReady: '"Book a Free Discovery Call" (hero) to the first field focused',
  stepChange: 'Next (step 1) to step 2\'s first field focused',
  carouselNext: 'the carousel\'s next arrow, pressed once scrolled to, to the next card',
  languageSwitch: 'the language link (EN to BG) to the page in Bulgarian',
  atOnceDialogReady: 'at once: "Book a Free Discovery Call", the page\'s first touch, to the first field',
  coldDialogReady: 'cold: "Book a Free Discovery Call" to the first field focused',
  coldCarouselNext: 'cold: the carousel\'s next arrow to the next card',
  coldLanguageSwitch: 'cold: the language link to the page in Bulgarian',
  inboxFirstPage: 'log-in submitted to the leads list in the page',
} as const;
type Interaction = keyof typeof INTERACTIONS;

/** Each sample in ms: to the moment itself, and to the frame after it (about when it shows). */
export interface InteractionSamples { ms: number[]; paintedMs: number[] }
export interface InteractionResult {
  cpuSlowdown: number;
  samples: number;
  results: Record<Interaction, InteractionSamples & { medianMs: number; medianPaintedMs: number; worstMs: number }>;
  budgets: BudgetCheck[];
}

/**
 * Runs in the page before its scripts: the last press's and submit's event timestamps, and when each
 * watched field first gets focus while editable, or the leads list first appears; each also a frame
 * later. A string, not a function: tsx would wrap a function's inner functions in a helper the page
 * does not have.
 */
const instrument = (fields: string[], listLink: string) => `(() => {
  const fields = ${JSON.stringify(fields)};
  const marks = {};
  window.benchMarks = marks;
  const mark = (key) => {
    marks[key] = performance.now();
    requestAnimationFrame(() => setTimeout(() => (marks[key + ':painted'] = performance.now()), 0));
  };
  // The visitor's own press, not the one the loader makes again once the island has hydrated: on the
  // window, ahead of the loader, which stops a press it holds from going further.
  window.addEventListener('click', (e) => { if (e.isTrusted) marks.click = e.timeStamp; }, true);
  document.addEventListener('submit', (e) => (marks.submit = e.timeStamp), true);
  // The carousel turned (its slides moved off the first card); the page's language changed.
  new MutationObserver((records) => {
    for (const r of records) {
      const t = r.target;
      if (!('carousel' in marks) && 'click' in marks && t.id === 'services-slides' && /translateX\\(-[1-9]/.test(t.getAttribute('style') || '')) mark('carousel');
      if (!('language' in marks) && t === document.documentElement && t.lang === 'bg') mark('language');
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style', 'lang'] });
  document.addEventListener('focusin', (e) => {
    const t = e.target;
    if (fields.includes(t.id) && !(t.id in marks) && !t.disabled && !t.readOnly) mark(t.id);
  }, true);
  if (location.pathname.startsWith('/admin')) {
    new MutationObserver(() => {
      if (!('list' in marks) && document.querySelector(${JSON.stringify(`a[href^="${listLink}"]`)})) mark('list');
    }).observe(document, { subtree: true, childList: true });
  }
})();`;

const marksOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { benchMarks: Record<string, number> }).benchMarks);

async function untilMarked(page: Page, key: string) {
  await page.waitForFunction((k) => `${k}:painted` in (window as unknown as { benchMarks: Record<string, number> }).benchMarks, key, { timeout: 30_000 });
  return marksOf(page);
}

/** Until React has hydrated the element: it then carries React's own properties. */
const untilHydrated = (page: Page, selector: string) =>
  page.waitForFunction(
    (s) => {
      const el = document.querySelector(s);
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
    },
    selector,
    { timeout: 60_000 },
  );

async function throttledPage(context: BrowserContext, cold = false): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(instrument([FIRST_FIELD, STEP2_FIELD], `${INBOX_PATH}/leads/`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (cold) {
    // A connection that saves data: the loader fetches nothing ahead (scripts/page-loader.ts).
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: COLD_NETWORK.latencyMs,
      downloadThroughput: (COLD_NETWORK.downloadKbps * 1024) / 8,
      uploadThroughput: (COLD_NETWORK.uploadKbps * 1024) / 8,
    });
  }
  return page;
}

/**
 * The home page loaded and drawn, its entry run. `warm`: the islands' code fetched ahead, the visitor
 * then there (the page scrolled a little: tools/browser.ts, present) and what a first press needs made
 * ready, as a visitor who read the first screen finds it. `atOnce`: fetched ahead, but the press is the
 * visitor's first sign of being there. `cold`: nothing fetched ahead.
 */
async function homePage(context: BrowserContext, mode: 'warm' | 'atOnce' | 'cold'): Promise<Page> {
  const page = await throttledPage(context, mode === 'cold');
  // The booking dialog's code, fetched ahead when idle (scripts/prerender.ts, islandFiles) by the
  // loader's worker (scripts/page-loader.ts): one of the page's requests, though not among its own
  // resources. The rest of what is fetched ahead is in once the network is quiet (below).
  const fetchedAhead = new Promise<void>((resolve) =>
    page.on('requestfinished', (request) => /\/booking-dialog-[^/]*\.js$/.test(request.url()) && resolve()),
  );
  await page.goto('/');
  await page.waitForFunction((wakeIsland) => wakeIsland in window, WAKE_ISLAND, { timeout: 60_000 });
  if (mode !== 'cold') {
    await Promise.race([
      fetchedAhead,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the booking dialog was not fetched ahead within 60 s')), 60_000).unref()),
    ]);
  }
  if (mode === 'warm') {
    await present(page);
    // The closed dialog drawn ahead (islands/wake.ts): its first field is in the page.
    await page.waitForFunction((id) => !!document.getElementById(id), FIRST_FIELD, { timeout: 60_000 });
  }
  await page.waitForLoadState('networkidle');
  return page;
}

const since = (marks: Record<string, number>, key: string) => ({ ms: marks[key]! - marks.click!, paintedMs: marks[`${key}:painted`]! - marks.click! });

/** A first press on the carousel's next arrow at phone width, as soon as it is scrolled to. */
async function carouselRound(browser: Browser, base: string, cold: boolean) {
  const context = await browser.newContext({ viewport: PHONE, baseURL: base });
  try {
    const page = await homePage(context, cold ? 'cold' : 'warm');
    await page.locator('#services').scrollIntoViewIfNeeded();
    await page.locator('#services').getByRole('button', { name: en.services.next }).click(TAP);
    return since(await untilMarked(page, 'carousel'), 'carousel');
  } finally {
    await context.close();
  }
}

/** A first press on the top bar's link to the Bulgarian page, which switches the page in place. */
async function languageRound(browser: Browser, base: string, cold: boolean) {
  const context = await browser.newContext({ viewport: PHONE, baseURL: base });
  try {
    const page = await homePage(context, cold ? 'cold' : 'warm');
    await page.getByRole('banner').getByRole('link', { name: 'bg', exact: true }).click(TAP);
    const marks = await untilMarked(page, 'language');
    if ((await page.locator('h1').innerText()).indexOf(bg.hero.highlight) < 0) throw new Error('the page did not switch to Bulgarian');
    return since(marks, 'language');
  } finally {
    await context.close();
  }
}

/** A first press on the hero's button, to the dialog's first field; then step 1's Next (warm only). */
async function bookingRound(browser: Browser, base: string, mode: 'warm' | 'atOnce' | 'cold') {
  const context = await browser.newContext({ viewport: PHONE, baseURL: base });
  try {
    const page = await homePage(context, mode);
    await page.locator('#hero-section').getByRole('button', { name: en.hero.cta }).click(TAP);
    let marks = await untilMarked(page, FIRST_FIELD);
    const dialog = since(marks, FIRST_FIELD);
    if (mode !== 'warm') return { dialog, step: undefined };
    const t = bookingTexts.en;
    await page.getByLabel(t.firstName, { exact: true }).fill(VISITOR.firstName);
    await page.getByLabel(t.email).fill(VISITOR.email);
    await page.getByLabel(t.phone).fill(VISITOR.phone);
    await page.getByRole('dialog').getByRole('button', { name: t.next, exact: true }).click(TAP);
    marks = await untilMarked(page, STEP2_FIELD);
    return { dialog, step: since(marks, STEP2_FIELD) };
  } finally {
    await context.close();
  }
}

async function inboxRound(browser: Browser, base: string, operator: { email: string; password: string }, round: number) {
  // Log-ins are limited per address (10 in 15 minutes): the server trusts the bench as its proxy, and
  // each round comes from an address of its own (TEST-NET-2).
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL: base,
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${round + 1}` },
  });
  try {
    const page = await throttledPage(context);
    await page.goto(INBOX_PATH);
    await untilHydrated(page, '#login-email');
    await page.waitForLoadState('networkidle');
    const t = inboxTexts.en.login;
    await page.getByLabel(t.email).fill(operator.email);
    await page.getByLabel(t.password).fill(operator.password);
    await page.getByRole('button', { name: t.submit }).click(TAP);
    const marks = await untilMarked(page, 'list');
    return { ms: marks.list! - marks.submit!, paintedMs: marks['list:painted']! - marks.submit! };
  } finally {
    await context.close();
  }
}

export async function measureInteraction(opts: {
  base: string;
  samples: number;
  operator: { email: string; password: string };
  log: (line: string) => void;
}): Promise<InteractionResult> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const collected = Object.fromEntries(Object.keys(INTERACTIONS).map((k) => [k, { ms: [], paintedMs: [] }])) as unknown as Record<
    Interaction,
    InteractionSamples
  >;
  const keep = (what: Interaction, s: { ms: number; paintedMs: number }) => {
    collected[what].ms.push(round(s.ms, 1));
    collected[what].paintedMs.push(round(s.paintedMs, 1));
  };
  try {
    for (let i = 0; i < WARMUP + opts.samples; i++) {
      const warm = await bookingRound(browser, opts.base, 'warm');
      const atOnce = (await bookingRound(browser, opts.base, 'atOnce')).dialog;
      const carousel = await carouselRound(browser, opts.base, false);
      const language = await languageRound(browser, opts.base, false);
      const cold = {
        dialog: (await bookingRound(browser, opts.base, 'cold')).dialog,
        carousel: await carouselRound(browser, opts.base, true),
        language: await languageRound(browser, opts.base, true),
      };
      if (i < WARMUP) continue;
      keep('dialogReady', warm.dialog);
      if (warm.step) keep('stepChange', warm.step);
      keep('carouselNext', carousel);
      keep('languageSwitch', language);
      keep('atOnceDialogReady', atOnce);
      keep('coldDialogReady', cold.dialog);
      keep('coldCarouselNext', cold.carousel);
      keep('coldLanguageSwitch', cold.language);
      opts.log(
        `interaction ${i}/${opts.samples}: dialog ${round(warm.dialog.ms)} ms (at once ${round(atOnce.ms)}, cold ${round(cold.dialog.ms)}), step ${round(warm.step?.ms ?? NaN)} ms, ` +
          `carousel ${round(carousel.ms)} ms (cold ${round(cold.carousel.ms)}), language ${round(language.ms)} ms (cold ${round(cold.language.ms)})`,
      );
    }
    for (let i = 0; i < WARMUP + opts.samples; i++) {
      const inbox = await inboxRound(browser, opts.base, opts.operator, i);
      if (i < WARMUP) continue;
      keep('inboxFirstPage', inbox);
      opts.log(`interaction ${i}/${opts.samples}: inbox first page ${round(inbox.ms)} ms`);
    }
  } finally {
    await browser.close();
  }
  const results = Object.fromEntries(
    Object.entries(collected).map(([k, s]) => [
      k,
      { ...s, medianMs: round(median(s.ms), 1), medianPaintedMs: round(median(s.paintedMs), 1), worstMs: Math.max(...s.ms) },
    ]),
  ) as InteractionResult['results'];
  const budgets = [
    budget(`${INTERACTIONS.dialogReady} (median)`, results.dialogReady.medianMs, 'max', INTERACTION_BUDGETS.dialogReadyMs),
    budget(`${INTERACTIONS.atOnceDialogReady} (median)`, results.atOnceDialogReady.medianMs, 'max', INTERACTION_BUDGETS.firstTouchDialogReadyMs),
    budget(`${INTERACTIONS.stepChange} (median)`, results.stepChange.medianMs, 'max', INTERACTION_BUDGETS.stepChangeMs),
    budget(`${INTERACTIONS.carouselNext} (median)`, results.carouselNext.medianMs, 'max', INTERACTION_BUDGETS.carouselNextMs),
    budget(`${INTERACTIONS.languageSwitch} (median)`, results.languageSwitch.medianMs, 'max', INTERACTION_BUDGETS.languageSwitchMs),
  ];
  return { cpuSlowdown: CPU_SLOWDOWN, samples: opts.samples, results, budgets };
}

export function printInteraction({ cpuSlowdown, samples, results, budgets }: InteractionResult): void {
  console.log(
    `\nFirst interaction (Chromium, CPU ${cpuSlowdown}× slower, ${samples} fresh pages each; cold: nothing fetched ahead, ` +
      `${COLD_NETWORK.latencyMs} ms latency, ${round(COLD_NETWORK.downloadKbps / 1024, 1)} Mbit/s down), ms`,
  );
  printTable(
    ['from the press', 'median', 'next frame (median)', 'worst'],
    (Object.keys(INTERACTIONS) as Interaction[]).map((k) => [
      INTERACTIONS[k],
      judged(String(results[k].medianMs), budgets.find((b) => b.name === `${INTERACTIONS[k]} (median)`)),
      String(results[k].medianPaintedMs),
      String(results[k].worstMs),
    ]),
  );
}
