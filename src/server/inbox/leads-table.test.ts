import { describe, expect, it } from 'vitest';
import { leadsCommandTexts } from '../../content/i18n/leads-command.ts';
import type { LeadSummary } from '../../shared/inbox.ts';
import { displayWidth, tableOf } from './leads-table.ts';

const NOW = new Date('2026-11-27T08:00:00.000Z');

const lead = (over: Partial<LeadSummary>): LeadSummary => ({
  id: 'x',
  first_name: 'Ann',
  business_name: 'Plain Ltd',
  email: 'ann@example.com',
  phone: '0888123456',
  service: 'Support Automation',
  product: '',
  status: 'pending',
  locale: 'en',
  created_at: '2026-11-26T21:18:00.000Z',
  seen_at: null,
  spam_reason: null,
  source: 'form',
  ...over,
});

/** The display column at which `part` starts in the line. */
const columnOf = (line: string, part: string) => {
  const at = line.indexOf(part);
  expect(at, `${part} in ${line}`).toBeGreaterThanOrEqual(0);
  return displayWidth(line.slice(0, at));
};

describe('displayWidth', () => {
  it('counts the columns a terminal gives: two for a wide character or an emoji, one for a letter with its accent', () => {
    expect(displayWidth('Ann')).toBe(3);
    expect(displayWidth('Петрова')).toBe(7);
    expect(displayWidth('山田太郎')).toBe(8);
    expect(displayWidth('👩‍💼')).toBe(2);
    expect(displayWidth('Ана 👩‍💼 Петрова')).toBe(14);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('🇧🇬')).toBe(2);
    expect(displayWidth('ｶﾀｶﾅ')).toBe(4);
  });
});

describe('the leads table', () => {
  const leads = [
    lead({ first_name: 'Ана 👩‍💼 Петрова', business_name: 'Пекарна „Зора“', status: 'contacted' }),
    lead({ first_name: '山田太郎', business_name: '山田商店', service: 'Call Automation Systems', seen_at: '2026-11-26T22:00:00.000Z' }),
    lead({ first_name: 'Plain Person', business_name: 'Plain Ltd', status: 'won' }),
  ];

  it('starts every column at the same display column, whatever the names hold', () => {
    // The columns a terminal gives each name, counted by hand: the emoji 2, each ideograph 2.
    const widths = [14, 8, 12];
    for (const locale of ['en', 'bg'] as const) {
      const [header, ...rows] = tableOf(leads, NOW, locale, leadsCommandTexts[locale], false).split('\n');
      const h = leadsCommandTexts[locale].headers;
      // The header holds no wide character: its string index is its display column.
      const business = header!.indexOf(h.business);
      const columnAfterName = rows.map((row, i) => {
        const name = leads[i]!.first_name;
        expect(row.slice(3, 3 + name.length)).toBe(name);
        const spaces = /^ */.exec(row.slice(3 + name.length))![0].length;
        return 3 + widths[i]! + spaces;
      });
      expect(columnAfterName).toEqual([business, business, business]);
      // And the columns after it, measured the same way.
      const service = columnOf(header!, h.service);
      const received = columnOf(header!, h.received);
      const services = locale === 'bg' ? ['Автоматизация на обслужването', 'Автоматизация на обажданията', 'Автоматизация на обслужването'] : ['Support', 'Call', 'Support'];
      expect(rows.map((row, i) => columnOf(row, services[i]!))).toEqual([service, service, service]);
      const time = locale === 'bg' ? '26.11.2026 г., 23:18' : '26 Nov 2026, 23:18';
      expect(rows.map((row) => columnOf(row, time))).toEqual([received, received, received]);
    }
  });

  it('speaks Bulgarian: statuses and services as the inbox names them, Sofia\'s 24-hour time', () => {
    const table = tableOf(leads, NOW, 'bg', leadsCommandTexts.bg, false);
    expect(table).toContain('Потърсен');
    expect(table).toContain('Спечелен');
    expect(table).toContain('Чака');
    expect(table).not.toMatch(/contacted|won|pending|Support Automation/);
    expect(table).toContain('26.11.2026 г., 23:18');
  });

  it('prints what a visitor typed without letting it drive the terminal: escapes and direction controls as codes', () => {
    const table = tableOf([lead({ first_name: 'Eve\u001b[2J\u0007', business_name: 'exe\u202Egnp.' })], NOW, 'en', leadsCommandTexts.en, false);
    // Nothing but line breaks between the rows is a control character.
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(table).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202A-\u202E\u2066-\u2069]/u);
    expect(table).toContain('Eve\\x1b[2J\\x07');
    expect(table).toContain('exe[U+202E]gnp.');
  });
});
