import { describe, expect, it, vi } from 'vitest';
import { bookingTexts } from '../content/i18n/booking.ts';
import { dictionaries } from '../content/i18n/index.ts';
import { PRODUCTS, SERVICES } from '../shared/booking.ts';
import type { Locale } from '../shared/locale.ts';
import { assistantContext, VISIT_TOKEN_PATH, visitTokenSource } from './assistant-context.ts';
import { todayText } from '../content/i18n/assistant-variables.ts';
import { voiceOverrides } from './voice/voice-overrides.ts';

const pageIn = (locale: Locale) => ({ locale, products: dictionaries[locale].products });
/** 23:30 on Thursday in London is already Friday in Sofia. */
const NOW = new Date('2026-11-26T22:30:00Z');

describe("the assistants' context", () => {
  it.each([
    ['en', 'English', 'Friday, 27 November 2026'],
    ['bg', 'Bulgarian', 'петък, 27 ноември 2026 г.'],
  ] as const)('names the %s page\'s language and today in Sofia, in that language', (locale, name, today) => {
    const { variableValues } = assistantContext(pageIn(locale), undefined, NOW);
    expect(variableValues).toMatchObject({ language: locale, language_name: name, today });
    expect(todayText(locale, new Date('2026-11-26T21:59:00Z'))).not.toBe(today);
  });

  it.each(['en', 'bg'] as const)("lists the form's six services with their products, one a line (%s)", (locale) => {
    // The separators cannot be mistaken for part of a name.
    const { products } = dictionaries[locale];
    const names = [...SERVICES, ...Object.values(bookingTexts[locale].services), ...Object.keys(products), ...Object.values(products)];
    for (const name of names) expect(name).not.toMatch(/[,/\n]| — /);
    const lines = assistantContext(pageIn(locale), undefined, NOW).variableValues.services.split('\n');
    expect(lines).toHaveLength(SERVICES.length);
    for (const [i, service] of SERVICES.entries()) {
      const line = lines[i] ?? '';
      expect(line.startsWith(`${service} — ${bookingTexts[locale].services[service]}`), line).toBe(true);
      for (const product of PRODUCTS[service]) {
        expect(line).toContain(product);
        expect(line).toContain(dictionaries[locale].products[product]);
      }
    }
  });

  it('writes each line as the canonical names with the page\'s names beside them', () => {
    const bg = assistantContext(pageIn('bg'), undefined, NOW).variableValues.services.split('\n');
    expect(bg[1]).toBe('Conversion Systems — Системи за конверсии: Website Rebuild & Optimization / Нов уебсайт и оптимизация');
    expect(bg[5]).toBe('Other — Друго');
    const en = assistantContext(pageIn('en'), undefined, NOW).variableValues.services.split('\n');
    expect(en[1]).toBe('Conversion Systems — Conversion Systems: Website Rebuild & Optimization');
  });

  it('carries the visit token in the metadata when there is one, and no metadata otherwise', () => {
    expect(assistantContext(pageIn('en'), 'visit-1', NOW).metadata).toEqual({ visitToken: 'visit-1' });
    expect(assistantContext(pageIn('en'), undefined, NOW)).not.toHaveProperty('metadata');
    expect(assistantContext(pageIn('en'), '', NOW)).not.toHaveProperty('metadata');
  });

  it("gives a call Alex's first words and a transcriber in the page's language, the chat neither", () => {
    expect(voiceOverrides(pageIn('en'), 'visit-1', NOW)).toEqual({
      ...assistantContext(pageIn('en'), 'visit-1', NOW),
      firstMessage: "Hi, I'm Alex from Nexa AI Solutions. How can I help your business today?",
      transcriber: { provider: 'deepgram', model: 'nova-2', language: 'en' },
    });
    const bg = voiceOverrides(pageIn('bg'), undefined, NOW);
    expect(bg.firstMessage).toBe('Здравейте, аз съм Алекс от Nexa AI Solutions. С какво мога да помогна на бизнеса ви днес?');
    expect(bg.transcriber).toEqual({ provider: 'deepgram', model: 'nova-2', language: 'bg' });
    expect(bg.variableValues.language).toBe('bg');
    expect(bg).not.toHaveProperty('metadata');
    expect(Object.keys(assistantContext(pageIn('bg'), 'visit-1', NOW)).sort()).toEqual(['metadata', 'variableValues']);
  });
});

describe('the visit token', () => {
  const touch = { utm_source: 'newsletter', landing_path: '/' };
  const answer = (status: number, body?: unknown) =>
    vi.fn(() => Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status })));

  it('is asked of our server with the first touch once per page view, whoever asks', async () => {
    const fetchMock = answer(200, { token: 'visit-1' });
    const token = visitTokenSource({ fetch: fetchMock, attribution: () => touch });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await Promise.all([token(), token()])).toEqual(['visit-1', 'visit-1']);
    expect(await token()).toBe('visit-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(VISIT_TOKEN_PATH);
    expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(init.body as string)).toEqual({ attribution: touch });
  });

  it.each([
    ['not configured (404)', answer(404, { message: 'Not Found' })],
    ['failing (500)', answer(500)],
    ['answering without a token', answer(200, { ok: true })],
    ['answering a token that is not a string', answer(200, { token: 7 })],
    ['answering what is not JSON', vi.fn(() => Promise.resolve(new Response('<html>', { status: 200 })))],
    ['unreachable', vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))],
  ])('is none when the server is %s, and is not asked again', async (_, fetchMock) => {
    const token = visitTokenSource({ fetch: fetchMock, attribution: () => touch });
    expect(await token()).toBeUndefined();
    expect(await token()).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not asked for when the visitor refuses tracking (no first touch)', async () => {
    const fetchMock = answer(200, { token: 'visit-1' });
    const token = visitTokenSource({ fetch: fetchMock, attribution: () => undefined });
    expect(await token()).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is waited for no longer than the limit; an answer that comes later serves the next conversation', async () => {
    vi.useFakeTimers();
    try {
      let respond: (response: Response) => void = () => {};
      const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (respond = resolve)));
      const token = visitTokenSource({ fetch: fetchMock, attribution: () => touch, waitMs: 1500 });
      let first: string | undefined | null = null;
      void token().then((t) => (first = t));
      await vi.advanceTimersByTimeAsync(1499);
      expect(first).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      expect(first).toBeUndefined();

      respond(new Response(JSON.stringify({ token: 'visit-late' }), { status: 200 }));
      await vi.advanceTimersByTimeAsync(0);
      expect(await token()).toBe('visit-late');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
