import { attributionColumns } from './lead-store.ts';
import { sql } from 'kysely';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { LEAD_STATUSES, SERVICES } from '../../shared/booking.ts';
import type { LeadDetail, LeadFilters, LeadSummary } from '../../shared/inbox.ts';
import { TEST_DIALECTS, useTestStore } from '../testing/store.ts';
import { BadCursorError, decodeCursor, eachFilteredLead, encodeCursor, FEW_MATCHES, listLeads } from './lead-queries.ts';
import { clearLeads, insertLeads, testLead, type TestLead } from '../testing/leads.ts';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

/** Newest first, then by id, descending: the list's order. */
const newestFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.created_at < b.created_at ? 1 : -1;

describe('the list\'s cursor', () => {
  const position = { at: '2026-11-24T10:00:00.123Z', id: '0f8fad5b-d9cb-469f-a165-70867728950e' };

  it('hands back the position it was made from, microseconds included', () => {
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    const micro = { ...position, at: '2026-11-24T10:00:00.123456Z' };
    expect(decodeCursor(encodeCursor(micro))).toEqual(micro);
  });

  it('refuses what it could not have written', () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      '',
      'not a cursor',
      b64('{}'),
      b64('[]'),
      b64('["2026-11-24T10:00:00.000Z"]'),
      b64('["2026-11-24T10:00:00.000Z","id",3]'),
      b64('[1732442400000,"0f8fad5b"]'),
      b64('["yesterday","0f8fad5b"]'),
      b64('["2026-13-45T10:00:00.000Z","0f8fad5b"]'),
      b64('["2026-11-24T10:00:00.000Z","\' or 1=1 --"]'),
      b64(' ["2026-11-24T10:00:00.000Z","0f8fad5b"]'),
      `${encodeCursor(position)}=`,
      Buffer.from(JSON.stringify([position.at, position.id])).toString('base64'),
    ]) {
      expect(() => decodeCursor(cursor), cursor).toThrow(BadCursorError);
    }
  });

  it('answers any edit of one character with BadCursorError or a well-formed position, never anything else', () => {
    const cursor = encodeCursor(position);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=%';
    for (let i = 0; i < cursor.length; i++) {
      for (const c of alphabet) {
        const edited = cursor.slice(0, i) + c + cursor.slice(i + 1);
        if (edited === cursor) continue;
        try {
          const decoded = decodeCursor(edited);
          expect(encodeCursor(decoded)).toBe(edited);
        } catch (err) {
          expect(err).toBeInstanceOf(BadCursorError);
        }
      }
    }
  });
});

