// `npx tsx bench/lcp-parts.ts <address> [--desktop]`: what Lighthouse's simulated largest paint (LCP)
// of one page is made of. Lighthouse's simulation (Lantern) replays the requests that finished before
// the paint seen in the real load and the first parse, layout and paint, on a simulated connection;
// this prints each of them with its simulated start and end, for the optimistic and pessimistic graphs
// whose mean is the LCP. A server must be serving the address (npm run serve). How the figures in
// docs/decisions/044-lcp-budget-against-the-page-as-drawn.md were taken.
import lighthouse, { Audit, desktopConfig, type Config } from 'lighthouse';
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { launchAuditBrowser } from './lighthouse.ts';

interface Timing { startTime: number; endTime: number }
interface GraphNode {
  type: string;
  request?: { url: string; priority: string; transferSize: number };
  duration?: number;
  childEvents?: { name: string; dur?: number }[];
}
interface Estimate { timeInMs: number; nodeTimings: Map<GraphNode, Timing> }

/** The trace events worth naming in a task: what the page's own work is made of. */
const WORK = new Set(['ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'EvaluateScript', 'FunctionCall']);

let parts: { timing: number; optimistic: Estimate; pessimistic: Estimate } | undefined;

/** An audit of this script's own, run in this process: it keeps Lantern's estimate for the page. */
class LcpParts extends Audit {
  static override get meta() {
    return {
      id: 'lcp-parts',
      title: 'What the simulated largest paint waited for',
      description: 'Lantern’s requests and tasks for the largest paint.',
      requiredArtifacts: ['Trace', 'DevtoolsLog', 'GatherContext', 'URL', 'SourceMaps'] as ('Trace' | 'DevtoolsLog' | 'GatherContext' | 'URL' | 'SourceMaps')[],
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
    };
  }

  static override async audit(...[artifacts, context]: Parameters<typeof Audit.audit>) {
    const devtoolsLog = artifacts.DevtoolsLog;
    const simulator = await LoadSimulator.request({ devtoolsLog, settings: context.settings } as never, context as never);
    const result = (await LanternLargestContentfulPaint.request(
      {
        trace: artifacts.Trace,
        devtoolsLog,
        gatherContext: artifacts.GatherContext,
        settings: context.settings,
        URL: artifacts.URL,
        SourceMaps: artifacts.SourceMaps,
        simulator,
      } as never,
      context as never,
    )) as unknown as { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };
    parts = { timing: result.timing, optimistic: result.optimisticEstimate, pessimistic: result.pessimisticEstimate };
    return { score: 1 };
  }
}

function print(name: string, estimate: Estimate) {
  console.log(`\n${name}: ${Math.round(estimate.timeInMs)} ms`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, t] of rows) {
    const what = node.request
      ? `${new URL(node.request.url).pathname}  ${node.request.priority}, ${node.request.transferSize.toLocaleString('en')} B on the wire`
      : `task of ${((node.duration ?? 0) / 1000).toFixed(1)} ms in the real load: ${(node.childEvents ?? [])
          .filter((e) => WORK.has(e.name) && (e.dur ?? 0) >= 500)
          .map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}`)
          .join(', ')}`;
    console.log(`  ${String(Math.round(t.startTime)).padStart(5)}–${String(Math.round(t.endTime)).padEnd(5)} ${what}`);
  }
}

const address = process.argv[2];
if (!address) {
  console.error('usage: npx tsx bench/lcp-parts.ts <address> [--desktop]');
  process.exit(2);
}
const desktop = process.argv.includes('--desktop');
// The same browser as the bench's audits (lighthouse.ts), so the figures are taken alike.
const chrome = await launchAuditBrowser();
try {
  const config: Config = {
    ...(desktop ? desktopConfig : {}),
    extends: 'lighthouse:default',
    audits: [LcpParts as never],
    categories: { parts: { title: 'LCP parts', auditRefs: [{ id: 'lcp-parts', weight: 1 }] } },
  };
  const run = await lighthouse(address, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'parts'] }, config);
  const audits = run?.lhr.audits ?? {};
  const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
  console.log(`${address} (${desktop ? 'desktop' : 'mobile'}): LCP ${ms('largest-contentful-paint')} ms, FCP ${ms('first-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms`);
  if (!parts) throw new Error('Lantern gave no estimate for the largest paint');
  print('optimistic graph', parts.optimistic);
  print('pessimistic graph', parts.pessimistic);
} finally {
  chrome.kill();
}
