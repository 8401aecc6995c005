// The SQLite folder turns read-only, then fills up, under a running server: bookings are refused with
// 503 and the retry hint (Retry-After, `retryable: true`, the translated message), health answers 503
// naming the problem, the process stays up, and both clear by themselves once the disk does; every
// refused booking sent again with its key is then stored once.
//
// The folder is a small ext4 file system of its own (an image on a loop device), so filling it fills
// nothing else. "Read-only" is the database files and the folder made immutable (chattr +i): unlike a
// permission, it binds root too, and ext4 applies it to files already open, as a file system remounted
// read-only does (a remount itself is refused while the database is open). Both need root; elsewhere
// the scenario says so and is skipped (docs/decisions/017).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiMessages } from '../src/content/i18n/api-messages.ts';
import {
  attempt,
  book,
  count,
  health,
  onCleanup,
  promises,
  skipped,
  sqliteRows,
  startServer,
  submissions,
  tempDir,
  until,
  type Figures,
  type StoredLead,
  type Submission,
} from './harness.ts';

const SIZE = '16M';
/** The most bookings sent into a full disk before it must have refused some in a row. */
const MAX_INTO_FULL = 400;

/** Refusals in a row that show a full disk has stopped taking bookings (the log cannot grow). */
const REFUSED_IN_A_ROW = 4;

/**
 * Sends one booking (in English or Bulgarian, by its number) and sorts the answer: `taken` (201, and it
 * must then be stored), `refused` (503 with Retry-After and the translated, retryable message), or a
 * problem recorded in `problems`.
 */
async function sendInto(base: string, s: Submission, problems: string[]): Promise<'taken' | 'refused' | 'problem'> {
  const locale = (s.locale = s.n % 2 ? 'bg' : 'en');
  s.attempts++;
  const answer = await book(base, s);
  if (answer.code === 201) {
    s.id = String(answer.body.id);
    return 'taken';
  }
  const expected = { error: apiMessages[locale].unavailable, retryable: true };
  if (answer.code === 503 && answer.headers.get('retry-after') === '5' && JSON.stringify(answer.body) === JSON.stringify(expected)) {
    s.failures.push('503');
    return 'refused';
  }
  problems.push(`${answer.code} ${answer.headers.get('retry-after')} ${JSON.stringify(answer.body)}`);
  return 'problem';
}

