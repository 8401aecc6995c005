// A copy of the SQLite database taken while the site runs, with SQLite's online backup (better-sqlite3's
// `backup()`): it reads the file a step at a time, and the site's writes go on meanwhile (WAL). SQLite
// starts a backup over when another connection writes between two steps; after such a restart the
// rest is copied in one step, so a busy site cannot keep a backup from finishing.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** Pages copied per step: a few megabytes, so progress shows on a large file and each step is short. */
export const BACKUP_STEP_PAGES = 1000;

export interface BackupProgress {
  totalPages: number;
  remainingPages: number;
  /** Whether the copy started over because the site wrote meanwhile (the rest then goes in one step). */
  restarted: boolean;
}

export interface BackupResult {
  leads: number;
  bytes: number;
}

/** Thrown when the copy does not pass SQLite's integrity check; the copy is removed. */
export class BackupCheckError extends Error {}

/**
 * Copies `source` to `target` (which must not exist), then opens the copy and checks it: SQLite's
 * integrity check and the leads it holds. The copy is readable by its owner alone: it holds people's data.
 */
export async function backupSqlite(source: string, target: string, onProgress: (p: BackupProgress) => void = () => {}): Promise<BackupResult> {
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    let last = Number.POSITIVE_INFINITY;
    await db.backup(target, {
      progress({ totalPages, remainingPages }) {
        const restarted = remainingPages > last;
        last = remainingPages;
        onProgress({ totalPages, remainingPages, restarted });
        return restarted ? Math.max(totalPages, 1) : BACKUP_STEP_PAGES;
      },
    });
  } finally {
    db.close();
  }
  fs.chmodSync(target, 0o600);
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    // The copy carries the site's write-ahead-log mode, so opening it would leave `-wal` and `-shm`
    // files beside it; in rollback mode it is one self-contained file (the site turns the log back on
    // when it opens a restored copy).
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupCheckError(String(check));
    const { n } = copy.prepare('select count(*) as n from discovery_calls').get() as { n: number };
    return { leads: n, bytes: fs.statSync(target).size };
  } catch (err) {
    copy.close();
    fs.rmSync(target, { force: true });
    throw err;
  } finally {
    if (copy.open) copy.close();
  }
}

/** The copy's file name when none is given: the time it was taken, `leads-2026-11-25T14-03-09.sqlite`. */
export const datedBackupName = (at: Date): string => `leads-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.sqlite`;
