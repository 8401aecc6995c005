import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { LeadDetail } from '../../shared/inbox.ts';
import fc from 'fast-check';
import { EXPORT_SHAPES } from '../../shared/inbox.ts';
import { csvHeaders, excelCell, excelPhone, LEAD_CSV_COLUMNS, leadsCsv, neutralised } from './csv.ts';
import { BOM, leadDetail, readCsv, readLeadsCsv } from '../testing/csv.ts';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { dictionaries } from '../../content/i18n/index.ts';
import { inboxTexts } from '../../content/i18n/inbox.ts';

/** A described need Excel's shape writes as a formula giving the text, not guarded. */
const NUMBER_LIKE = /^(?:[+0][\d ()./-]*\d|\d{12,})$/;

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
    for (const cell of ['=cmd|\' /C calc\'!A0', '+359 88 123 4567', '-2+3', '@SUM(A1)', '\t=1', '＝1+1']) {
      expect(neutralised(cell)).toBe(`'${cell}`);
    }
  });

  it('and after every `;` inside the cell, where Excel set to semicolons would start a cell', () => {
    expect(neutralised('x;=1+2;')).toBe("x;'=1+2;");
    expect(neutralised('a;@SUM(A1);b;-1')).toBe("a;'@SUM(A1);b;'-1");
  });

  it('and after every line break inside the cell', () => {
    expect(neutralised('Hello\n=1+2')).toBe("Hello\n'=1+2");
    expect(neutralised('a\r\n@SUM(A1)\r-1\n\n+1')).toBe("a\r\n'@SUM(A1)\r'-1\n\n'+1");
    expect(neutralised('=1\n=2')).toBe("'=1\n'=2");
    expect(neutralised('\r=1')).toBe("'\r'=1");
  });

  it('leaves every other cell as it is', () => {
    for (const cell of ['', 'Elena', 'a=b', '0888 123 456', ' =1', "'quoted", 'Зъболекарски кабинет „Усмивка“', 'line\nbreak', 'a;b', '+359888123456', '-5']) {
      expect(neutralised(cell)).toBe(cell);
    }
  });
});

describe('excelCell', () => {
  it('writes a number Excel would change as a formula giving the text', () => {
    for (const cell of ['0888123456', '0888 123 456', '+359 88 123 4567', '+359881234567', '02/987-65-43', '359881234567']) {
      expect(excelCell(cell)).toBe(`="${cell}"`);
    }
  });

  it('neutralises everything else as the CSV shape does', () => {
    for (const cell of ['=1+2', '+1 call me', '0888123456\n=1', 'Elena', '12345', '2026-11-26', '-5', 'x;=1+2;', '+1=cmd']) {
      expect(excelCell(cell)).toBe(neutralised(cell));
    }
  });
});

describe('excelPhone', () => {
  it('keeps a phone as text in the Excel shape however it was typed, without a 0 or + too', () => {
    for (const cell of ['888123456', '888-12-34', '88.812.345', '(888) 123 456', '0888123456', '+359881234567']) {
      expect(excelPhone(cell)).toBe(`="${cell}"`);
    }
    for (const cell of ['=1+2', 'call 888123456', '888123456\n=1']) expect(excelPhone(cell)).toBe(neutralised(cell));
  });

  it('is how the Excel shape writes both phone columns', async () => {
    const text = await textOf(leadsCsv(each([leadDetail({ phone: '888123456', phone_e164: '+359888123456', business_name: '888123456' })]), { shape: 'excel', locale: 'en' }));
    const [header, record] = readCsv(text.slice(BOM.length), 'excel');
    const cellOf = (column: string) => record![LEAD_CSV_COLUMNS.indexOf(column as (typeof LEAD_CSV_COLUMNS)[number])];
    expect(header).toHaveLength(LEAD_CSV_COLUMNS.length);
    expect([cellOf('phone'), cellOf('phone_e164'), cellOf('business_name')]).toEqual(['="888123456"', '="+359888123456"', '888123456']);
  });
});

const MULTI_LINE = 'Answers "after hours",\r\nand books;\nvisits\rtoo';

describe('the comma shape opened by Excel set to semicolons', () => {
  it('starts no cell with a formula wherever it splits, and keeps an E.164 phone valid for tools', async () => {
    const text = await textOf(leadsCsv(each([leadDetail({ business_name: 'x;=1+2;', custom_service: 'a;@SUM(A1)', phone_e164: '+359888123456' })]), { shape: 'csv', locale: 'en' }));
    const record = text.slice(BOM.length).split('\r\n')[1]!;
    expect(record).toContain(',+359888123456,');
    // Excel's reading with `;` as the separator: a cell at every `;`, quotes that do not open one kept as characters.
    const cells = record.split(';');
    expect(cells.length).toBeGreaterThan(1);
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@]/);
    // A field holding a `;` is quoted, so it stays whole where it starts the line, as RFC 4180 allows.
    expect(record).toContain('"x;\'=1+2;"');
  });
});

