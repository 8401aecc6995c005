// Reads what the server under test stored, straight from its SQLite file.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Selectable } from 'kysely';
import { SQLITE_FILE, type DiscoveryCallsTable } from '../src/server/store/database.ts';
import { SITE_DATA_DIR } from './servers.ts';
import { leadRow, type TestLead } from '../src/server/testing/leads.ts';

/** A row of discovery_calls as SQLite hands it back. */
export type StoredLead = Selectable<DiscoveryCallsTable>;

export function leadsByEmail(email: string): StoredLead[] {
  const db = new Database(path.join(SITE_DATA_DIR, SQLITE_FILE), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select * from discovery_calls where email = ?').all(email) as StoredLead[];
  } finally {
    db.close();
  }
}

/**
 * Writes leads with the times a test needs straight into the server's SQLite file, as testLead makes them.
 * A lead already there is left as it is: a worker runs a file's beforeAll again for each group of that
 * file's tests it is given, with the module (and so the leads' ids) it loaded the first time.
 */
export function storeLeads(leads: TestLead[]): void {
  const db = new Database(path.join(SITE_DATA_DIR, SQLITE_FILE), { fileMustExist: true });
  try {
    for (const lead of leads) {
      const row = leadRow(lead);
      const columns = Object.keys(row);
      db.prepare(
        `insert into discovery_calls (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')}) on conflict (id) do nothing`,
      ).run(row);
    }
  } finally {
    db.close();
  }
}

/** An address no other test uses, so parallel tests never see each other's leads. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The funnel's counts for one utm_source, summed over days and languages, as the server stored them. */
export function funnelCountsOf(source: string): Record<string, number> {
  const db = new Database(path.join(SITE_DATA_DIR, SQLITE_FILE), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('select step, sum(count) as count from funnel_days where source = ? group by step').all(source) as { step: string; count: number }[];
    return Object.fromEntries(rows.map((r) => [r.step, r.count]));
  } finally {
    db.close();
  }
}

/**
 * Moves the booked call of the lead with `email` to have begun `minutesAgo` minutes ago, straight in the
 * server's SQLite file: an operator marks a call only once it has begun, and a test cannot wait for a
 * slot to come.
 */
export function beginMeetingOf(email: string, minutesAgo = 5): void {
  const db = new Database(path.join(SITE_DATA_DIR, SQLITE_FILE), { fileMustExist: true });
  try {
    const start = Date.now() - minutesAgo * 60_000;
    db.prepare(
      "update meetings set starts_at = ?, ends_at = ? where status = 'booked' and lead_id in (select id from discovery_calls where email = ?)",
    ).run(new Date(start).toISOString(), new Date(start + 30 * 60_000).toISOString(), email);
  } finally {
    db.close();
  }
}
