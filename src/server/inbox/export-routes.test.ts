import { gunzipSync } from 'node:zlib';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dayOf } from '../leads/days.ts';
import { INBOX_API, type InboxStats } from '../../shared/inbox.ts';
import { type App, describeApp, loggedInApp } from '../testing/app.ts';
import { BOM, readLeadsCsv } from '../testing/csv.ts';
import { csvHeaders } from './csv.ts';
import { sheetDateTimeText } from '../../shared/inbox-time.ts';
import { clearLeads, insertLeads, testLead } from '../testing/leads.ts';

const HOUR = 3_600_000;
const BG = { 'accept-language': 'bg-BG,bg;q=0.9' };

describeApp('the inbox export and chart', (site) => {
  let app: App;
  let cookie: string;
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR).toISOString();

  beforeAll(async () => {
    ({ app, cookie } = await loggedInApp(site));
  });

  beforeEach(async () => {
    await clearLeads(site.store.db);
    await insertLeads(site.store.db, [
      testLead({ first_name: 'Мария', business_name: 'Пекарна „Зора“', locale: 'bg', created_at: ago(2) }),
      testLead({
        first_name: 'Ivan',
        business_name: "=cmd|' /C calc'!A0",
        phone: '+359 88 123 4567',
        service: 'Call Automation Systems',
        status: 'contacted',
        created_at: ago(30),
        seen_at: ago(29),
      }),
      testLead({ first_name: 'Olga', business_name: 'Olga Travel', status: 'won', created_at: ago(24 * 40) }),
    ]);
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  describe('GET export.csv', () => {
    it('sends every lead as a CSV download named after the day, newest first, Cyrillic and formulas safe', async () => {
      const res = await get(INBOX_API.export);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="leads-${dayOf(new Date())}.csv"`);
      expect(res.headers['cache-control']).toBe('no-store');
      // Streamed: no length known in advance.
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.body.startsWith(BOM)).toBe(true);
      const leads = readLeadsCsv(res.body);
      expect(leads.map((l) => l.first_name)).toEqual(['Мария', 'Ivan', 'Olga']);
      expect(leads[0]).toMatchObject({ business_name: 'Пекарна „Зора“', locale: 'bg', status: 'pending', seen_at: '' });
      expect(leads[1]).toMatchObject({ business_name: "'=cmd|' /C calc'!A0", phone: "'+359 88 123 4567", seen_at: sheetDateTimeText(ago(29)) });
    });

    it('sends the Excel shape on request, separated by semicolons, headed in the inbox\'s language', async () => {
      const res = await get(`${INBOX_API.export}?status=contacted&shape=excel&lang=bg`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="leads-${dayOf(new Date())}-excel.csv"`);
      expect(res.body.split('\r\n')[0]).toBe(BOM + csvHeaders('bg').join(';'));
      const [ivan] = readLeadsCsv(res.body, { shape: 'excel', locale: 'bg' });
      expect(ivan).toMatchObject({ first_name: 'Ivan', phone: '="+359 88 123 4567"', business_name: "'=cmd|' /C calc'!A0" });
      // Without `lang`, the browser's language; an unknown shape or language is the plain CSV in it.
      expect(readLeadsCsv((await get(`${INBOX_API.export}?shape=xlsx&lang=de`, BG)).body, { locale: 'bg' })).toHaveLength(3);
    });

    it('exports what the filters show', async () => {
      const names = async (query: string) => readLeadsCsv((await get(`${INBOX_API.export}?${query}`)).body).map((l) => l.first_name);
      expect(await names('status=contacted')).toEqual(['Ivan']);
      expect(await names('service=Call+Automation+Systems')).toEqual(['Ivan']);
      expect(await names('locale=bg')).toEqual(['Мария']);
      expect(await names('overdue=true')).toEqual([]);
      expect(await names('q=olga')).toEqual(['Olga']);
      expect(await names('q=%D0%B7%D0%BE%D1%80%D0%B0')).toEqual(['Мария']); // "зора"
      expect(await names('unseen=true')).toEqual(['Мария', 'Olga']);
      expect(await names(`from=${dayOf(new Date(now - 24 * 41 * HOUR))}&to=${dayOf(new Date(now - 24 * 39 * HOUR))}`)).toEqual(['Olga']);
    });

    it('compresses on the way, and the CSV comes out the same', async () => {
      const plain = await get(INBOX_API.export);
      const gzipped = await get(INBOX_API.export, { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    });

    it('answers 400 in the operator\'s language for filters it cannot use, naming them', async () => {
      const bad = await get(`${INBOX_API.export}?status=archived&from=yesterday`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'The list cannot be shown with these filters: status, from date.' });
      const backwards = await get(`${INBOX_API.export}?from=2026-11-24&to=2026-11-01`, BG);
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toEqual({ error: 'Списъкът не може да бъде показан с тези филтри: до дата.' });
    });

    it('answers 401 without a session, and sends nothing of the leads', async () => {
      for (const headers of [{}, BG]) {
        const res = await app.inject({ method: 'GET', url: INBOX_API.export, headers });
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
      expect((await app.inject({ method: 'GET', url: INBOX_API.export, headers: BG })).json()).toEqual({ error: 'Моля, влезте в профила си.' });
    });
  });

  describe('GET stats', () => {
    it('counts the last 30 days by default, and 90 on request', async () => {
      const res = await get(INBOX_API.stats);
      expect(res.statusCode).toBe(200);
      const month = res.json<InboxStats>();
      expect(month.days).toHaveLength(30);
      expect(month.days.at(-1)!.date).toBe(dayOf(new Date()));
      expect(month.statuses).toEqual({ pending: 1, contacted: 1, scheduled: 0, won: 0, lost: 0 });
      const counted = month.days.flatMap((d) => Object.entries(d.services));
      expect(counted.reduce((sum, [, n]) => sum + n, 0)).toBe(2);

      const quarter = (await get(`${INBOX_API.stats}?days=90`)).json<InboxStats>();
      expect(quarter.days).toHaveLength(90);
      expect(quarter.statuses).toEqual({ pending: 1, contacted: 1, scheduled: 0, won: 1, lost: 0 });
    });

    it('refuses another span with 400, and a visitor without a session with 401', async () => {
      const bad = await get(`${INBOX_API.stats}?days=7`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'The chart shows the last 30 or 90 days.' });
      expect((await get(`${INBOX_API.stats}?days=all`, BG)).json()).toEqual({ error: 'Графиката показва последните 30 или 90 дни.' });
      expect((await app.inject({ method: 'GET', url: INBOX_API.stats })).statusCode).toBe(401);
    });
  });
});
