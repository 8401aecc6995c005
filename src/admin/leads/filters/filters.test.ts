import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../../shared/booking.ts';
import { leadFilters } from '../../../shared/inbox.ts';
import { activeFilterCount, filtersFromSearch, searchOf, withFilter } from './filters.ts';

describe('the filters in the URL', () => {
  it('reads every filter the list knows', () => {
    const search =
      '?q=%D0%98%D0%B2%D0%B0%D0%BD&status=pending&service=Conversion+Systems&locale=bg&via=voice&from=2026-11-01&to=2026-11-20&source=google&campaign=dental+sofia&overdue=true&unseen=true';
    expect(filtersFromSearch(search)).toEqual({
      q: 'Иван',
      status: 'pending',
      service: 'Conversion Systems',
      locale: 'bg',
      via: 'voice',
      from: '2026-11-01',
      to: '2026-11-20',
      source: 'google',
      campaign: 'dental sofia',
      overdue: 'true',
      unseen: 'true',
    });
  });

  it('drops each value the API would refuse and keeps the others', () => {
    expect(filtersFromSearch('?status=archived&service=Nope&locale=de&via=fax&from=2026-02-30&overdue=1&unseen=true&q=%20%20')).toEqual({
      unseen: 'true',
    });
    expect(filtersFromSearch(`?q=${'x'.repeat(101)}&status=won`)).toEqual({ status: 'won' });
    expect(filtersFromSearch('?cursor=abc&limit=5&utm_source=mail')).toEqual({});
    expect(filtersFromSearch(`?source=${'x'.repeat(201)}&campaign=%20`)).toEqual({});
  });

  it('drops the end of a range that ends before it starts', () => {
    expect(filtersFromSearch('?from=2026-11-20&to=2026-11-01')).toEqual({ from: '2026-11-20' });
    expect(filtersFromSearch('?from=2026-11-20&to=2026-11-20')).toEqual({ from: '2026-11-20', to: '2026-11-20' });
  });

  it('writes them in one order, without empty ones, and reads back what it wrote', () => {
    expect(searchOf({ unseen: 'true', q: 'a b', status: 'won' })).toBe('?q=a+b&status=won&unseen=true');
    expect(searchOf({ from: '2026-11-01', via: 'voice', locale: 'en' })).toBe('?locale=en&via=voice&from=2026-11-01');
    expect(searchOf({})).toBe('');
    expect(searchOf({ status: 'lost' }, { cursor: 'c1' })).toBe('?status=lost&cursor=c1');
    const cases = [
      { q: 'Иван Петров', status: 'pending', service: SERVICES[2], locale: 'bg', overdue: 'true', unseen: 'true' },
      { q: "=cmd|' /C calc'!A0 & ?#", from: '2026-01-31', to: '2026-02-01' },
      { service: SERVICES[1], to: '2026-12-31' },
      { source: 'google', campaign: 'spring & summer #2' },
      { via: 'chat', status: 'scheduled' },
      { q: 'Ana', via: 'form' },
      {},
    ] as const;
    for (const f of cases) {
      expect(filtersFromSearch(searchOf(f))).toEqual(f);
      // And the API reads the same query as the page does.
      expect(leadFilters.parse(Object.fromEntries(new URLSearchParams(searchOf(f))))).toEqual(f);
    }
  });

  it('counts the filters that narrow the list, the search aside', () => {
    expect(activeFilterCount({ q: 'x', status: 'won', overdue: 'true' })).toBe(2);
    expect(activeFilterCount({ via: 'voice' })).toBe(1);
    expect(activeFilterCount({})).toBe(0);
  });

  it('changes one filter, an empty value removing it', () => {
    expect(withFilter({ status: 'won', q: 'x' }, 'status', '')).toEqual({ q: 'x' });
    expect(withFilter({ q: 'x' }, 'locale', 'bg')).toEqual({ q: 'x', locale: 'bg' });
  });
});
