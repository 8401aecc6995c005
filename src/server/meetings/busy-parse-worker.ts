// Reads one calendar off the server's event loop (busy-feeds.ts starts it): a feed of megabytes takes
// seconds to parse, and the site answers meanwhile. It gets the text and the window, and answers the
// busy intervals as [start, end] milliseconds, or the error's message.
import { parentPort, workerData } from 'node:worker_threads';
import { busyIntervalsOf } from './busy-intervals.ts';

const { text, from, to } = workerData as { text: string; from: number; to: number };
try {
  const busy = busyIntervalsOf(text, new Date(from), new Date(to)).map((b) => [b.start.getTime(), b.end.getTime()]);
  parentPort?.postMessage({ busy });
} catch (err) {
  parentPort?.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