describe.each(TEST_DIALECTS)('the inbox\'s queries on %s', (dialect) => {
  const site = useTestStore(dialect);
  beforeEach(() => clearLeads(site.db));

  const list = (query: Partial<Parameters<typeof listLeads>[2]> = {}) =>
    listLeads(site.db, site.dialect, { limit: 100, ...query }, NOW);
  const idsOf = (leads: { id: string }[]) => leads.map((l) => l.id);
  /** Every page of a query, walked by its cursors. */
  async function walk(filters: LeadFilters, limit: number): Promise<LeadSummary[][]> {
    const pages: LeadSummary[][] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await list({ ...filters, limit, ...(cursor ? { cursor } : {}) });
      pages.push(page.leads);
      if (!page.next) return pages;
      expect(page.leads).toHaveLength(limit);
      cursor = page.next;
    }
  }
  const everyLead = async (filters: LeadFilters, batch?: number) => {
    const leads: LeadDetail[] = [];
    for await (const lead of eachFilteredLead(site.db, site.dialect, filters, NOW, batch)) leads.push(lead);
    return leads;
  };

  describe('pages', () => {
    it('walk every lead exactly once, newest first, whatever the leads, filter and page size (200 runs)', async () => {
      // Few distinct times, so pages often end inside a run of leads booked in the same millisecond.
      const times = Array.from({ length: 6 }, (_, i) => ago(i * HOUR));
      const leadArb = fc.record({ at: fc.constantFrom(...times), status: fc.constantFrom(...LEAD_STATUSES) });
      await fc.assert(
        fc.asyncProperty(
          fc.array(leadArb, { maxLength: 30 }),
          fc.option(fc.constantFrom(...LEAD_STATUSES), { nil: undefined }),
          fc.integer({ min: 1, max: 7 }),
          async (drafts, status, limit) => {
            await clearLeads(site.db);
            const leads = await insertLeads(site.db, drafts.map((d) => testLead({ created_at: d.at, status: d.status })));
            const filters: LeadFilters = status ? { status } : {};
            const expected = leads.filter((l) => !status || l.status === status).sort(newestFirst);
            expect(idsOf((await walk(filters, limit)).flat())).toEqual(idsOf(expected));
          },
        ),
        { numRuns: 200, seed: 2026 },
      );
    });

    it('keep their place on PostgreSQL\'s microseconds, which a JavaScript time drops', async () => {
      const leads = await insertLeads(site.db, Array.from({ length: 5 }, () => testLead({ created_at: ago(HOUR) })));
      if (dialect === 'postgres') {
        // Two leads a microsecond apart: both read back as the same millisecond.
        await sql`update discovery_calls set created_at = created_at + interval '1 microsecond' where id in (${sql.join(idsOf(leads.slice(0, 2)))})`.execute(site.db);
      }
      const all = (await list()).leads;
      expect(idsOf((await walk({}, 1)).flat())).toEqual(idsOf(all));
      expect(new Set(idsOf(all)).size).toBe(5);
    });

    it('end with a null cursor, and an empty list has one empty page', async () => {
      expect(await list()).toEqual({ leads: [], next: null });
      await insertLeads(site.db, [testLead(), testLead()]);
      expect((await list({ limit: 2 })).next).toBeNull();
      expect((await list({ limit: 1 })).next).toEqual(expect.any(String));
    });

    it('refuse a cursor they did not write', async () => {
      await expect(list({ cursor: 'bm90IGEgY3Vyc29y' })).rejects.toThrow(BadCursorError);
    });

    it('show a lead as the list needs it, times in ISO-8601 and unseen as null', async () => {
      const [lead] = await insertLeads(site.db, [testLead({ first_name: 'Мария', seen_at: ago(HOUR) })]);
      const [shown] = (await list()).leads;
      expect(shown).toEqual({
        id: lead!.id,
        first_name: 'Мария',
        business_name: lead!.business_name,
        email: lead!.email,
        phone: lead!.phone,
        service: lead!.service,
        product: lead!.product,
        status: 'pending',
        locale: 'en',
        created_at: lead!.created_at,
        seen_at: ago(HOUR),
        spam_reason: null,
        source: 'form',
      });
    });
  });

  describe('filters', () => {
    it('by status, service and language, each alone and together', async () => {
      const leads = await insertLeads(
        site.db,
        LEAD_STATUSES.flatMap((status, i) =>
          SERVICES.map((service, j) => testLead({ status, service, locale: (i + j) % 2 ? 'bg' : 'en', created_at: ago((i * 10 + j) * 1000) })),
        ),
      );
      const cases: LeadFilters[] = [
        { status: 'won' },
        { service: 'Conversion Systems' },
        { locale: 'bg' },
        { status: 'lost', service: 'Other', locale: 'en' },
        { status: 'lost', service: 'Other', locale: 'bg' },
      ];
      for (const filters of cases) {
        const expected = leads
          .filter((l) => (!filters.status || l.status === filters.status) && (!filters.service || l.service === filters.service))
          .filter((l) => !filters.locale || l.locale === filters.locale)
          .sort(newestFirst);
        expect(idsOf((await list(filters)).leads), JSON.stringify(filters)).toEqual(idsOf(expected));
      }
    });

    it('overdue: still pending past the 24 hours, not a millisecond before', async () => {
      // Created 24 h less a millisecond ago, exactly 24 h ago, 24 h and a millisecond ago, a month ago,
      // and two days ago but already contacted.
      const [, , justOver, wayOver] = await insertLeads(site.db, [
        testLead({ created_at: ago(24 * HOUR - 1) }),
        testLead({ created_at: ago(24 * HOUR) }),
        testLead({ created_at: ago(24 * HOUR + 1) }),
        testLead({ created_at: ago(30 * 24 * HOUR) }),
        testLead({ created_at: ago(48 * HOUR), status: 'contacted' }),
      ]);
      expect(idsOf((await list({ overdue: 'true' })).leads)).toEqual(idsOf([justOver!, wayOver!]));
      expect(idsOf((await list({ overdue: 'true', status: 'contacted' })).leads)).toEqual([]);
      expect(idsOf((await list()).leads)).toHaveLength(5);
    });

    it('source and campaign: the first touch\'s utm_source and utm_campaign, exactly, alone and with others', async () => {
      const [spring, autumn, facebook] = await insertLeads(site.db, [
        testLead({ created_at: ago(1000), utm_source: 'google', utm_campaign: 'spring' }),
        testLead({ created_at: ago(2000), utm_source: 'google', utm_campaign: 'autumn', status: 'won' }),
        testLead({ created_at: ago(3000), utm_source: 'facebook', utm_campaign: 'spring' }),
        testLead({ created_at: ago(4000) }),
      ]);
      expect(idsOf((await list({ source: 'google' })).leads)).toEqual([spring!.id, autumn!.id]);
      expect(idsOf((await list({ campaign: 'spring' })).leads)).toEqual([spring!.id, facebook!.id]);
      expect(idsOf((await list({ source: 'google', campaign: 'spring' })).leads)).toEqual([spring!.id]);
      expect(idsOf((await list({ source: 'google', status: 'won' })).leads)).toEqual([autumn!.id]);
      expect(idsOf((await list({ source: 'Google' })).leads)).toEqual([]);
      expect((await everyLead({ source: 'facebook' })).map((l) => [l.id, l.utm_source, l.utm_campaign])).toEqual([[facebook!.id, 'facebook', 'spring']]);
    });

    it('unseen: the leads no operator has opened', async () => {
      const [seen, unseen] = await insertLeads(site.db, [testLead({ created_at: ago(1000), seen_at: ago(500) }), testLead({ created_at: ago(2000) })]);
      expect(idsOf((await list({ unseen: 'true' })).leads)).toEqual([unseen!.id]);
      expect(idsOf((await list()).leads)).toEqual([seen!.id, unseen!.id]);
    });

    it('from and to: whole days in Sofia, split at its midnight in winter and in summer', async () => {
      const [lateWinter, earlyWinter, lateSummer, earlySummer] = await insertLeads(site.db, [
        // 23:59:59.999 on 23 November in Sofia, then its midnight (UTC+2).
        testLead({ created_at: '2026-11-23T21:59:59.999Z' }),
        testLead({ created_at: '2026-11-23T22:00:00.000Z' }),
        // 23:59:59.999 on 30 June in Sofia, then its midnight (UTC+3).
        testLead({ created_at: '2026-06-30T20:59:59.999Z' }),
        testLead({ created_at: '2026-06-30T21:00:00.000Z' }),
      ]);
      const ids = async (filters: LeadFilters) => idsOf((await list(filters)).leads).sort();
      const sorted = (...leads: (TestLead | undefined)[]) => idsOf(leads as TestLead[]).sort();
      expect(await ids({ from: '2026-11-24' })).toEqual(sorted(earlyWinter));
      expect(await ids({ to: '2026-11-23' })).toEqual(sorted(lateWinter, lateSummer, earlySummer));
      expect(await ids({ from: '2026-11-23', to: '2026-11-23' })).toEqual(sorted(lateWinter));
      expect(await ids({ from: '2026-07-01', to: '2026-07-01' })).toEqual(sorted(earlySummer));
      expect(await ids({ to: '2026-06-30' })).toEqual(sorted(lateSummer));
      expect(await ids({ from: '2026-07-02', to: '2026-11-22' })).toEqual([]);
    });

    it('from and to: the nights the clocks change, a Sofia day of 25 and of 23 hours', async () => {
      const [before, first, lateEvening, next, springFirst, springLast, springNext] = await insertLeads(site.db, [
        // 25 October 2026 in Sofia runs from 21:00 UTC the day before (summer) to 22:00 UTC (winter).
        testLead({ created_at: '2026-10-24T20:59:59.999Z' }),
        testLead({ created_at: '2026-10-24T21:00:00.000Z' }),
        // 23:30 in Sofia on the 25th, though 21:30 UTC.
        testLead({ created_at: '2026-10-25T21:30:00.000Z' }),
        testLead({ created_at: '2026-10-25T22:00:00.000Z' }),
        // 29 March 2026 runs from 22:00 UTC the day before (winter) to 21:00 UTC (summer).
        testLead({ created_at: '2026-03-28T22:30:00.000Z' }),
        testLead({ created_at: '2026-03-29T20:59:59.999Z' }),
        testLead({ created_at: '2026-03-29T21:00:00.000Z' }),
      ]);
      const ids = async (filters: LeadFilters) => idsOf((await list(filters)).leads).sort();
      const sorted = (...leads: (TestLead | undefined)[]) => idsOf(leads as TestLead[]).sort();
      expect(await ids({ from: '2026-10-25', to: '2026-10-25' })).toEqual(sorted(first, lateEvening));
      expect(await ids({ from: '2026-10-24', to: '2026-10-24' })).toEqual(sorted(before));
      expect(await ids({ from: '2026-10-26', to: '2026-10-26' })).toEqual(sorted(next));
      expect(await ids({ from: '2026-03-29', to: '2026-03-29' })).toEqual(sorted(springFirst, springLast));
      expect(await ids({ from: '2026-03-30', to: '2026-03-30' })).toEqual(sorted(springNext));
    });
  });

  describe('search', () => {
    const MARIA = testLead({
      first_name: 'Мария Петрова',
      email: 'maria.petrova@abv.bg',
      phone: '+359 88 123 4567',
      business_name: 'Витоша Дентал ЕООД',
    });
    const JOHN = testLead({ first_name: 'John', email: 'john@smith-print.co.uk', phone: '020 7946 0958', business_name: 'Smith Print Ltd 100%' });

    const found = async (q: string) => (await list({ q })).leads.map((l) => l.first_name);

    it('finds part of a name in another case, Cyrillic included', async () => {
      await insertLeads(site.db, [MARIA, JOHN]);
      expect(await found('МАРИЯ')).toEqual(['Мария Петрова']);
      expect(await found('петр')).toEqual(['Мария Петрова']);
      expect(await found('JOHN')).toEqual(['John']);
    });

    it('finds an email, a business, and a phone typed with other spacing', async () => {
      await insertLeads(site.db, [MARIA, JOHN]);
      expect(await found('petrova@ABV')).toEqual(['Мария Петрова']);
      expect(await found('дентал еоод')).toEqual(['Мария Петрова']);
      expect(await found('smith print')).toEqual(['John']);
      expect(await found('88 1234')).toEqual(['Мария Петрова']);
      expect(await found('+359-88-123-45-67')).toEqual(['Мария Петрова']);
      expect(await found('(020) 7946')).toEqual(['John']);
      expect(await found('nobody')).toEqual([]);
    });

    it('finds a phone by what was typed, by its E.164 and by the national digits, 00 taken for +', async () => {
      const leads = [
        testLead({ first_name: 'International', phone: '+359 888 123 456' }),
        testLead({ first_name: 'National', phone: '0888 123 456' }),
        testLead({ first_name: 'With 00', phone: '00359-888-123-456' }),
        // Stored before E.164 was kept: found by the digits it was typed with.
        testLead({ first_name: 'Before', phone: '+359 888 123 456', phone_e164: null }),
        testLead({ first_name: 'Another number', phone: '+359 887 123 456' }),
      ];
      const london = testLead({ first_name: 'London', phone: '+44 20 7946 0000' });
      await insertLeads(site.db, [...leads, london, JOHN]);
      expect(leads.map((l) => l.phone_e164)).toEqual(['+359888123456', '+359888123456', '+359888123456', null, '+359887123456']);
      const all = ['International', 'National', 'With 00', 'Before'];
      for (const q of ['0888', '888 123', '+359888', '359 888 123 456', '00359 888 123 456', '+359888123456', '(0888) 123-456', '0888.123.456']) {
        expect((await found(q)).sort(), q).toEqual(all.sort());
      }
      // A term too short for the trigrams, written the national way: its E.164 form has enough.
      expect((await found('08')).sort()).toEqual([...all, 'Another number'].sort());
      expect(await found('0887')).toEqual(['Another number']);
      expect(await found('0044 20 7946 0000')).toEqual(['London']);
      // Typed without its country's code, John's London number is taken for a Bulgarian one, which it
      // cannot be: it has no E.164, and is found by its digits as typed.
      expect(await found('020 7946')).toEqual(['John']);
      expect(await found('0889')).toEqual([]);
    });

    it('takes % and _ literally, and a term of one or two letters too', async () => {
      await insertLeads(site.db, [MARIA, JOHN]);
      expect(await found('100%')).toEqual(['John']);
      expect(await found('%')).toEqual(['John']);
      expect(await found('_')).toEqual([]);
      expect(await found('l_d')).toEqual([]);
      expect(await found('00%')).toEqual(['John']);
      expect(await found('ж')).toEqual([]);
      expect(await found('ВИ')).toEqual(['Мария Петрова']);
      expect(await found('"')).toEqual([]);
      expect(await found('"дентал"')).toEqual([]);
    });

    it('pages through every match in order, whether few or many leads match', async () => {
      // More than FEW_MATCHES share the term, which SQLite then looks for lead by lead.
      const many = Array.from({ length: FEW_MATCHES + 5 }, (_, i) =>
        testLead({ business_name: `Зорница ${i}`, created_at: ago((i % 50) * 1000) }),
      );
      const few = many.slice(0, 3).map((l) => ({ ...l, business_name: `Зорница Керамика ${l.business_name}` }));
      const pirin = testLead({ business_name: 'Пирин' });
      await insertLeads(site.db, [...few, ...many.slice(3), pirin]);
      const walked = async (q: string) => idsOf((await walk({ q }, 100)).flat());
      expect(await walked('ЗОРНИЦА')).toEqual(idsOf([...few, ...many.slice(3)].sort(newestFirst)));
      expect(await walked('керамика')).toEqual(idsOf([...few].sort(newestFirst)));
      expect(await walked('зорница керамика зорница')).toEqual(idsOf([...few].sort(newestFirst)));
      // And so for terms too short for the trigrams.
      expect(await walked('Зо')).toEqual(idsOf([...few, ...many.slice(3)].sort(newestFirst)));
      expect(await walked('КЕ')).toEqual(idsOf([...few].sort(newestFirst)));
      // And for a phone written with 00, whose E.164 form alone matches (each one's +44 20 7946 …).
      expect(await walked('0044 20 7946')).toEqual(idsOf([...few, ...many.slice(3), pirin].sort(newestFirst)));
    });

    it('follows a lead written, changed and removed', async () => {
      await insertLeads(site.db, [MARIA]);
      await site.db.updateTable('discovery_calls').set({ search_text: 'радост' }).where('id', '=', MARIA.id).execute();
      expect(await found('мария')).toEqual([]);
      expect(await found('радост')).toEqual(['Мария Петрова']);
      await site.db.deleteFrom('discovery_calls').where('id', '=', MARIA.id).execute();
      expect(await found('радост')).toEqual([]);
    });

    it('goes with the other filters', async () => {
      await insertLeads(site.db, [{ ...MARIA, created_at: ago(1000) }, { ...JOHN, first_name: 'Мариана', status: 'won', created_at: ago(2000) }]);
      expect(await found('мари')).toEqual(['Мария Петрова', 'Мариана']);
      expect((await list({ q: 'мари', status: 'won' })).leads.map((l) => l.first_name)).toEqual(['Мариана']);
    });
  });

  describe('every lead of a filter, for the export', () => {
    it('reads them all in batches, newest first, with every field', async () => {
      const leads = await insertLeads(
        site.db,
        Array.from({ length: 23 }, (_, i) => testLead({ created_at: ago(Math.floor(i / 4) * 1000), custom_service: `need ${i}`, status: i % 3 ? 'won' : 'pending' })),
      );
      const all = await everyLead({}, 5);
      expect(idsOf(all)).toEqual(idsOf([...leads].sort(newestFirst)));
      const first = all[0]!;
      const stored = leads.find((l) => l.id === first.id)!;
      expect(first).toEqual({
        ...(await list({ limit: 1 })).leads[0],
        phone_e164: stored.phone_e164,
        custom_service: stored.custom_service,
        updated_at: stored.created_at,
        privacy_notice_version: null,
        privacy_notice_locale: null,
        callback_consent_at: null,
        callback_consent_version: null,
        ...attributionColumns({}),
      });
      expect(idsOf(await everyLead({ status: 'won' }, 4))).toEqual(idsOf(leads.filter((l) => l.status === 'won').sort(newestFirst)));
      expect(await everyLead({ q: 'nobody at all' })).toEqual([]);
    });
  });
});
