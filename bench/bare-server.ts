// The physical limit of our server's work on this machine, for the benchmark's API section (bench/api.ts):
// a bare `node:http` server doing the same work with nothing else around it.
//   booking sqlite <data dir>   POST: reads and parses the JSON body, one INSERT of a lead row into the
//                               same table (same schema and indexes, created by our migrations) with
//                               better-sqlite3 opened as the store opens it (WAL, busy_timeout,
//                               secure_delete, SQLite's default `synchronous`), the statement prepared
//                               once; answers 201 with the id, status and time, as ours does.
//   booking postgres <url>      The same with `pg`: a pool of 10 (the store's size), one INSERT per
//                               request, autocommit (one commit per request, as ours).
//   static <html file>          GET /: the file and its compressed copies beside it (<file>.br,
//                               <file>.gz: the benchmark writes the very bytes our server sent), read
//                               once at start and sent from memory, brotli to a client that takes it,
//                               else gzip, else the file as it is.
// Every mode answers GET /api/health with 200, so the benchmark waits on it as on our server.
// Usage: node --import tsx bench/bare-server.ts <mode> <arg> <port>
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { SQLITE_FILE } from '../src/server/store/database.ts';
import { migrate } from '../src/server/store/migrations/index.ts';

const [mode, kind, arg, portArg] = process.argv.slice(2);
const port = Number(portArg);

interface Booking {
  first_name: string; email: string; phone: string; business_name: string;
  service: string; product: string; custom_service: string; locale: string;
}

const COLUMNS = [
  'id', 'first_name', 'email', 'phone', 'business_name', 'service', 'product', 'custom_service', 'locale',
  'search_text', 'status', 'created_at', 'updated_at', 'status_since',
] as const;

/** The row's values in COLUMNS' order: the visitor's fields, and what the store adds (a folded search text). */
function rowOf(b: Booking): unknown[] {
  const now = new Date().toISOString();
  const search = `${b.first_name} ${b.email} ${b.phone} ${b.business_name}`.toLowerCase();
  return [randomUUID(), b.first_name, b.email, b.phone, b.business_name, b.service, b.product, b.custom_service, b.locale,
    search, 'pending', now, now, now];
}

function readJson(req: http.IncomingMessage): Promise<Booking> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Booking);
      } catch (err) {
        reject(err as Error);
      }
    });
    req.on('error', reject);
  });
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

type Insert = (values: unknown[]) => Promise<void> | void;

async function bookingInsert(): Promise<Insert> {
  const insertSql = (placeholder: (i: number) => string) =>
    `INSERT INTO discovery_calls (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => placeholder(i)).join(', ')})`;
  if (kind === 'sqlite') {
    fs.mkdirSync(arg!, { recursive: true });
    const sqlite = new SQLite(path.join(arg!, SQLITE_FILE));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('secure_delete = on');
    await migrate(new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }));
    const statement = sqlite.prepare(insertSql(() => '?'));
    return (values) => void statement.run(values);
  }
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: arg, max: 10 });
    const setup = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: arg, max: 1 }) }) });
    await migrate(setup);
    await setup.destroy();
    const text = insertSql((i) => `$${i + 1}`);
    return async (values) => void (await pool.query(text, values));
  }
  throw new Error(`booking: unknown store ${kind}`);
}

async function bookingServer(): Promise<http.Server> {
  const insert = await bookingInsert();
  return http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/api/health') return json(res, 200, { ok: true });
    if (req.method !== 'POST' || req.url !== '/api/discovery-calls') return json(res, 404, { error: 'not found' });
    readJson(req)
      .then(async (booking) => {
        const values = rowOf(booking);
        await insert(values);
        json(res, 201, { id: values[0], status: 'pending', created_at: values[11] });
      })
      .catch(() => json(res, 503, { error: 'unavailable' }));
  });
}

function staticServer(): http.Server {
  const file = kind!;
  const raw = fs.readFileSync(file);
  const br = fs.readFileSync(`${file}.br`);
  const gzip = fs.readFileSync(`${file}.gz`);
  return http.createServer((req, res) => {
    if (req.url === '/api/health') return json(res, 200, { ok: true });
    if (req.url !== '/') return json(res, 404, { error: 'not found' });
    const accepts = req.headers['accept-encoding'] ?? '';
    const [body, encoding] = /\bbr\b/.test(accepts) ? [br, 'br'] : /\bgzip\b/.test(accepts) ? [gzip, 'gzip'] : [raw, undefined];
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(body);
  });
}

if (!Number.isInteger(port) || (mode !== 'booking' && mode !== 'static')) {
  console.error('usage: bare-server.ts booking sqlite|postgres <data dir|url> <port> | static <html file> - <port>');
  process.exit(2);
}
const server = mode === 'booking' ? await bookingServer() : staticServer();
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