describe.each(EXPORT_SHAPES)('leadsCsv, the %s shape', (shape) => {
  const write = (leads: LeadDetail[], locale: 'en' | 'bg' = 'en') => textOf(leadsCsv(each(leads), { shape, locale }));

  it('writes a BOM, CRLF, a header in the language, and every field of a lead in its column', async () => {
    const text = await write(
      [
        leadDetail({ first_name: 'Мария', business_name: 'Пекарна „Зора“', locale: 'bg', seen_at: '2026-11-26T21:18:00.000Z' }),
        leadDetail({ id: 'second', custom_service: MULTI_LINE, business_name: 'x;=1+2;', phone: '0888123456' }),
      ],
      'bg',
    );
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = readCsv(text.slice(BOM.length), shape);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toHaveLength(LEAD_CSV_COLUMNS.length);
    expect(rows[0]).toEqual(csvHeaders('bg'));
    expect(rows[0]).toContain('Получена (София)');
    expect(rows[0]).toContain('Източник');

    const [bulgarian, second] = readLeadsCsv(text, { shape, locale: 'bg' });
    // The language as a word in the shape for people, as its code in the one for tools.
    expect(bulgarian).toMatchObject({ first_name: 'Мария', business_name: 'Пекарна „Зора“', locale: shape === 'excel' ? 'Български' : 'bg', utm_source: 'google', gclid: '' });
    // Sofia's wall clock, as spreadsheets read a date and time: 21:18 UTC in November is 23:18 there.
    expect(bulgarian).toMatchObject({ created_at: '2026-11-24 12:00', seen_at: '2026-11-26 23:18' });
    // A multi-line description is one cell; a `;` inside a cell does not split it, and what follows it
    // is guarded as at a cell's start (Excel set to semicolons would split there).
    expect(second).toMatchObject({ id: 'second', custom_service: MULTI_LINE, business_name: "x;'=1+2;", seen_at: '' });
    expect(second!.phone).toBe(shape === 'excel' ? '="0888123456"' : '0888123456');
  });

  it('writes the coded values as words in the language for people and as codes for tools, and either when asked', async () => {
    const lead = leadDetail({ status: 'pending', service: 'Call Automation Systems', product: 'Inbound Phone Caller (appointments & support)', locale: 'en', source: 'voice' });
    const valuesOf = async (values?: 'words' | 'codes') =>
      readLeadsCsv(await textOf(leadsCsv(each([lead]), { shape, locale: 'bg', ...(values ? { values } : {}) })), { shape, locale: 'bg' })[0]!;
    const words = { status: inboxTexts.bg.statuses.pending, service: bookingTexts.bg.services['Call Automation Systems'], product: dictionaries.bg.products['Inbound Phone Caller (appointments & support)'], locale: 'Английски', source: 'Глас (Алекс)' };
    const codes = { status: 'pending', service: 'Call Automation Systems', product: 'Inbound Phone Caller (appointments & support)', locale: 'en', source: 'voice' };
    expect(await valuesOf()).toMatchObject(shape === 'excel' ? words : codes);
    expect(await valuesOf('words')).toMatchObject(words);
    expect(await valuesOf('codes')).toMatchObject(codes);
    expect(words.status).toBe('Чака');
  });

  it('neutralises formulas in whatever field a visitor filled in, at the start and after a line break', async () => {
    const text = await write([
      leadDetail({ business_name: "=cmd|' /C calc'!A0", first_name: '@Ivan', email: '-x@example.com', custom_service: 'Hi\n=HYPERLINK("http://x")' }),
    ]);
    expect(readLeadsCsv(text, { shape })[0]).toMatchObject({
      business_name: "'=cmd|' /C calc'!A0",
      first_name: "'@Ivan",
      email: "'-x@example.com",
      custom_service: 'Hi\n\'=HYPERLINK("http://x")',
    });
  });

  it('keeps a phone readable: as text in Excel, with the guard in a plain CSV', async () => {
    const [lead] = readLeadsCsv(await write([leadDetail({ phone: '+359 88 123 4567' })]), { shape });
    expect(lead!.phone).toBe(shape === 'excel' ? '="+359 88 123 4567"' : "'+359 88 123 4567");
  });

  it('writes only the header when no lead matches', async () => {
    expect(readCsv((await write([])).slice(BOM.length), shape)).toEqual([csvHeaders('en')]);
  });

  it('gives back any text a visitor typed, one cell each, as the cell rule writes it', async () => {
    const cell = shape === 'excel' ? excelCell : neutralised;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), { minLength: 1, maxLength: 5 }),
        async (texts) => {
          const leads = texts.map(([business_name, custom_service], i) => leadDetail({ id: String(i), business_name, custom_service }));
          const read = readLeadsCsv(await write(leads), { shape });
          expect(read).toHaveLength(leads.length);
          read.forEach((row, i) => {
            const [business, described] = texts[i]!;
            expect(row.business_name).toBe(cell(business));
            expect(row.custom_service).toBe(cell(described));
            // The guard only adds: without its quotes, the text is the visitor's.
            if (!NUMBER_LIKE.test(described)) expect(row.custom_service!.replaceAll(/(^|[\r\n])'/g, '$1')).toBe(described.replaceAll(/(^|[\r\n])'/g, '$1'));
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('leadsCsv', () => {
  it('heads every column in both languages', () => {
    for (const locale of ['en', 'bg'] as const) {
      const headers = csvHeaders(locale);
      expect(headers.filter((h, i) => h === LEAD_CSV_COLUMNS[i]), `${locale}: columns without a header`).toEqual([]);
      expect(new Set(headers).size).toBe(headers.length);
    }
    expect(csvHeaders('en')[0]).toBe('Received (Sofia)');
  });

  it('fails the stream when the leads cannot be read to the end', async () => {
    async function* broken(): AsyncGenerator<LeadDetail> {
      yield leadDetail();
      throw new Error('connection lost');
    }
    await expect(textOf(leadsCsv(broken(), { shape: 'csv', locale: 'en' }))).rejects.toThrow('connection lost');
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
    const csv = leadsCsv(endless(), { shape: 'excel', locale: 'en' });
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
      leadsCsv(many(), { shape: 'excel', locale: 'bg' }),
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
