// The tools' PostgreSQL (the bench and the fault runs): a throwaway database per run, created beside the
// one the admin URL names and dropped afterwards, so a run never touches data it did not write.
import pg from 'pg';

/** Where to create the throwaway databases: BENCH_DATABASE_URL, else the tests' database. */
export const BENCH_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `fn` with the URL of a new, empty database, dropped afterwards whatever happens; `skipped` with
 * the reason when PostgreSQL cannot be reached.
 */
export async function withThrowawayDatabase<T>(
  prefix: string,
  fn: (url: string) => Promise<T>,
  adminUrl: string = BENCH_ADMIN_URL,
): Promise<T | { skipped: string }> {
  const dbName = `${prefix}_${Date.now()}`;
  try {
    await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${dbName}"`));
  } catch (err) {
    return { skipped: `PostgreSQL unreachable at ${adminUrl} (${(err as Error).message})` };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  try {
    return await fn(url.href);
  } finally {
    await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
  }
}
