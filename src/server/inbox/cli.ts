// `npm run leads -- [filters]`: the latest leads in a terminal, for an operator without a browser at
// hand (over ssh on the server, say): the inbox's list as a table, with the same filters as flags, or
// with --csv the inbox's export on standard output. It opens the database the server uses, as the
// operator command does (DATA_DIR or DATABASE_URL, checked as the server checks them; migrations
// applied first), and speaks OPERATOR_LOCALE.
import { pipeline } from 'node:stream/promises';
import { parseArgs, styleText } from 'node:util';
import { format } from '../../content/i18n/format.ts';
import { leadsCommandTexts, type LeadsCommandTexts } from '../../content/i18n/leads-command.ts';
import { LEAD_STATUSES, SERVICES } from '../../shared/booking.ts';
import {
  INBOX_MAX_PAGE_SIZE,
  INBOX_PAGE_SIZE,
  INBOX_TIME_ZONE,
  leadListQuery,
  SEARCH_MAX_LENGTH,
  type LeadListQuery,
  type LeadSummary,
} from '../../shared/inbox.ts';
import { ATTRIBUTION_MAX } from '../../shared/attribution.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';
import { CALL_BACK_HOURS } from '../../shared/promises.ts';
import { commandConfig } from '../config.ts';
import { callbackDeadline } from '../notifications/reminders.ts';
import { openDatabase } from '../store/database.ts';
import { migrate } from '../store/migrations/index.ts';
import { leadsCsv } from './csv.ts';
import { dayOf } from '../leads/days.ts';
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
  help: { type: 'boolean', short: 'h' },
} as const;
type Flag = keyof typeof FLAGS;

/** A refusal worth a plain sentence and exit code 1, not a stack trace. */
class Refusal extends Error {}

interface Request {
  query: LeadListQuery;
  csv: boolean;
  help: boolean;
}

const isFlag = (name: string): name is Flag => Object.hasOwn(FLAGS, name);

/**
 * The command line read into the list's query. Node's parseArgs splits it, leniently, so that every
 * mistake gets a sentence of ours in the operator's language rather than Node's English one.
 */
function requestOf(args: string[], t: LeadsCommandTexts): Request {
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
  if (given.help && !problems.length) return { query: leadListQuery.parse({}), csv: false, help: true };
  if (given.csv && given.limit !== undefined) problems.push(t.errors.limitWithCsv);

  const text = (flag: Flag) => (typeof given[flag] === 'string' ? (given[flag] as string) : undefined);
  // Statuses, services and languages are matched ignoring case: `--service "support automation"`.
  const oneOf = (flag: Flag, values: readonly string[]) => {
    const value = text(flag);
    return value === undefined ? undefined : (values.find((v) => v.toLowerCase() === value.trim().toLowerCase()) ?? value);
  };
  const parsed = leadListQuery.safeParse({
    status: oneOf('status', LEAD_STATUSES),
    service: oneOf('service', SERVICES),
    locale: oneOf('locale', LOCALES),
    from: text('from'),
    to: text('to'),
    overdue: given.overdue ? 'true' : undefined,
    unseen: given.unseen ? 'true' : undefined,
    spam: given.spam ? 'true' : undefined,
    q: text('search'),
    source: text('source'),
    campaign: text('campaign'),
    limit: text('limit'),
  });
  if (parsed.success && !problems.length) return { query: parsed.data, csv: given.csv === true, help: false };

  const example = dayOf(new Date());
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A span of time in the largest unit that keeps it readable: `45 min`, `5 hr`, `3 days`. */
function spanOf(ms: number, locale: Locale): string {
  const [unit, size] = ms < HOUR ? (['minute', MINUTE] as const) : ms < 48 * HOUR ? (['hour', HOUR] as const) : (['day', 24 * HOUR] as const);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(Math.floor(Math.max(0, ms) / size));
}

/**
 * The 24-hour clock, as the inbox shows it: for a lead still pending, the time left to call back or how
 * long that is overdue; nothing once someone has called.
 */
function clockOf(lead: LeadSummary, now: Date, locale: Locale, t: LeadsCommandTexts): { text: string; overdue: boolean } {
  if (lead.status !== 'pending') return { text: '', overdue: false };
  const left = callbackDeadline(lead.created_at).getTime() - now.getTime();
  return left > 0
    ? { text: format(t.left, { time: spanOf(left, locale) }), overdue: false }
    : { text: format(t.overdue, { time: spanOf(-left, locale) }), overdue: true };
}

/** Characters, not UTF-16 units: a Cyrillic name lines up like a Latin one. */
const widthOf = (text: string) => [...text].length;
const cut = (text: string, max: number) => (widthOf(text) > max ? `${[...text].slice(0, max - 1).join('')}…` : text);

/** The leads as a table with a header, unseen ones marked, overdue clocks in red where colour is wanted. */
function tableOf(leads: LeadSummary[], now: Date, locale: Locale, t: LeadsCommandTexts, colour: boolean): string {
  const h = t.headers;
  const rows = leads.map((lead) => {
    const clock = clockOf(lead, now, locale, t);
    return {
      cells: [
        lead.seen_at === null ? '•' : ' ',
        cut(lead.first_name, 20),
        cut(lead.business_name, 24),
        cut(lead.service, 24),
        lead.status,
        spanOf(now.getTime() - Date.parse(lead.created_at), locale),
        clock.text,
      ],
      overdue: clock.overdue,
    };
  });
  const header = [' ', h.name, h.business, h.service, h.status, h.age, h.clock];
  const widths = header.map((title, i) => Math.max(widthOf(title), ...rows.map((r) => widthOf(r.cells[i]!))));
  const line = (cells: string[], overdue = false) =>
    cells
      .map((cell, i) => {
        const padded = i === cells.length - 1 ? cell : cell + ' '.repeat(widths[i]! - widthOf(cell));
        return overdue && colour && i === cells.length - 1 ? styleText('red', padded) : padded;
      })
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map((r) => line(r.cells, r.overdue))].join('\n');
}

async function main(): Promise<number> {
  const config = commandConfig();
  if (!config) return 1;
  const locale = config.notifications.operatorLocale;
  const t = leadsCommandTexts[locale];
  let request: Request;
  try {
    request = requestOf(process.argv.slice(2), t);
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
        await pipeline(leadsCsv(eachFilteredLead(db, dialect, request.query, now), { shape: 'csv', locale }), process.stdout);
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
