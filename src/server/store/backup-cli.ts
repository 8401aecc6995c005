// `npm run backup -- [file]`: a copy of the SQLite database the server uses (DATA_DIR), taken while the
// site runs, to the file given or to DATA_DIR/backups under a dated name, with its progress shown; the
// copy is checked before the command says it is done. On PostgreSQL (DATABASE_URL) it points to pg_dump
// and exits with 1. It speaks OPERATOR_LOCALE, as `npm run leads` does.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupCommandTexts } from '../../content/i18n/backup-command.ts';
import { format } from '../../content/i18n/format.ts';
import { commandConfig } from '../config.ts';
import { BackupCheckError, backupSqlite, datedBackupName } from './backup.ts';
import { SQLITE_FILE } from './database.ts';

/** Where the copies go when no file is given. */
export const BACKUP_DIR = 'backups';

const sizeOf = (bytes: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: bytes < 1024 * 1024 ? 'kilobyte' : 'megabyte', maximumFractionDigits: 1 }).format(
    bytes < 1024 * 1024 ? bytes / 1024 : bytes / (1024 * 1024),
  );

async function main(): Promise<number> {
  const config = commandConfig();
  if (!config) return 1;
  const locale = config.notifications.operatorLocale;
  const t = backupCommandTexts[locale];
  const fail = (message: string) => {
    console.error(`${message}\n${t.errors.help}`);
    return 1;
  };

  const { tokens } = parseArgs({ args: process.argv.slice(2), options: { help: { type: 'boolean', short: 'h' } }, strict: false, allowPositionals: true, tokens: true });
  const unknown = tokens.find((tk) => tk.kind === 'option' && tk.name !== 'help');
  if (unknown?.kind === 'option') return fail(format(t.errors.unknownFlag, { flag: unknown.rawName }));
  const files = tokens.filter((tk) => tk.kind === 'positional').map((tk) => tk.value);
  if (files.length > 1) return fail(t.errors.tooMany);
  const dir = path.join(config.dataDir, BACKUP_DIR);
  if (tokens.some((tk) => tk.kind === 'option')) {
    console.log(format(t.usage, { dir }));
    return 0;
  }

  if (config.databaseUrl) {
    console.error(t.errors.postgres);
    return 1;
  }
  const source = path.join(config.dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) return fail(format(t.errors.noDatabase, { source }));
  const target = path.resolve(files[0] ?? path.join(dir, datedBackupName(new Date())));
  if (fs.existsSync(target)) return fail(format(t.errors.exists, { target }));

  console.log(format(t.copying, { source, target }));
  let shown = -1;
  try {
    const result = await backupSqlite(source, target, ({ totalPages, remainingPages, restarted }) => {
      if (restarted) console.log(t.restarted);
      const percent = totalPages ? Math.floor(((totalPages - remainingPages) / totalPages) * 100) : 100;
      if (percent !== shown) console.log(format(t.progress, { percent }));
      shown = percent;
    });
    if (shown !== 100) console.log(format(t.progress, { percent: 100 }));
    console.log(format(t.done, { target, leads: result.leads, size: sizeOf(result.bytes, locale) }));
    return 0;
  } catch (err) {
    if (err instanceof BackupCheckError) return fail(format(t.errors.check, { target, result: err.message }));
    throw err;
  }
}

process.exitCode = await main();
