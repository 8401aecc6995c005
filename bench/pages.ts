// The pages' part of `npm run bench`: the built server on a free port with its own SQLite in a temp
// folder (leads seeded and an operator added, for the inbox's timing), Lighthouse on the public pages
// beside the empty page, then the timed interactions. Bytes need no server (bytes.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOperatorStore } from '../src/server/operators/operator-store.ts';
import { openDatabase } from '../src/server/store/database.ts';
import { migrate } from '../src/server/store/migrations/index.ts';
import { pathOf } from '../src/shared/site-pages.ts';
import type { BytesResult } from './bytes.ts';
import { CLIENT_DIR } from './bytes.ts';
import { measureInteraction, type InteractionResult } from './interaction.ts';
import { measureLighthouse, withEmptyPage, type LighthouseResult } from './lighthouse.ts';
import { seedLeads } from './seed-leads.ts';
import { startSiteServer } from './site-server.ts';

/** The pages Lighthouse measures: both home pages and the English privacy notice (issue 13). */
export const LIGHTHOUSE_PAGES = [pathOf('en'), pathOf('bg'), pathOf('en', 'privacy')];
/** Leads in the inbox whose first page is timed. */
const INBOX_LEADS = 1_000;
const OPERATOR = { email: 'bench@example.com', password: 'a long bench password' };

export interface PagesResult {
  lighthouse: LighthouseResult | null;
  interaction: (InteractionResult & { inboxLeads: number }) | null;
}

export async function benchPages(opts: {
  lighthouseRuns: number;
  skipLighthouse: boolean;
  skipInteraction: boolean;
  interactionSamples: number;
  bytes: BytesResult;
  log: (line: string) => void;
}): Promise<PagesResult> {
  if (opts.skipLighthouse && opts.skipInteraction) return { lighthouse: null, interaction: null };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
  try {
    if (!opts.skipInteraction) {
      const { db } = openDatabase({ dataDir });
      try {
        await migrate(db);
        await seedLeads(db, { count: INBOX_LEADS });
        if (!(await createOperatorStore(db).create(OPERATOR.email, OPERATOR.password))) throw new Error('could not add the operator');
      } finally {
        await db.destroy();
      }
    }
    opts.log('pages: starting the server');
    const server = await startSiteServer('pages', {
      // An empty DATABASE_URL counts as unset, so an exported one cannot turn this run into PostgreSQL.
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Every Lighthouse run and every round reports the funnel's steps from one address.
      EVENTS_RATE_LIMIT: 'off',
      BOOKING_RATE_LIMIT: 'off',
      // The inbox's rounds each log in from an address of their own (interaction.ts).
      TRUST_PROXY: '127.0.0.1',
    });
    try {
      const preloads = new Map(opts.bytes.pages.map((p) => [p.page, p.fontPreloads]));
      const lighthouse = opts.skipLighthouse
        ? null
        : await withEmptyPage(CLIENT_DIR, () =>
          measureLighthouse({
            base: server.base,
            pages: LIGHTHOUSE_PAGES,
            runs: opts.lighthouseRuns,
            preloadsFont: (page, url) => preloads.get(page)?.includes(url) ?? false,
            log: opts.log,
          }),
        );
      const interaction = opts.skipInteraction
        ? null
        : { ...(await measureInteraction({ base: server.base, samples: opts.interactionSamples, operator: OPERATOR, log: opts.log })), inboxLeads: INBOX_LEADS };
      return { lighthouse, interaction };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
