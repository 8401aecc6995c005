// `npm run leads -- [filters]`: the latest leads in a terminal, for an operator without a browser at
// hand (over ssh on the server, say): the inbox's list as a table, with the same filters as flags, or
// with --csv (or --excel, its semicolon shape) the inbox's export on standard output. It opens the database the server uses, as the
// operator command does (DATA_DIR or DATABASE_URL, checked as the server checks them; migrations
// applied first), and speaks OPERATOR_LOCALE.
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { format } from '../../content/i18n/format.ts';
import { leadsCommandTexts, type LeadsCommandTexts } from '../../content/i18n/leads-command.ts';
import { LEAD_STATUSES, SERVICES } from '../../shared/booking.ts';
import {
  INBOX_MAX_PAGE_SIZE,
  INBOX_PAGE_SIZE,
  INBOX_TIME_ZONE,
  leadListQuery,
  SEARCH_MAX_LENGTH,
  type ExportShape,
  type LeadListQuery,
} from '../../shared/inbox.ts';
import { ATTRIBUTION_MAX } from '../../shared/attribution.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';
import { CALL_BACK_HOURS } from '../../shared/promises.ts';
import { commandConfig } from '../config.ts';
import { openDatabase } from '../store/database.ts';
import { migrate } from '../store/migrations/index.ts';
import { leadsCsv } from './csv.ts';
import { serviceLabel, statusLabel, tableOf } from './leads-table.ts';
import { dayOf } from '../leads/days.ts';
import { dayInputText, dayOfInput } from '../../shared/inbox-time.ts';
import { eachFilteredLead, listLeads } from '../leads/lead-queries.ts';

/** The flags, each a filter of the list (`search` is the list's `q`) but the last two. */
const FLAGS = {
  status: { type: 'string' },
  service: { type: 'string' },
  locale: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  overdue: { type: 'boolean' },
  unseen: { type: 'boolean' },
  spam: { type: 'boolean' },
  search: { type: 'string' },
  source: { type: 'string' },
  campaign: { type: 'string' },
  limit: { type: 'string' },
  csv: { type: 'boolean' },
  excel: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;
type Flag = keyof typeof FLAGS;

/** A refusal worth a plain sentence and exit code 1, not a stack trace. */
class Refusal extends Error {}

interface Request {
  query: LeadListQuery;
  /** The export's shape instead of the table: --csv or --excel. */
  csv: ExportShape | undefined;
  help: boolean;
}

const isFlag = (name: string): name is Flag => Object.hasOwn(FLAGS, name);

/**
 * The command line read into the list's query. Node's parseArgs splits it, leniently, so that every
 * mistake gets a sentence of ours in the operator's language rather than Node's English one.
 */
function requestOf(args: string[], t: LeadsCommandTexts, locale: Locale): Request {
  const { tokens } = parseArgs({ args, options: FLAGS, strict: false, allowPositionals: true, tokens: true });
  const given: Partial<Record<Flag, string | true>> = {};
  const problems: string[] = [];
  let unknown = false;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      // After an unknown option, its value: the option's own message says enough.
      if (!unknown) problems.push(format(t.errors.argument, { argument: token.value }));
      unknown = false;
      continue;
    }
    unknown = false;
    if (token.kind !== 'option') continue;
    const flag = token.rawName;
    if (!isFlag(token.name)) {
      problems.push(format(t.errors.unknownFlag, { flag }));
      unknown = token.value === undefined;
      continue;
    }
    if (given[token.name] !== undefined) problems.push(format(t.errors.twice, { flag }));
    if (FLAGS[token.name].type === 'boolean') {
      if (token.value !== undefined) problems.push(format(t.errors.takesNoValue, { flag }));
      given[token.name] = true;
    } else if (token.value === undefined || token.value.startsWith('--')) {
      // `--status --overdue` reads as a missing status, not a status called "--overdue".
      problems.push(format(t.errors.needsValue, { flag }));
    } else {
      given[token.name] = token.value;
    }
  }
  if (given.help && !problems.length) return { query: leadListQuery.parse({}), csv: undefined, help: true };
  if ((given.csv || given.excel) && given.limit !== undefined) problems.push(t.errors.limitWithCsv);
  if (given.csv && given.excel) problems.push(t.errors.csvOrExcel);

  const text = (flag: Flag) => (typeof given[flag] === 'string' ? (given[flag] as string) : undefined);
  // Statuses, services and languages are matched ignoring case, stored or as the table names them in the
  // operator's language: `--service "support automation"`, `--status чака`.
  const oneOf = <V extends string>(flag: Flag, values: readonly V[], label: (value: V) => string = (v) => v) => {
    const value = text(flag)?.trim().toLowerCase();
    return value === undefined ? undefined : (values.find((v) => v.toLowerCase() === value || label(v).toLowerCase() === value) ?? text(flag));
  };
  // A day as the operator's language writes one (26.11.2026 in Bulgarian), or as YYYY-MM-DD in any.
  const day = (flag: Flag) => {
    const value = text(flag);
    return value === undefined ? undefined : (dayOfInput(value, locale) ?? value);
  };
  const parsed = leadListQuery.safeParse({
    status: oneOf('status', LEAD_STATUSES, (s) => statusLabel(s, locale)),
    service: oneOf('service', SERVICES, (s) => serviceLabel(s, locale)),
    locale: oneOf('locale', LOCALES),
    from: day('from'),
    to: day('to'),
    overdue: given.overdue ? 'true' : undefined,
    unseen: given.unseen ? 'true' : undefined,
    spam: given.spam ? 'true' : undefined,
    q: text('search'),
    source: text('source'),
    campaign: text('campaign'),
    limit: text('limit'),
  });
  if (parsed.success && !problems.length) return { query: parsed.data, csv: given.excel ? 'excel' : given.csv ? 'csv' : undefined, help: false };

  const example = dayInputText(dayOf(new Date()), locale);
  const messages = (parsed.error?.issues ?? []).map((issue) => {
    const key = String(issue.path[0]);
    if (key === 'to' && issue.message === 'range') return t.errors.range;
    const flag = `--${key === 'q' ? 'search' : key}`;
    switch (key) {
      case 'status':
        return format(t.errors.oneOf, { flag, values: LEAD_STATUSES.join(', ') });
      case 'service':
        return format(t.errors.oneOf, { flag, values: SERVICES.map((s) => `"${s}"`).join(', ') });
      case 'locale':
        return format(t.errors.oneOf, { flag, values: LOCALES.join(', ') });
      case 'from':
      case 'to':
        return format(t.errors.day, { flag, example });
      case 'q':
        return format(t.errors.search, { max: SEARCH_MAX_LENGTH });
      case 'source':
      case 'campaign':
        return format(t.errors.tag, { flag, max: ATTRIBUTION_MAX });
      default:
        return format(t.errors.limit, { max: INBOX_MAX_PAGE_SIZE });
    }
  });
  // Every mistake at once, in the order the flags were given, then the values' own.
  throw new Refusal([...new Set([...problems, ...messages])].join('\n'));
}

