// SQLite's WAL checkpoints off the event loop (docs/decisions/021-booking-api-speed.md). In WAL mode a
// commit appends its pages to the WAL; every 1,000 pages (SQLite's default) the committing connection
// copies them into the database file and syncs both files, which on a virtual disk holds the one thread
// that serves every request for tens of milliseconds. Here a second connection, in a worker thread,
// does that copy on a timer, while the server goes on committing. The same work and the same syncs
// happen, and the same `synchronous` setting decides what is durable, only on another thread.
//
// A checkpoint running beside the writes copies the pages committed before it started; the WAL starts
// over from its beginning only once everything is copied. So that it cannot grow without end under a
// load that never pauses, the serving connection still checkpoints itself past OWN_CHECKPOINT_PAGES, by
// then with little left to copy; it does so too, at SQLite's default, if the worker stops.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the worker checkpoints; with nothing new in the WAL a checkpoint copies and syncs nothing. */
export const CHECKPOINT_EVERY_MS = 100;
/** SQLite's own threshold (wal_autocheckpoint), in pages, that the serving connection returns to should the worker stop. */
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1000;
/**
 * Past this many pages in the WAL (200 MB) the serving connection checkpoints itself after a commit: the
 * copy is mostly done by then, but its two syncs hold every request for 20–50 ms. Only a load that never
 * pauses gets here (any pause lets the worker copy everything, and the WAL starts over); under one, at
 * 6,000 bookings a second, this is every 2 s rather than, at 40 MB, every 0.4 s, and those holds had
 * made SQLite's p99 at 50 connections (decision 026).
 */
export const OWN_CHECKPOINT_PAGES = 50_000;

// CommonJS, as an `eval` worker is; it loads the same driver the server does, by its resolved path.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface BackgroundCheckpoints {
  /** Stops the worker and closes its connection; the serving connection closes after it. */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `file`, the database `sqlite` has open in WAL mode, in a worker thread. The worker
 * does not keep the process alive; an error in it (it could not open the file) brings back SQLite's own
 * checkpoints on the serving connection.
 */
export function checkpointInBackground(sqlite: Database.Database, file: string, everyMs = CHECKPOINT_EVERY_MS): BackgroundCheckpoints {
  sqlite.pragma(`wal_autocheckpoint = ${OWN_CHECKPOINT_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, file, everyMs } });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
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
