// The backup command as it is run: a child process copying a SQLite database that this process keeps
// writing to meanwhile, as the site would.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, TSX } from '../testing/command.ts';
import { useTempDir } from '../testing/app.ts';
import { openDatabase, SQLITE_FILE } from './database.ts';
import { leadRow, testLead } from '../testing/leads.ts';
import { migrate } from './migrations/index.ts';

const CLI = path.resolve('src/server/store/backup-cli.ts');
/** Enough leads that the copy takes many steps, so the writes below land between them. */
const LEADS = 20_000;

describe('npm run backup', { timeout: 60_000 }, () => {
  const dataDir = useTempDir('backup-cli-');
  const elsewhere = useTempDir('backup-target-');

  const run = (args: string[], env: Record<string, string> = {}, command = [TSX, CLI]) => runCommand(command, args, { DATA_DIR: dataDir, ...env });

  /** The site's database, written straight with better-sqlite3 for speed (the store's own file). */
  let site: SQLite.Database;
  /** A lead of some size, so the database is large enough to copy in many steps. */
  const lead = (n: number) =>
    leadRow(
      testLead({
        email: `visitor${n}@example.bg`,
        business_name: `Business ${n} ${'x'.repeat(150)}`,
        service: 'Other',
        custom_service: 'A chatbot for the shop, answering questions about opening hours and orders. '.repeat(3),
        created_at: new Date().toISOString(),
      }),
    );
  let insert: (row: ReturnType<typeof lead>) => void;

  beforeAll(async () => {
    const opened = openDatabase({ dataDir });
    await migrate(opened.db);
    await opened.db.destroy();
    site = new SQLite(path.join(dataDir, SQLITE_FILE));
    site.pragma('journal_mode = WAL');
    site.pragma('busy_timeout = 5000');
    const columns = Object.keys(lead(0));
    const statement = site.prepare(`insert into discovery_calls (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`);
    insert = (row) => statement.run(row);
    site.transaction(() => {
      for (let n = 0; n < LEADS; n++) insert(lead(n));
    })();
  }, 60_000);
  afterAll(() => site.close());

  const lines = (text: string) => text.trimEnd().split('\n');

  it('copies the database while the site writes to it, with its progress, to a dated file; the copy opens and holds the leads', async () => {
    let written = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        insert(lead(LEADS + written++));
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const res = await run(['run', '--silent', 'backup'], {}, ['npm']);
    writing = false;
    await writer;
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = lines(res.stdout);
    const target = /^Backing up .+ to (.+)…$/.exec(out[0]!)?.[1];
    expect(target).toMatch(new RegExp(`^${dataDir}/backups/leads-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.sqlite$`));
    expect(out.filter((l) => /^\d+% copied$/.test(l)).length).toBeGreaterThan(2);
    expect(out.at(-2)).toBe('100% copied');
    expect(out.at(-1)).toMatch(new RegExp(`^Done: ${target!.replace(/\./g, '\\.')} \\((\\d+) leads, [\\d.]+ MB\\)\\.$`));
    expect(written).toBeGreaterThan(0);
    // One self-contained file: no write-ahead log or shared-memory file beside it, nor made by opening it.
    expect(fs.readdirSync(path.dirname(target!))).toEqual([path.basename(target!)]);

    const copy = new SQLite(target!, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const { n } = copy.prepare('select count(*) as n from discovery_calls').get() as { n: number };
      expect(n).toBeGreaterThanOrEqual(LEADS);
      expect(n).toBeLessThanOrEqual(LEADS + written);
      expect(out.at(-1)).toContain(`(${n} leads,`);
      // The search table came along, and finds what it should.
      const found = copy.prepare(`select count(*) as n from discovery_calls_search where discovery_calls_search match '"visitor123@"'`).get() as { n: number };
      expect(found.n).toBe(1);
    } finally {
      copy.close();
    }
    expect(fs.readdirSync(path.dirname(target!))).toEqual([path.basename(target!)]);
    // People's data: for the owner's eyes only.
    expect(fs.statSync(target!).mode & 0o777).toBe(0o600);
  });

  it('copies to the file given, and never over one that exists', async () => {
    const target = path.join(elsewhere, 'nightly', 'leads.sqlite');
    const res = await run([target], { OPERATOR_LOCALE: 'bg' });
    expect(res.code).toBe(0);
    expect(lines(res.stdout).at(-1)).toMatch(/^Готово: .+ \(\d+ заявки, [\d,]+ MB\)\.$/);
    const size = fs.statSync(target).size;
    const again = await run([target]);
    expect(again).toEqual({ code: 1, stdout: '', stderr: `${target} already exists: give another file, or move that one away first.\nSee npm run backup -- --help.\n` });
    expect(fs.statSync(target).size).toBe(size);
  });

  it('points to pg_dump on PostgreSQL, and exits with 1', async () => {
    const res = await run([], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^The site keeps its leads in PostgreSQL \(DATABASE_URL\).*\n {2}pg_dump --format=custom /);
    expect((await run([], { DATABASE_URL: 'postgres://x@127.0.0.1/y', OPERATOR_LOCALE: 'bg' })).stderr).toMatch(/^Сайтът пази заявките в PostgreSQL/);
  });

  it('refuses what it cannot do, in the operator’s language', async () => {
    const empty = useTempDirNow();
    expect(await run([], { DATA_DIR: empty })).toEqual({
      code: 1,
      stdout: '',
      stderr: `There is no leads database at ${path.join(path.resolve(empty), SQLITE_FILE)}: check DATA_DIR.\nSee npm run backup -- --help.\n`,
    });
    expect(fs.readdirSync(empty)).toEqual([]);
    expect((await run(['a.sqlite', 'b.sqlite'])).stderr).toBe('Give at most one file to back up to.\nSee npm run backup -- --help.\n');
    expect((await run(['--force'], { OPERATOR_LOCALE: 'bg' })).stderr).toBe('Непозната опция --force.\nВижте npm run backup -- --help.\n');
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run backup -- \[file\]/);
    expect(help.stdout).toContain(`${dataDir}/backups`);
  });

  /** A folder of its own for one test, removed with the others. */
  function useTempDirNow(): string {
    const dir = fs.mkdtempSync(path.join(elsewhere, 'empty-'));
    return dir;
  }
});
