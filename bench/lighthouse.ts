// Lighthouse on the built site, as issue 13 measures it: default mobile (simulated throttling) and the
// desktop preset, on each page and on an empty page served by the same server (the floor: times drift
// with the machine's load, their ratio to the floor measured in the same run much less). The pages are
// interleaved across runs, so noise reaches all of them alike; each audit runs alone.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { CHROMIUM_PATH } from '../tools/browser.ts';
import { FONTS_BEFORE_FIRST_PAINT_BUDGET, LIGHTHOUSE_BUDGETS } from '../scripts/page-budgets.ts';
import { budget, bytes, judged, median, printTable, round, type BudgetCheck } from './report.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export const FORM_FACTORS = { mobile: undefined, desktop: desktopConfig } as const satisfies Record<string, Config | undefined>;
type FormFactor = keyof typeof FORM_FACTORS;

/** The floor's address: a file the server serves from dist/client for the run only (see withEmptyPage). */
export const EMPTY_PAGE = '/bench-empty-page.html';
const EMPTY_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Empty page</title>
<meta name="description" content="An empty page, the floor the benchmark compares the site's pages with.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<p>Empty page.</p>
</body>
</html>
`;

/**
 * Runs `fn` while the empty page exists in the client folder, and removes it afterwards whatever
 * happens. The server serves any file there as a static file (no server change needed for the floor).
 */
export async function withEmptyPage<T>(clientDir: string, fn: () => Promise<T>): Promise<T> {
  const file = path.join(clientDir, EMPTY_PAGE.slice(1));
  fs.writeFileSync(file, EMPTY_PAGE_HTML);
  try {
    return await fn();
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** One audit's figures. Times in ms; bytes transferred as Lighthouse counts them. */
export interface LighthouseRun {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferBytes: number;
  /** Font files the page preloads or requests before its first paint (as observed, unthrottled). */
  fontsBeforeFcp: string[];
  /** Lighthouse's measure of the machine's speed at the run (higher is faster): load shows here. */
  benchmarkIndex: number;
  /**
   * The main thread's long tasks as Lighthouse counts them (simulated, in ms), with the script each is
   * attributed to: what a run's blocking time was made of, kept in bench/results.json.
   */
  longTasks: { url: string; startMs: number; durationMs: number }[];
}

const METRICS = ['fcpMs', 'lcpMs', 'tbtMs', 'cls', 'speedIndexMs', 'transferBytes'] as const;
type Metric = (typeof METRICS)[number];

/** Median and worst of the runs: the lowest score, the highest time, shift and bytes. */
export interface Summary {
  runs: number;
  median: Record<Category | Metric, number> & { fontsBeforeFcp: number };
  worst: Record<Category | Metric, number> & { fontsBeforeFcp: number };
}

interface NetworkItem { url: string; resourceType?: string; rendererStartTime?: number }

function figuresOf(lhr: Result, fontPreloads: (url: string) => boolean): LighthouseRun {
  const a = lhr.audits;
  const num = (id: string) => {
    const v = a[id]?.numericValue;
    if (typeof v !== 'number') throw new Error(`Lighthouse gave no ${id} for ${lhr.finalDisplayedUrl}: ${a[id]?.errorMessage ?? lhr.runtimeError?.message ?? 'no value'}`);
    return v;
  };
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  // Fonts requested before the first paint, in the observed (unthrottled) trace: a request's start,
  // relative to the earliest request, against the observed first paint's timestamp (both in µs).
  const requests = a['network-requests']?.details as { items?: NetworkItem[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const metrics = (a.metrics?.details as { items?: { observedFirstContentfulPaintTs?: number }[] } | undefined)?.items?.[0];
  const start = requests?.debugData?.networkStartTimeTs;
  const fcpTs = metrics?.observedFirstContentfulPaintTs;
  const fonts = (requests?.items ?? []).filter((r) => r.resourceType === 'Font');
  const early = fonts.filter((r) =>
    fontPreloads(r.url) ||
    (start !== undefined && fcpTs !== undefined && r.rendererStartTime !== undefined && start + r.rendererStartTime * 1000 < fcpTs),
  );
  return {
    scores,
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    speedIndexMs: num('speed-index'),
    transferBytes: num('total-byte-weight'),
    fontsBeforeFcp: [...new Set(early.map((r) => new URL(r.url).pathname))],
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    longTasks: ((a['long-tasks']?.details as { items?: { url?: string; startTime?: number; duration?: number }[] } | undefined)?.items ?? []).map((t) => ({
      url: t.url ?? '',
      startMs: round(t.startTime ?? 0),
      durationMs: round(t.duration ?? 0),
    })),
  };
}

/** What a long task is attributed to, shortly: a script's or page's path, or Lighthouse's own word. */
function taskSource(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url || 'Unattributable';
  }
}

function summarize(runs: LighthouseRun[]): Summary {
  const pick = (f: (xs: number[]) => number, worstIsLow: boolean) => {
    const out: Record<string, number> = {};
    for (const c of CATEGORIES) out[c] = worstIsLow ? Math.min(...runs.map((r) => r.scores[c])) : f(runs.map((r) => r.scores[c]));
    for (const m of METRICS) out[m] = f(runs.map((r) => r[m]));
    out.fontsBeforeFcp = f(runs.map((r) => r.fontsBeforeFcp.length));
    return out as Summary['median'];
  };
  return { runs: runs.length, median: pick(median, false), worst: pick((xs) => Math.max(...xs), true) };
}

/** Runs of one audit before the bench gives up on it: Lighthouse asks to be run again after some failures. */
const AUDIT_TRIES = 3;

/** The browser every audit runs in: headless, with nothing of its own on the network beside the page. */
export const launchAuditBrowser = () =>
  chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

async function auditOnce(url: string, config: Config | undefined): Promise<Result> {
  const chrome = await launchAuditBrowser();
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', disableFullPageScreenshot: true };
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * One audit, run again when Lighthouse fails (a trace it could not record, NO_NAVSTART, says "Please run
 * Lighthouse again"), up to AUDIT_TRIES times: one such failure would otherwise end a bench of many minutes.
 */
async function audit(url: string, config: Config | undefined, log: (line: string) => void): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, config);
    } catch (error) {
      if (attempt >= AUDIT_TRIES) throw error;
      log(`${(error as Error).message}; running it again (${attempt + 1}/${AUDIT_TRIES})`);
    }
  }
}

export interface LighthouseResult {
  runsPerPage: number;
  /** By form factor, then by page (EMPTY_PAGE is the floor): every run, and their summary. */
  results: Record<FormFactor, Record<string, { runs: LighthouseRun[]; summary: Summary; lcpOverEmpty: number; fcpOverEmpty: number }>>;
  budgets: BudgetCheck[];
}

export async function measureLighthouse(opts: {
  base: string;
  pages: readonly string[];
  runs: number;
  /** Whether a page's HTML preloads a font at this address. */
  preloadsFont: (page: string, url: string) => boolean;
  log: (line: string) => void;
}): Promise<LighthouseResult> {
  const all = [EMPTY_PAGE, ...opts.pages];
  const runs = Object.fromEntries(
    Object.keys(FORM_FACTORS).map((f) => [f, Object.fromEntries(all.map((p) => [p, [] as LighthouseRun[]]))]),
  ) as Record<FormFactor, Record<string, LighthouseRun[]>>;
  const total = opts.runs * all.length * Object.keys(FORM_FACTORS).length;
  let done = 0;
  for (let i = 0; i < opts.runs; i++) {
    for (const [factor, config] of Object.entries(FORM_FACTORS) as [FormFactor, Config | undefined][]) {
      for (const page of all) {
        const started = performance.now();
        const lhr = await audit(opts.base + page, config, opts.log);
        const figures = figuresOf(lhr, (url) => opts.preloadsFont(page, new URL(url).pathname));
        runs[factor][page]!.push(figures);
        done++;
        opts.log(
          `lighthouse ${done}/${total} ${factor} ${page}: perf ${figures.scores.performance}, LCP ${round(figures.lcpMs)} ms, ` +
          `TBT ${round(figures.tbtMs)} ms, machine index ${figures.benchmarkIndex} (${round((performance.now() - started) / 1000, 1)} s)` +
          (figures.longTasks.length ? `; long tasks ${figures.longTasks.map((t) => `${taskSource(t.url)} at ${t.startMs}: ${t.durationMs} ms`).join(', ')}` : ''),
        );
      }
    }
  }
  const results = {} as LighthouseResult['results'];
  const budgets: BudgetCheck[] = [];
  const B = LIGHTHOUSE_BUDGETS;
  for (const factor of Object.keys(FORM_FACTORS) as FormFactor[]) {
    results[factor] = {};
    const floor = summarize(runs[factor][EMPTY_PAGE]!);
    for (const page of all) {
      const summary = summarize(runs[factor][page]!);
      results[factor][page] = {
        runs: runs[factor][page]!,
        summary,
        lcpOverEmpty: round(summary.median.lcpMs / floor.median.lcpMs, 2),
        fcpOverEmpty: round(summary.median.fcpMs / floor.median.fcpMs, 2),
      };
      // The budgets hold for the site's pages, on a phone and on a desktop.
      if (page === EMPTY_PAGE) continue;
      const name = (what: string) => `${factor} ${page} ${what}`;
      for (const c of CATEGORIES) budgets.push(budget(name(`${c} (worst)`), summary.worst[c], 'min', B.score));
      budgets.push(
        budget(name('LCP ÷ empty (median)'), results[factor][page]!.lcpOverEmpty, 'max', B.lcpOverEmpty),
        // In every run: the slowest run's largest paint against the empty page's median.
        budget(name('LCP ÷ empty (worst)'), round(summary.worst.lcpMs / floor.median.lcpMs, 2), 'max', B.lcpOverEmpty),
        budget(name('TBT (worst)'), summary.worst.tbtMs, 'max', B.totalBlockingTimeMs),
        budget(name('TBT (median)'), summary.median.tbtMs, 'max', B.totalBlockingTimeMedianMs),
        budget(name('CLS (worst)'), summary.worst.cls, 'max', B.cumulativeLayoutShift),
        budget(name('fonts before first paint (worst)'), summary.worst.fontsBeforeFcp, 'max', FONTS_BEFORE_FIRST_PAINT_BUDGET),
      );
    }
  }
  return { runsPerPage: opts.runs, results, budgets };
}

export function printLighthouse({ runsPerPage, results, budgets }: LighthouseResult): void {
  for (const [factor, pages] of Object.entries(results)) {
    const speed = Object.values(pages).flatMap((p) => p.runs.map((r) => r.benchmarkIndex));
    console.log(
      `\nLighthouse ${factor} (${factor === 'mobile' ? 'simulated throttling' : 'desktop preset'}), ${runsPerPage} runs each: ` +
      `median / worst; budgets beside the mobile figures; machine's benchmark index ${Math.min(...speed)}–${Math.max(...speed)}`,
    );
    const check = (page: string, what: string) => budgets.find((b) => b.name === `${factor} ${page} ${what}`);
    const rows = Object.entries(pages).map(([page, { summary: s, lcpOverEmpty, fcpOverEmpty }]) => {
      const mw = (m: keyof Summary['median'], digits = 0) => `${round(s.median[m], digits)} / ${round(s.worst[m], digits)}`;
      return [
        page === EMPTY_PAGE ? `${page} (floor)` : page,
        judged(mw('performance'), check(page, 'performance (worst)')),
        judged(mw('accessibility'), check(page, 'accessibility (worst)')),
        judged(mw('best-practices'), check(page, 'best-practices (worst)')),
        judged(mw('seo'), check(page, 'seo (worst)')),
        `${mw('fcpMs')} (${fcpOverEmpty}×)`,
        `${mw('lcpMs')} (${judged(`${lcpOverEmpty}×`, check(page, 'LCP ÷ empty (median)'), `${LIGHTHOUSE_BUDGETS.lcpOverEmpty}×`)})`,
        `${judged(String(round(s.median.tbtMs)), check(page, 'TBT (median)'))} / ${judged(String(round(s.worst.tbtMs)), check(page, 'TBT (worst)'))}`,
        judged(mw('cls', 3), check(page, 'CLS (worst)')),
        mw('speedIndexMs'),
        `${bytes(s.median.transferBytes)} / ${bytes(s.worst.transferBytes)}`,
        judged(mw('fontsBeforeFcp'), check(page, 'fonts before first paint (worst)')),
      ];
    });
    printTable(
      ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP ms (÷ empty)', 'LCP ms (÷ empty)', 'TBT ms', 'CLS', 'SI ms', 'bytes', 'fonts pre-FCP'],
      rows,
    );
  }
}
