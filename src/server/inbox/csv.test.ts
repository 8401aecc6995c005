import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { LeadDetail } from '../../shared/inbox.ts';
import { LEAD_CSV_COLUMNS, leadsCsv, neutralised } from './csv.ts';
import { BOM, leadDetail, readCsv, readLeadsCsv } from '../testing/csv.ts';

async function* each<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

/** The whole stream as text. */
async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('neutralised', () => {
  it('puts a single quote before a cell that a spreadsheet would read as a formula', () => {
    for (const cell of ['=cmd|\' /C calc\'!A0', '+359 88 123 4567', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '＝1+1']) {
      expect(neutralised(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves every other cell as it is', () => {
    for (const cell of ['', 'Elena', 'a=b', '0888 123 456', ' =1', "'quoted", 'Зъболекарски кабинет „Усмивка“']) {
      expect(neutralised(cell)).toBe(cell);
    }
  });
});

describe('leadsCsv', () => {
  it('writes RFC 4180 with a BOM and CRLF, one header of field names, every field of a lead', async () => {
    const text = await textOf(
      leadsCsv(
        each([
          leadDetail({ first_name: 'Мария', business_name: 'Пекарна „Зора“', locale: 'bg', seen_at: '2026-11-24T11:00:00.000Z' }),
          leadDetail({ id: 'second', custom_service: 'Answers "after hours",\r\nand books\nvisits' }),
        ]),
      ),
    );
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(BOM.length).split('\r\n')[0]).toBe(LEAD_CSV_COLUMNS.join(','));
    expect(text.endsWith('\r\n')).toBe(true);
    const [bulgarian, quoted] = readLeadsCsv(text);
    // A value the lead has not (an attribution the visit did not carry) is an empty cell.
    const withEmpty = Object.entries(
      leadDetail({ first_name: 'Мария', business_name: 'Пекарна „Зора“', locale: 'bg', seen_at: '2026-11-24T11:00:00.000Z' }),
    ).map(([key, value]) => [key, value ?? '']);
    // E.164 starts with a plus, which a spreadsheet would read as a formula: neutralised, as the phone is.
    expect(bulgarian).toEqual({ ...Object.fromEntries(withEmpty), phone_e164: "'+359888123456" });
    expect(bulgarian).toMatchObject({ utm_source: 'google', utm_campaign: 'dental-sofia', landing_path: '/bg/', gclid: '' });
    expect(quoted).toMatchObject({ id: 'second', custom_service: 'Answers "after hours",\r\nand books\nvisits', seen_at: '' });
  });

  it('neutralises formulas in whatever field a visitor filled in, and keeps a phone readable', async () => {
    const text = await textOf(
      leadsCsv(each([leadDetail({ business_name: '=cmd|\' /C calc\'!A0', phone: '+359 88 123 4567', phone_e164: '+359881234567', first_name: '@Ivan', email: '-x@example.com' })])),
    );
    expect(readLeadsCsv(text)[0]).toMatchObject({
      business_name: '\'=cmd|\' /C calc\'!A0',
      phone: "'+359 88 123 4567",
      phone_e164: "'+359881234567",
      first_name: "'@Ivan",
      email: "'-x@example.com",
    });
  });

  it('keeps a stored =HYPERLINK() from running and an <img onerror> as the text it is', async () => {
    const text = await textOf(
      leadsCsv(each([leadDetail({ business_name: '=HYPERLINK("http://x","y")', first_name: '<img src=x onerror=alert(1)>' })])),
    );
    // As written in the file: the quote mark in front, the field quoted and its quotes doubled.
    expect(text).toContain(',"\'=HYPERLINK(""http://x"",""y"")",');
    expect(text).toContain(',<img src=x onerror=alert(1)>,');
    expect(readLeadsCsv(text)[0]).toMatchObject({
      business_name: '\'=HYPERLINK("http://x","y")',
      first_name: '<img src=x onerror=alert(1)>',
    });
  });

  it('writes only the header when no lead matches', async () => {
    expect(readCsv((await textOf(leadsCsv(each([])))).slice(BOM.length))).toEqual([[...LEAD_CSV_COLUMNS]]);
  });

  it('fails the stream when the leads cannot be read to the end', async () => {
    async function* broken(): AsyncGenerator<LeadDetail> {
      yield leadDetail();
      throw new Error('connection lost');
    }
    await expect(textOf(leadsCsv(broken()))).rejects.toThrow('connection lost');
  });

  it('reads leads only as fast as the CSV is read, and stops reading when the CSV is dropped', async () => {
    let pulled = 0;
    let stopped = false;
    async function* endless(): AsyncGenerator<LeadDetail> {
      try {
        for (;;) {
          pulled++;
          yield leadDetail({ id: String(pulled) });
        }
      } finally {
        stopped = true;
      }
    }
    const csv = leadsCsv(endless());
    // Nobody reads: the buffers fill and the source waits.
    for (let i = 0; i < 50; i++) await nextTurn();
    const waiting = pulled;
    expect(waiting).toBeGreaterThan(0);
    expect(waiting).toBeLessThan(500);
    for (let i = 0; i < 50; i++) await nextTurn();
    expect(pulled).toBe(waiting);
    // Reading some lets more through.
    csv.read();
    for (let i = 0; i < 50; i++) await nextTurn();
    expect(pulled).toBeGreaterThan(waiting);
    csv.destroy();
    for (let i = 0; i < 10; i++) await nextTurn();
    expect(stopped).toBe(true);
  });

  it('streams 20,000 leads of 1 KB each with the heap flat', async () => {
    // Node's gc(), for heap figures that are what is held rather than what is not yet collected.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const ROWS = 20_000;
    // A text of its own for each lead, 1,000 bytes of UTF-8, as the rows of a database would be.
    async function* many(): AsyncGenerator<LeadDetail> {
      for (let i = 0; i < ROWS; i++) yield leadDetail({ id: String(i), custom_service: String(i).padEnd(500, 'Ж') });
    }
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    let bytes = 0;
    let chunks = 0;
    await pipeline(
      leadsCsv(many()),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          // Every few hundred chunks: what the heap holds while the export is half-way.
          if (++chunks % 400 === 0) {
            gc();
            peak = Math.max(peak, process.memoryUsage().heapUsed - before);
          }
          done();
        },
      }),
    );
    expect(bytes).toBeGreaterThan(ROWS * 1000);
    expect(chunks).toBeGreaterThan(400);
    // 20 MB went through; a buffered export would hold all of it.
    expect(peak).toBeLessThan(4 * 1024 * 1024);
  });
});
