// Leads as a busy agency would have them after two years, for the inbox's benchmark (bench/inbox.ts)
// and for trying the inbox by hand: English and Bulgarian names (in Cyrillic and in Latin letters),
// businesses, phones written every way people write them, every service and status, more leads each
// month than the one before, and some booked in the same millisecond. The same seed writes the same
// leads, so two runs measure the same data.
// Usage: npx tsx bench/seed-leads.ts <count, default 100000>  (into DATABASE_URL, or DATA_DIR's SQLite)
import { fileURLToPath } from 'node:url';
import type { Insertable, Kysely } from 'kysely';
import { PRODUCTS, SERVICES, type LeadStatus } from '../src/shared/booking.ts';
import type { Database, DiscoveryCallsTable } from '../src/server/store/database.ts';
import { leadSearchText } from '../src/server/leads/lead-search.ts';
import { phoneE164 } from '../src/server/leads/phone.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A term only a handful of the seeded leads hold, and one that many do, for the search's timings. */
export const RARE_TERM = 'Зорница';
export const RARE_COUNT = 5;
export const COMMON_TERM = 'ivan';

const ENGLISH_NAMES = [
  'James', 'Oliver', 'Harry', 'George', 'Jack', 'Noah', 'Charlie', 'Thomas', 'Oscar', 'William', 'Henry', 'Leo',
  'Emily', 'Olivia', 'Amelia', 'Isla', 'Ava', 'Sophie', 'Grace', 'Lily', 'Chloe', 'Ella', 'Freya', 'Evie',
  'Daniel', 'Michael', 'David', 'Sarah', 'Laura', 'Rachel', 'Hannah', 'Peter', 'Mark', 'Ivan', 'Paul', 'Anna',
];
const ENGLISH_SURNAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright', 'Evans', 'Walker'];
const BULGARIAN_NAMES = [
  'Иван', 'Георги', 'Димитър', 'Петър', 'Николай', 'Христо', 'Стефан', 'Йордан', 'Васил', 'Тодор', 'Калоян', 'Мартин',
  'Мария', 'Елена', 'Десислава', 'Йорданка', 'Надежда', 'Цветелина', 'Радост', 'Виктория', 'Гергана', 'Ралица', 'Теодора', 'Силвия',
];
const BULGARIAN_SURNAMES = ['Иванов', 'Георгиев', 'Димитров', 'Петров', 'Николов', 'Христов', 'Стоянов', 'Тодоров', 'Колев', 'Маринов'];
const LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n',
  о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sht', ъ: 'a', ь: 'y',
  ю: 'yu', я: 'ya',
};
const ENGLISH_BUSINESS = ['Dental', 'Legal', 'Logistics', 'Bakery', 'Fitness', 'Realty', 'Motors', 'Studio', 'Clinic', 'Consulting', 'Travel', 'Print'];
const ENGLISH_SUFFIX = ['Ltd', 'Group', '& Co', 'Partners', 'Solutions', 'Labs'];
const BULGARIAN_BUSINESS = ['Дентал', 'Строй', 'Транс', 'Медика', 'Пекарна', 'Имоти', 'Авто', 'Студио', 'Клиника', 'Консулт', 'Травел', 'Принт'];
const BULGARIAN_PREFIX = ['Витоша', 'Родопи', 'Балкан', 'Марица', 'Пирин', 'Искър', 'Странджа', 'Тракия'];
const BULGARIAN_SUFFIX = ['ЕООД', 'ООД', 'АД', 'ЕТ'];
const DOMAINS = ['gmail.com', 'abv.bg', 'yahoo.com', 'outlook.com', 'mail.bg', 'icloud.com'];

/** mulberry32: a small, seeded generator, so the data repeats from run to run (the tests' too). */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  return { next, pick, digits };
}

const latin = (text: string) => [...text.toLowerCase()].map((c) => LATIN[c] ?? c).join('');

/** How a status ends up with the lead's age: the old ones are mostly settled, the new ones waiting. */
function statusFor(ageDays: number, r: number): LeadStatus {
  if (ageDays < 1) return r < 0.85 ? 'pending' : 'contacted';
  if (ageDays < 7) return r < 0.3 ? 'pending' : r < 0.6 ? 'contacted' : r < 0.85 ? 'scheduled' : 'won';
  // A few old ones were never worked: the overdue filter finds them.
  return r < 0.03 ? 'pending' : r < 0.15 ? 'contacted' : r < 0.3 ? 'scheduled' : r < 0.6 ? 'won' : 'lost';
}

export interface SeedOptions {
  count: number;
  /** The newest lead's time; the oldest are two years before. */
  now?: Date;
  seed?: number;
  /** Rows per INSERT: within SQLite's and PostgreSQL's limits on a statement's parameters. */
  batch?: number;
}

type Row = Insertable<DiscoveryCallsTable> & { status: LeadStatus; created_at: string };

