// SQLite's WAL checkpoints off the event loop (docs/decisions/021-booking-api-speed.md). In WAL mode a
// commit appends its pages to the WAL; every 1,000 pages (SQLite's default) the committing connection
// copies them into the database file and syncs both files, which on a virtual disk holds the one thread
// that serves every request for tens of milliseconds. Here a second connection, in a worker thread,
// does that copy on a timer, while the server goes on committing. The same work and the same syncs
// happen, and the same `synchronous` setting decides what is durable, only on another thread.
//
// A checkpoint running beside the writes copies the pages committed before it started; the WAL starts
// over from its beginning only once everything is copied and the next write begins, which a load that
// never pauses does not allow. So that the WAL cannot grow without end under one, the worker asks the
// server for a pause of a few milliseconds past RESTART_PAGES (decision 027). Should that fail, the
// serving connection checkpoints itself past OWN_CHECKPOINT_PAGES, and at SQLite's default if the
// worker stops.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the worker checkpoints; with nothing new in the WAL a checkpoint copies and syncs nothing. */
export const CHECKPOINT_EVERY_MS = 100;
/** SQLite's own threshold (wal_autocheckpoint), in pages, that the serving connection returns to should the worker stop. */
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1000;
/**
 * At this many pages in the WAL (80 MB) the worker starts it over: it asks the server for a pause in its
 * writes, for a last checkpoint of the few pages written since its previous one. Only a load that never
 * pauses gets here (any pause lets the worker copy everything, and the WAL starts over). The pause holds
 * the requests under way for 3–15 ms, where the serving connection's own checkpoint held them, and the
 * event loop, for 20–50 ms (decision 027).
 */
const RESTART_PAGES = 20_000;
/**
 * Past this many pages in the WAL (200 MB) the serving connection checkpoints itself after a commit, as
 * it did before the worker asked for pauses (decision 026): should those not start the WAL over (a
 * reader elsewhere, a backup, holding its pages), it still cannot grow without end.
 */
export const OWN_CHECKPOINT_PAGES = 50_000;
/** Before it asks for a pause the worker checkpoints again, up to CATCH_UP_ROUNDS times, while a checkpoint took longer than this. */
const CATCH_UP_MS = 3;
const CATCH_UP_ROUNDS = 4;
/** The longest the server's queries are held for the worker, should it not answer. */
const MAX_PAUSE_MS = 200;

// CommonJS, as an `eval` worker is; it loads the same driver the server does, by its resolved path.
// Each tick a passive checkpoint. Once the WAL holds `restartPages`, it catches up with the writes
// (checkpoints back to back, while each still had much to copy), then asks the server for a pause
// ('pause'); once the server has stopped writing ('paused') it copies the little that is left, which
// lets the next write start the WAL over, and says so ('resume'). Should the WAL not start over (a
// reader elsewhere, a backup, still needs its pages) it asks again only once as many pages more.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
const { restartPages, catchUpMs, catchUpRounds } = workerData;
let askAt = restartPages;
let asked = false;
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
function tick() {
  if (asked) return;
  const { log } = checkpoint();
  if (log < askAt - restartPages) askAt = restartPages;
  if (log < askAt) return;
  for (let round = 0; round < catchUpRounds; round++) {
    const started = performance.now();
    checkpoint();
    if (performance.now() - started < catchUpMs) break;
  }
  asked = true;
  parentPort.postMessage('pause');
}
const timer = setInterval(tick, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'paused') {
    const { log } = checkpoint();
    askAt = log + restartPages;
    asked = false;
    parentPort.postMessage('resume');
    return;
  }
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface BackgroundCheckpoints {
  /** Stops the worker and closes its connection; the serving connection closes after it. */
  stop(): Promise<void>;
}

export interface CheckpointOptions {
  /** How often the worker checkpoints (CHECKPOINT_EVERY_MS). */
  everyMs?: number;
  /** The WAL's size, in pages, at which the worker asks for a pause to start it over (RESTART_PAGES). */
  restartPages?: number;
  /** The longest the server stays paused for the worker (MAX_PAUSE_MS). */
  maxPauseMs?: number;
}

/**
 * Starts checkpointing `file`, the database `sqlite` has open in WAL mode, in a worker thread. The worker
 * does not keep the process alive; an error in it (it could not open the file) brings back SQLite's own
 * checkpoints on the serving connection.
 *
 * `pause` runs its function once the serving connection's queries under way are done, and holds back the
 * others until the promise it returns settles: how the worker gets the moment without writes that
 * starting the WAL over needs.
 */
export function checkpointInBackground(
  sqlite: Database.Database,
  file: string,
  pause: (whilePaused: () => Promise<void>) => void,
  { everyMs = CHECKPOINT_EVERY_MS, restartPages = RESTART_PAGES, maxPauseMs = MAX_PAUSE_MS }: CheckpointOptions = {},
): BackgroundCheckpoints {
  sqlite.pragma(`wal_autocheckpoint = ${OWN_CHECKPOINT_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { driver, file, everyMs, restartPages, catchUpMs: CATCH_UP_MS, catchUpRounds: CATCH_UP_ROUNDS },
  });
  worker.unref();
  let running = true;
  let resume: (() => void) | undefined;
  const resumed = () => {
    resume?.();
    resume = undefined;
  };
  worker.on('message', (message) => {
    if (message === 'resume') return resumed();
    pause(
      () =>
        new Promise<void>((resolve) => {
          if (!running) return resolve();
          // Should the worker not answer, the queries go on regardless.
          const timeout = setTimeout(resolve, maxPauseMs);
          resume = () => {
            clearTimeout(timeout);
            resolve();
          };
          worker.postMessage('paused');
        }),
    );
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      running = false;
      resumed();
      resolve();
    }),
  );
  worker.on('error', () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_CHECKPOINT_PAGES}`);
  });
  return {
    async stop() {
      // Held while it stops: a process with nothing else left to do would otherwise exit meanwhile,
      // before what follows the store's closing (main.ts logs that it stopped).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
