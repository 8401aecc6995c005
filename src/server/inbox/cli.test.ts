// The leads command as it is run: a child process on a SQLite database in a folder of its own.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../leads/days.ts';
import { dateTimeText, dayInputText } from '../../shared/inbox-time.ts';
import { openDatabase } from '../store/database.ts';
import { insertLeads, testLead, type TestLead } from '../testing/leads.ts';
import { migrate } from '../store/migrations/index.ts';
import { runCommand, TSX } from '../testing/command.ts';
import { useTempDir } from '../testing/app.ts';
import { readLeadsCsv } from '../testing/csv.ts';

const CLI = path.resolve('src/server/inbox/cli.ts');
const HOUR = 3_600_000;

// Each case starts the command as an operator would (tsx compiling it), a few seconds each on a busy machine.
describe('npm run leads', { timeout: 90_000 }, () => {
  const dataDir = useTempDir('leads-cli-');

  const run = (args: string[], env: Record<string, string> = {}, command = [TSX, CLI]) => runCommand(command, args, { DATA_DIR: dataDir, ...env });

  const opened = openDatabase({ dataDir });
  afterAll(() => opened.db.destroy());

  /** A lead that came `hoursAgo` hours ago; `seen` marks it opened when it came. */
  const lead = ({ hoursAgo, seen, ...over }: Partial<TestLead> & { hoursAgo: number; seen?: boolean }) => {
    const created_at = new Date(Date.now() - hoursAgo * HOUR).toISOString();
    return testLead({ created_at, seen_at: seen ? created_at : null, ...over });
  };

  let inserted: TestLead[] = [];

  beforeAll(async () => {
    await migrate(opened.db);
    // Half an hour of margin either way: the clock keeps running while the command starts.
    inserted = await insertLeads(opened.db, [
      lead({ first_name: 'Мария', business_name: 'Пекарна „Зора“', locale: 'bg', hoursAgo: 1.5, utm_source: 'google', utm_campaign: 'bakeries' }),
      lead({ first_name: 'Ivan', business_name: '=cmd Ltd', phone: '+359 88 123 4567', service: 'Call Automation Systems', hoursAgo: 30.5, seen: true, utm_source: 'google' }),
      lead({ first_name: 'Olga', business_name: 'Olga Travel', status: 'won', hoursAgo: 24 * 40 + 0.5, seen: true }),
      // Taken for spam: never among the leads, only with --spam.
      lead({ first_name: 'Bot', business_name: 'Cheap SEO', hoursAgo: 2, spam_reason: 'honeypot' }),
    ]);
  });

  const lines = (text: string) => text.trimEnd().split('\n');

  it('prints the latest leads as a table, newest first, with the 24-hour clock, through the npm script', async () => {
    // Run in New York: the times are Sofia's all the same.
    const res = await run(['run', '--silent', 'leads'], { TZ: 'America/New_York' }, ['npm']);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    const [header, maria, ivan, olga, legend] = lines(res.stdout);
    expect(header).toMatch(/^ {3}Name +Business +Service +Status +Received \(Sofia\) +Age +Call back$/);
    // Sofia's 24-hour time, whatever the zone the command runs in.
    expect(maria).toMatch(new RegExp(`^• {2}Мария +Пекарна „Зора“ +Support Automation +Pending +${dateTimeText(inserted[0]!.created_at, 'en')} +1 hr +22 hr left$`));
    expect(ivan).toMatch(/^ {3}Ivan +=cmd Ltd +Call Automation Systems +Pending +\d+ \w+ \d{4}, \d\d:\d\d +30 hr +overdue 6 hr$/);
    expect(olga).toMatch(/^ {3}Olga +Olga Travel +Support Automation +Won +\d+ \w+ \d{4}, \d\d:\d\d +40 days$/);
    expect(legend).toBe('• not opened yet');
    // The columns line up, Cyrillic included.
    expect([...maria!].join('').indexOf('Support')).toBe(header!.indexOf('Service'));
    expect(ivan!.indexOf('Call Automation')).toBe(header!.indexOf('Service'));
  });

  it('filters as the inbox does, each flag a filter', async () => {
    const output = async (...args: string[]) => {
      const res = await run(args);
      expect(res).toMatchObject({ code: 0, stderr: '' });
      return lines(res.stdout);
    };
    // The first column of the table's rows (after the unseen mark): the names.
    const names = async (...args: string[]) =>
      (await output(...args))
        .slice(1)
        .filter((l) => /^[• ] {2}\S/.test(l))
        .map((l) => l.slice(3).split(/ {2,}/)[0]);
    expect(await names('--status', 'won')).toEqual(['Olga']);
    expect(await names('--service', 'call automation systems')).toEqual(['Ivan']);
    expect(await names('--locale', 'bg')).toEqual(['Мария']);
    expect(await names('--overdue')).toEqual(['Ivan']);
    expect(await names('--unseen')).toEqual(['Мария']);
    expect(await names('--search', 'olga')).toEqual(['Olga']);
    expect(await names('--source', 'google')).toEqual(['Мария', 'Ivan']);
    expect(await names('--spam')).toEqual(['Bot']);
    expect(await names('--source', 'google', '--campaign', 'bakeries')).toEqual(['Мария']);
    expect(await names('--from', dayOf(new Date(Date.now() - 41 * 24 * HOUR)), '--to', dayOf(new Date(Date.now() - 39 * 24 * HOUR)))).toEqual(['Olga']);
    const first = await output('--limit', '1');
    expect(first.slice(1)).toEqual([
      expect.stringMatching(/^• {2}Мария /),
      '• not opened yet',
      'More leads match: show up to 100 with --limit, or narrow the filters.',
    ]);
  });

  it('says so when nothing matches', async () => {
    expect(await run(['--status', 'scheduled'])).toEqual({ code: 0, stdout: 'No leads match.\n', stderr: '' });
  });

  it('writes the CSV of the filters to standard output with --csv', async () => {
    const res = await run(['--csv', '--status', 'pending']);
    expect(res.code).toBe(0);
    const leads = readLeadsCsv(res.stdout);
    expect(leads.map((l) => l.first_name)).toEqual(['Мария', 'Ivan']);
    expect(leads[1]).toMatchObject({ business_name: "'=cmd Ltd", phone: "'+359 88 123 4567" });
    // Or with semicolons for Excel, headed in OPERATOR_LOCALE.
    const excel = await run(['--excel', '--status', 'pending'], { OPERATOR_LOCALE: 'bg' });
    expect(excel.code).toBe(0);
    expect(readLeadsCsv(excel.stdout, { shape: 'excel', locale: 'bg' })[1]).toMatchObject({ business_name: "'=cmd Ltd", phone: '="+359 88 123 4567"' });
  });

  it('speaks OPERATOR_LOCALE', async () => {
    const res = await run(['--status', 'pending'], { OPERATOR_LOCALE: 'bg' });
    const [header, maria] = lines(res.stdout);
    expect(header).toMatch(/^ {3}Име +Фирма +Услуга +Статус +Получена \(София\) +Преди +Обаждане$/);
    expect(maria).toMatch(/Автоматизация на обслужването +Чака +\d\d?\.\d\d\.\d{4} г\., \d\d:\d\d +1 ч +остават 22 ч$/);
    // What the table shows can be typed back.
    const won = await run(['--status', 'спечелен', '--service', 'автоматизация на обслужването'], { OPERATOR_LOCALE: 'bg' });
    expect(lines(won.stdout)[1]).toMatch(/^ {3}Olga +Olga Travel +Автоматизация на обслужването +Спечелен /);
    // And days as Bulgarian writes them.
    const bgDay = (daysAgo: number) => dayInputText(dayOf(new Date(Date.now() - daysAgo * 24 * HOUR)), 'bg');
    const olga = await run(['--from', bgDay(41), '--to', bgDay(39)], { OPERATOR_LOCALE: 'bg' });
    expect(lines(olga.stdout).slice(1)).toEqual([expect.stringMatching(/^ {3}Olga /)]);
  });

  it('refuses bad flags with a clear message and exit code 1, and reads nothing', async () => {
    expect(await run(['--stauts', 'won'])).toEqual({ code: 1, stdout: '', stderr: 'Unknown option --stauts.\nSee npm run leads -- --help.\n' });
    const res = await run(['--status', 'archived', '--from', '24.11.2026', '--limit', '500', '--overdue=yes', 'Maria']);
    expect(res.code).toBe(1);
    expect(lines(res.stderr)).toEqual([
      '--overdue takes no value.',
      'Unexpected Maria: the filters are options, such as --search Maria.',
      '--status must be one of: pending, contacted, scheduled, won, lost.',
      expect.stringMatching(/^--from must be a day written as YYYY-MM-DD, such as \d{4}-\d\d-\d\d\.$/),
      '--limit must be a whole number from 1 to 100.',
      'See npm run leads -- --help.',
    ]);
    expect((await run(['--from', '2026-11-24', '--to', '2026-11-01'], { OPERATOR_LOCALE: 'bg' })).stderr).toBe(
      '--to не може да е ден преди --from.\nВижте npm run leads -- --help.\n',
    );
    expect((await run(['--csv', '--limit', '5'])).stderr).toMatch(/^--limit does not apply to --csv/);
    expect((await run(['--search'])).stderr).toMatch(/^--search needs a value\./);
    expect((await run(['--campaign', 'x'.repeat(201)])).stderr).toMatch(/^--campaign must be 1 to 200 characters\./);
  });

  it('shows how it is used with --help', async () => {
    const res = await run(['--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Usage: npm run leads -- \[filters\]/);
    expect(res.stdout).toContain('--service <service>  "Support Automation", ');
  });

  it('stops on a bad environment, naming the variable', async () => {
    const res = await run([], { DATABASE_URL: 'mysql://nope' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('DATABASE_URL');
  });
});
