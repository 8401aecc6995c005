// The texts of `npm run backup` (src/server/store/backup-cli.ts), in both languages side by side: only
// the terminal shows them. OPERATOR_LOCALE picks one.
import type { Locale } from '../../shared/locale.ts';

const en = {
  usage: `Usage: npm run backup -- [file]

A copy of the leads database (SQLite) taken while the site runs: the site keeps taking requests
meanwhile. Without a file, the copy goes to {dir} under a name with the date and time.
The copy holds people's data: keep it as safe as the server, and no longer than needed. An erasure
in the inbox does not reach copies made before it.`,
  copying: 'Backing up {source} to {target}…',
  progress: '{percent}% copied',
  // A write of the site's came in between two steps: the rest is copied in one.
  restarted: 'The site wrote meanwhile; copying the rest in one step.',
  done: 'Done: {target} ({leads} leads, {size}).',
  errors: {
    postgres: 'The site keeps its leads in PostgreSQL (DATABASE_URL), which this command does not copy. Use pg_dump, for example:\n  pg_dump --format=custom --file=leads-$(date +%F).dump "$DATABASE_URL"',
    noDatabase: 'There is no leads database at {source}: check DATA_DIR.',
    exists: '{target} already exists: give another file, or move that one away first.',
    tooMany: 'Give at most one file to back up to.',
    unknownFlag: 'Unknown option {flag}.',
    check: 'The copy at {target} does not pass SQLite’s integrity check ({result}); it has been removed. Please try again.',
    help: 'See npm run backup -- --help.',
  },
};

export type BackupCommandTexts = typeof en;

export const backupCommandTexts: Record<Locale, BackupCommandTexts> = {
  en,
  bg: {
    usage: `Употреба: npm run backup -- [файл]

Копие на базата със заявките (SQLite), направено докато сайтът работи: междувременно той продължава
да приема заявки. Без файл копието се записва в {dir} с име, съдържащо датата и часа.
Копието съдържа лични данни: пазете го колкото сървъра и не по-дълго от нужното. Изтриване във
входящите не засяга копия, направени преди него.`,
    copying: 'Копиране на {source} в {target}…',
    progress: 'копирани {percent}%',
    restarted: 'Сайтът записа нещо междувременно; останалото се копира наведнъж.',
    done: 'Готово: {target} ({leads} заявки, {size}).',
    errors: {
      postgres: 'Сайтът пази заявките в PostgreSQL (DATABASE_URL), който тази команда не копира. Използвайте pg_dump, например:\n  pg_dump --format=custom --file=leads-$(date +%F).dump "$DATABASE_URL"',
      noDatabase: 'Няма база със заявки в {source}: проверете DATA_DIR.',
      exists: '{target} вече съществува: посочете друг файл или първо преместете този.',
      tooMany: 'Посочете най-много един файл за копието.',
      unknownFlag: 'Непозната опция {flag}.',
      check: 'Копието в {target} не минава проверката за цялост на SQLite ({result}) и е изтрито. Моля, опитайте отново.',
      help: 'Вижте npm run backup -- --help.',
    },
  },
};