function usageOf(t: LeadsCommandTexts): string {
  return format(t.usage, {
    statuses: LEAD_STATUSES.join(', '),
    services: SERVICES.map((s) => `"${s}"`).join(', '),
    locales: LOCALES.join(', '),
    zone: INBOX_TIME_ZONE,
    hours: CALL_BACK_HOURS,
    max: INBOX_MAX_PAGE_SIZE,
    default: INBOX_PAGE_SIZE,
  });
}

async function main(): Promise<number> {
  const config = commandConfig();
  if (!config) return 1;
  const locale = config.notifications.operatorLocale;
  const t = leadsCommandTexts[locale];
  let request: Request;
  try {
    request = requestOf(process.argv.slice(2), t, locale);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    console.error(`${err.message}\n${t.errors.help}`);
    return 1;
  }
  if (request.help) {
    console.log(usageOf(t));
    return 0;
  }

  // After the flags are read: a typo creates no data folder.
  const { db, dialect } = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const now = new Date();
    if (request.csv) {
      try {
        await pipeline(leadsCsv(eachFilteredLead(db, dialect, request.query, now), { shape: request.csv, locale }), process.stdout);
      } catch (err) {
        // `npm run leads -- --csv | head` closes the pipe early: not a failure.
        if ((err as NodeJS.ErrnoException).code !== 'EPIPE') throw err;
      }
      return 0;
    }
    const page = await listLeads(db, dialect, request.query, now);
    if (!page.leads.length) {
      console.log(t.none);
      return 0;
    }
    const colour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
    console.log(tableOf(page.leads, now, locale, t, colour));
    const notes = [page.leads.some((l) => l.seen_at === null) ? t.unseen : '', page.next ? format(t.more, { max: INBOX_MAX_PAGE_SIZE }) : ''];
    for (const note of notes.filter(Boolean)) console.log(note);
    return 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
