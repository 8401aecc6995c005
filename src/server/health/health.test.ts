import { describe, expect, it } from 'vitest';
import type { StorageState } from '../store/storage-check.ts';
import { useTestApp } from '../testing/app.ts';

describe('GET /api/health and the SQLite folder', () => {
  const site = useTestApp('sqlite');

  async function healthWith(storage: () => StorageState) {
    const app = await site.build({ storage });
    const res = await app.inject('/api/health');
    return { code: res.statusCode, body: res.json<Record<string, string>>() };
  }

  it('answers 503 naming the problem while the folder takes no writes, though reads still work', async () => {
    expect(await healthWith(() => 'full')).toEqual({ code: 503, body: { status: 'unavailable', storage: 'full' } });
    expect(await healthWith(() => 'read-only')).toEqual({ code: 503, body: { status: 'unavailable', storage: 'read-only' } });
  });

  it('answers 200 once it does again', async () => {
    expect(await healthWith(() => 'ok')).toEqual({ code: 200, body: { status: 'ok' } });
  });

  it('answers 503 when the folder cannot even be looked at', async () => {
    const gone = () => {
      throw Object.assign(new Error('no such folder'), { code: 'ENOENT' });
    };
    expect(await healthWith(gone)).toEqual({ code: 503, body: { status: 'unavailable' } });
  });
});
