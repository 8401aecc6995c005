// Whether the SQLite folder can take writes. A read of the store (the health check's ping) still works
// on a full or read-only disk, while every booking fails there; the health check asks this too, so a
// load balancer or an uptime check sees the problem before a visitor does, and sees it clear.
import fs from 'node:fs';
import path from 'node:path';
import { SQLITE_FILE } from './database.ts';

export type StorageState = 'ok' | 'read-only' | 'full';

/** Less free space than this counts as full: about the WAL's growth for a few dozen bookings. */
export const MIN_FREE_BYTES = 1024 * 1024;

/**
 * `read-only` when the folder, the database or its write-ahead log refuses writing (a read-only mount,
 * permissions, an immutable file), `full` when the file system has less than `minFreeBytes` free for
 * this user. Two system calls per file, no write: cheap enough for every health check.
 */
export function sqliteStorageState(dataDir: string, minFreeBytes: number = MIN_FREE_BYTES): StorageState {
  for (const file of [dataDir, path.join(dataDir, SQLITE_FILE), path.join(dataDir, `${SQLITE_FILE}-wal`)]) {
    try {
      fs.accessSync(file, fs.constants.W_OK);
    } catch (err) {
      // The write-ahead log exists only while the database is open and written to.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return 'read-only';
    }
  }
  const { bavail, bsize } = fs.statfsSync(dataDir);
  return bavail * bsize < minFreeBytes ? 'full' : 'ok';
}