/** The seeded leads, oldest first, without writing them. */
export function* seededLeads({ count, now = new Date(), seed = 10 }: SeedOptions): Generator<Row> {
  const { next, pick, digits } = seededRandom(seed);
  const span = 2 * 365 * DAY_MS;
  let previous = now.getTime() - span;
  // The rare term's leads, spread over the two years.
  const rare = new Set(Array.from({ length: RARE_COUNT }, (_, k) => Math.floor(((k + 0.5) * count) / RARE_COUNT)));
  for (let i = 0; i < count; i++) {
    // More leads each month than the one before: the share of the span grows with the square root.
    const at = i > 0 && next() < 0.01 ? previous : now.getTime() - span * (1 - Math.sqrt((i + next()) / count));
    previous = Math.max(previous, Math.round(at));
    const created = new Date(previous);
    const isRare = rare.has(i);
    const bulgarian = next() < 0.6 || isRare;
    const cyrillic = bulgarian && (next() < 0.8 || isRare);
    const given = isRare ? RARE_TERM : bulgarian ? pick(BULGARIAN_NAMES) : pick(ENGLISH_NAMES);
    const surname = bulgarian ? pick(BULGARIAN_SURNAMES) + (/[аяе]$/.test(given) ? 'а' : '') : pick(ENGLISH_SURNAMES);
    const fullName = next() < 0.4 ? `${given} ${surname}` : given;
    const first_name = cyrillic || !bulgarian ? fullName : latin(fullName).replace(/(^|\s)\S/g, (c) => c.toUpperCase());
    const business_name = bulgarian
      ? `${pick(BULGARIAN_PREFIX)} ${pick(BULGARIAN_BUSINESS)} ${pick(BULGARIAN_SUFFIX)}`
      : `${pick(ENGLISH_SURNAMES)} ${pick(ENGLISH_BUSINESS)} ${pick(ENGLISH_SUFFIX)}`;
    const email = `${latin(given)}.${latin(surname)}${Math.floor(next() * 100)}@${pick(DOMAINS)}`;
    const phone = bulgarian
      ? pick([
          () => `+359 8${pick(['7', '8', '9'])} ${digits(3)} ${digits(4)}`,
          () => `08${pick(['7', '8', '9'])}${digits(1)} ${digits(3)} ${digits(3)}`,
          () => `+359-8${pick(['7', '8', '9'])}-${digits(3)}-${digits(2)}-${digits(2)}`,
          () => `(02) ${digits(3)} ${digits(4)}`,
        ])()
      : pick([() => `+44 20 ${digits(4)} ${digits(4)}`, () => `+1 (${digits(3)}) ${digits(3)}-${digits(4)}`, () => `+44${digits(10)}`])();
    const service = pick(SERVICES);
    const products: readonly string[] = PRODUCTS[service];
    const ageDays = (now.getTime() - created.getTime()) / DAY_MS;
    const status = statusFor(ageDays, next());
    const touched = new Date(Math.min(now.getTime(), created.getTime() + next() * 3 * DAY_MS));
    const input = { first_name, email, phone, phone_e164: phoneE164(phone), business_name };
    yield {
      id: uuid(next),
      ...input,
      service,
      product: products.length ? pick(products) : '',
      custom_service: products.length ? '' : 'An assistant that answers our suppliers in two languages.',
      status,
      locale: bulgarian ? 'bg' : 'en',
      idempotency_key: null,
      created_at: created.toISOString(),
      updated_at: (status === 'pending' ? created : touched).toISOString(),
      // The status was set at the last change, as the store records it (the retention sweep reads it).
      status_since: (status === 'pending' ? created : touched).toISOString(),
      // Nearly everything older than a few days has been opened; about half of the newest has not.
      seen_at: ageDays > 3 || next() < 0.5 ? touched.toISOString() : null,
      search_text: leadSearchText(input),
    };
  }
}

/** A version-4-shaped id from the seeded generator. */
function uuid(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(next() * 4)]!;
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Writes the seeded leads in one transaction, many rows per statement; resolves to how many. */
export async function seedLeads(db: Kysely<Database>, options: SeedOptions): Promise<number> {
  const batch = options.batch ?? 1000;
  let written = 0;
  await db.transaction().execute(async (trx) => {
    let rows: Row[] = [];
    const flush = async () => {
      if (rows.length) await trx.insertInto('discovery_calls').values(rows).execute();
      written += rows.length;
      rows = [];
    };
    for (const row of seededLeads(options)) {
      rows.push(row);
      if (rows.length === batch) await flush();
    }
    await flush();
  });
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { openDatabase } = await import('../src/server/store/database.ts');
  const { migrate } = await import('../src/server/store/migrations/index.ts');
  const count = Number(process.argv[2] ?? 100_000);
  const { db } = openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? './data' });
  await migrate(db);
  const started = performance.now();
  const written = await seedLeads(db, { count });
  console.log(`[seed] ${written} leads in ${Math.round(performance.now() - started)} ms`);
  await db.destroy();
}
