import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../testing/app.ts';
import { SQLITE_FILE } from './database.ts';
import { sqliteStorageState } from './storage-check.ts';

describe('sqliteStorageState', () => {
  const dir = useTempDir('storage-check-');
  afterEach(() => vi.restoreAllMocks());

  it('is ok for a writable folder with room, before the database exists and after', () => {
    expect(sqliteStorageState(dir)).toBe('ok');
    fs.writeFileSync(path.join(dir, SQLITE_FILE), '');
    expect(sqliteStorageState(dir)).toBe('ok');
  });

  it('is full when less than the minimum is free', () => {
    const { bavail, bsize } = fs.statfsSync(dir);
    expect(sqliteStorageState(dir, bavail * bsize + 1)).toBe('full');
  });

  // Root passes any permission check, and a read-only mount needs root: the refusal is the system's.
  it.each(['EROFS', 'EACCES', 'EPERM'])('is read-only when writing the database is refused with %s', (code) => {
    const access = fs.accessSync;
    vi.spyOn(fs, 'accessSync').mockImplementation((file, mode) => {
      if (String(file).endsWith(SQLITE_FILE)) throw Object.assign(new Error(code), { code });
      access(file, mode);
    });
    expect(sqliteStorageState(dir)).toBe('read-only');
  });
});