export async function disk(): Promise<Figures> {
  if (process.getuid?.() !== 0) return skipped('needs root to mount a small file system and set chattr +i');
  const mountPoint = tempDir('disk');
  const image = `${mountPoint}.img`;
  try {
    execFileSync('truncate', ['-s', SIZE, image]);
    onCleanup(() => fs.rmSync(image, { force: true }));
    // No blocks reserved for root: full means full for the server too.
    execFileSync('mkfs.ext4', ['-q', '-F', '-m', '0', image]);
    execFileSync('mount', ['-o', 'loop', image, mountPoint], { stdio: 'pipe' });
  } catch (err) {
    return skipped(`cannot mount a loop file system here (${(err as Error).message.split('\n')[0]})`);
  }
  onCleanup(() => void execFileSync('umount', [mountPoint]));
  const dataDir = path.join(mountPoint, 'data');
  const locked = () => [dataDir, ...['leads.sqlite', 'leads.sqlite-wal'].map((f) => path.join(dataDir, f))].filter((f) => fs.existsSync(f));
  const chattr = (flag: '+i' | '-i') => {
    const files = locked();
    if (files.length) execFileSync('chattr', [flag, ...files]);
  };
  onCleanup(() => chattr('-i'));

  const server = await startServer({ DATA_DIR: dataDir }, 'disk');
  const all = submissions('disk', 10);
  const { broken, expect } = promises();
  const problems: string[] = [];
  for (const s of all) await attempt(server.url, s);
  expect(all.every((s) => s.id), 'bookings taken before the fault');
  const pageUp = async () => (await fetch(`${server.url}/`)).status === 200;

  // Read-only.
  chattr('+i');
  const readOnly = submissions('disk-ro', 6);
  all.push(...readOnly);
  const readOnlyAnswers = [];
  for (const s of readOnly) readOnlyAnswers.push(await sendInto(server.url, s, problems));
  expect(readOnlyAnswers.every((a) => a === 'refused'), `read-only: every booking 503 with the retry hint (${readOnlyAnswers.join(', ')}; ${problems.join('; ')})`);
  const roHealth = await health(server.url);
  expect(roHealth.code === 503 && roHealth.body.storage === 'read-only', `read-only: health 503 read-only (got ${roHealth.code} ${JSON.stringify(roHealth.body)})`);
  expect(server.alive() && (await pageUp()), 'read-only: the server stays up and serves its pages');
  chattr('-i');
  let cleared = performance.now();
  expect(await until(async () => (await health(server.url)).code === 200, 5000), 'read-only cleared: health 200');
  for (const s of readOnly) await attempt(server.url, s);
  const roRecovered = (performance.now() - cleared) / 1000;
  expect(readOnly.every((s) => s.id), 'read-only cleared: the refused bookings, sent again, are taken');

  // Full: a file takes every byte the tmpfs has left.
  const filler = path.join(mountPoint, 'filler');
  const fd = fs.openSync(filler, 'w');
  for (const size of [1 << 20, 4096, 512]) {
    const chunk = Buffer.alloc(size);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    }
  }
  fs.closeSync(fd);
  const fullHealth = await health(server.url);
  expect(fullHealth.code === 503 && fullHealth.body.storage === 'full', `full: health 503 full (got ${fullHealth.code} ${JSON.stringify(fullHealth.body)})`);
  // What still fits is taken: the write-ahead log's slack, and once a checkpoint has emptied the log,
  // the space it already has (SQLite writes it again from its start). A booking either is stored (201)
  // or is refused with the retry hint; until the log must grow and cannot, and every one is refused.
  const intoFull = submissions('disk-full', MAX_INTO_FULL);
  problems.length = 0;
  let fitted = 0;
  let inARow = 0;
  for (const s of intoFull) {
    all.push(s);
    const answer = await sendInto(server.url, s, problems);
    if (answer === 'problem') break;
    fitted += answer === 'taken' ? 1 : 0;
    inARow = answer === 'refused' ? inARow + 1 : 0;
    if (inARow === REFUSED_IN_A_ROW) break;
  }
  const refusedFull = intoFull.filter((s) => s.attempts > 0 && !s.id);
  expect(problems.length === 0, `full: every booking stored (201) or refused 503 with the retry hint (${problems.join('; ')})`);
  expect(inARow === REFUSED_IN_A_ROW, `full: ${REFUSED_IN_A_ROW} bookings in a row refused once the log has no room (${fitted} fitted, ${refusedFull.length} refused)`);
  expect(server.alive() && (await pageUp()), 'full: the server stays up and serves its pages');
  fs.rmSync(filler);
  cleared = performance.now();
  expect(await until(async () => (await health(server.url)).code === 200, 5000), 'full cleared: health 200');
  for (const s of refusedFull) await attempt(server.url, s);
  const fullRecovered = (performance.now() - cleared) / 1000;
  expect(refusedFull.every((s) => s.id), 'full cleared: the refused bookings, sent again, are taken');

  const pid = server.pid;
  expect(server.alive(), 'one process throughout: no crash');
  await server.stop();
  const figures = count(all, sqliteRows<StoredLead>(dataDir, 'select id, email from discovery_calls'));
  expect(figures.acknowledged === figures.sent && figures.stored === figures.acknowledged, 'acknowledged == stored');
  expect(figures.lost === 0 && figures.duplicates === 0, 'nothing lost, nothing twice');
  return {
    ...figures,
    notes: [
      `read-only: ${readOnly.length} of ${readOnly.length} refused 503 + Retry-After, health 503 "${String(roHealth.body.storage)}", taken ${roRecovered.toFixed(1)} s after it cleared`,
      `full: ${fitted} more fitted the log's room, ${refusedFull.length} refused 503 (the last ${REFUSED_IN_A_ROW} in a row), health 503 "${String(fullHealth.body.storage)}", taken ${fullRecovered.toFixed(1)} s after it cleared`,
      `one process (pid ${pid}) throughout`,
    ],
    broken,
  };
}
