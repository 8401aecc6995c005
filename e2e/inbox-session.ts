// What the inbox's browser tests share: an operator account made with the operator command, as an
// operator makes one on the server, a session for it made through the API (log-ins are limited per
// address, so each worker logs in once), the inbox's remembered language, and axe.
import { execFileSync } from 'node:child_process';
import { axeBuilder } from './axe.ts';
import { expect, request as playwrightRequest, type BrowserContext, type Page } from '@playwright/test';
import { INBOX_API } from '../src/shared/inbox.ts';
import type { Locale } from '../src/shared/locale.ts';
import { SITE_DATA_DIR, SITE_URL } from './servers.ts';

export type SessionCookies = Parameters<BrowserContext['addCookies']>[0];

/** The accounts this worker has added: a worker runs a file's beforeAll again when it takes up more of its tests. */
const added = new Set<string>();

/** Adds the account with the operator command, against the test server's database; once per worker. */
export function addOperator(email: string, password: string) {
  if (added.has(email)) return;
  added.add(email);
  execFileSync('node_modules/.bin/tsx', ['src/server/operators/cli.ts', 'add', email], {
    env: { ...process.env, DATA_DIR: SITE_DATA_DIR, DATABASE_URL: '', OPERATOR_PASSWORD: password },
    stdio: 'pipe',
  });
}

/** Logs the account in through the API; the session's cookies, for `context.addCookies`. */
export async function sessionOf(email: string, password: string): Promise<SessionCookies> {
  const api = await playwrightRequest.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { origin: SITE_URL } });
  try {
    const login = await api.post(INBOX_API.login, { data: { email, password } });
    expect(login.status()).toBe(204);
    return (await api.storageState()).cookies;
  } finally {
    await api.dispose();
  }
}

/** The operator of this worker's tests that only need someone logged in. */
export const WORKER_OPERATOR = { email: `worker.${process.pid}@nexa-ai.example`, password: 'worker e2e password' };
let workerCookies: Promise<SessionCookies> | undefined;

/**
 * WORKER_OPERATOR's session, made once per worker whichever file asks first: the server limits log-ins
 * per address (10 in 15 minutes), and every test logs in from 127.0.0.1.
 */
export function workerSession(): Promise<SessionCookies> {
  workerCookies ??= (async () => {
    addOperator(WORKER_OPERATOR.email, WORKER_OPERATOR.password);
    return sessionOf(WORKER_OPERATOR.email, WORKER_OPERATOR.password);
  })();
  return workerCookies;
}

/** The inbox's language, as the operator's last choice left it. */
export async function useLanguage(page: Page, locale: Locale) {
  await page.addInitScript((l) => window.localStorage.setItem('inbox-language', l), locale);
}

export async function expectAxeClean(page: Page, what: string) {
  const { violations } = await axeBuilder(page).analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
