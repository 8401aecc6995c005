// Kysely's SQLite dialect, with the two things each booking paid for that the database itself does not
// need (docs/decisions/021-booking-api-speed.md):
// - better-sqlite3 prepared every statement again for every query (Kysely's driver calls `prepare` each
//   time): here the statements are kept, by their SQL, and reused; and
// - the one connection's lock woke every waiting query whenever it was released, all but one to find it
//   taken again, so under load each transaction paid for all the others waiting (50 connections, 49
//   wake-ups per transaction): here the waiting queue is first come, first served, one woken at a time.
import type Database from 'better-sqlite3';
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteDialectConfig } from 'kysely';

/**
 * How many statements are kept: the store's and the inbox's queries are a few dozen shapes; a list of
 * ids (`in (?, ?, …)`) makes one per length, so the least recently used goes past this.
 */
export const STATEMENTS_KEPT = 200;

/**
 * The database as Kysely's driver sees it, with each statement prepared once. Reusing a statement is safe
 * because Kysely runs one query at a time on SQLite's one connection (a stream holds it to its end), so
 * a statement is never asked to run while it is still iterating.
 */
export function withStatementCache(sqlite: Database.Database, kept = STATEMENTS_KEPT): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last, so the first is the one to drop.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= kept) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

/** A lock whose waiters take it in the order they asked, one woken per release. */
export class QueueLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  /** Runs `whileHeld` once the lock is taken, in turn, and releases the lock when its promise settles. */
  async hold(whileHeld: () => Promise<void>): Promise<void> {
    await this.acquire();
    try {
      await whileHeld();
    } finally {
      this.release();
    }
  }
}

/** Kysely's driver behind a first-come lock: its own lock is then only ever taken uncontended. */
class QueuedSqliteDriver extends SqliteDriver {
  readonly #lock: QueueLock;
  readonly #beforeDestroy: (() => Promise<void>) | undefined;

  constructor(config: SqliteDialectConfig, { lock = new QueueLock(), beforeDestroy }: QueuedSqliteOptions) {
    super(config);
    this.#lock = lock;
    this.#beforeDestroy = beforeDestroy;
  }

  override async destroy(): Promise<void> {
    await this.#beforeDestroy?.();
    await super.destroy();
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    try {
      return await super.acquireConnection();
    } catch (err) {
      this.#lock.release();
      throw err;
    }
  }

  override async releaseConnection(): Promise<void> {
    try {
      await super.releaseConnection();
    } finally {
      this.#lock.release();
    }
  }
}

export interface QueuedSqliteOptions {
  /** The queue the queries wait in; given, others can take their turn in it (sqlite-checkpoints.ts). */
  lock?: QueueLock;
  /** Runs when Kysely is destroyed, before the database is closed. */
  beforeDestroy?: () => Promise<void>;
}

export class QueuedSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #options: QueuedSqliteOptions;

  constructor(config: SqliteDialectConfig, options: QueuedSqliteOptions = {}) {
    super(config);
    this.#config = config;
    this.#options = options;
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#config, this.#options);
  }
}
