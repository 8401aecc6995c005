import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { EMPTY_DRAFT } from '../../shared/booking.ts';
import { submitBooking } from './submit-booking.ts';

const respond = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  Promise.resolve(new Response(body === undefined ? 'not json' : JSON.stringify(body), { status, headers }));

describe('submitBooking', () => {
  afterEach(() => vi.restoreAllMocks());
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

  it('posts the draft with its locale and idempotency key', async () => {
    const fetchMock = vi.fn(respond(201, { id: 'abc', status: 'pending' }));
    const result = await submitBooking({ ...EMPTY_DRAFT, first_name: 'A' }, 'bg', 'key-7', bookingTexts.en, fetchMock);
    expect(result).toEqual({ ok: true, id: 'abc' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/discovery-calls');
    expect(init.headers).toMatchObject({ 'idempotency-key': 'key-7', 'content-type': 'application/json' });
    expect(JSON.parse(init.body as string)).toMatchObject({ first_name: 'A', locale: 'bg' });
  });

  it('asks Alex to call only when the visitor chose it, and reads when from the answer', async () => {
    const callback = { open: false, opensAt: '2026-12-15T07:00:00.000Z', from: '+359881234567', fromDisplay: '+359 88 123 4567' };
    const fetchMock = vi.fn(respond(201, { id: 'abc', status: 'pending', callback }));
    expect(await submitBooking(EMPTY_DRAFT, 'en', 'k', bookingTexts.en, fetchMock, { callNow: true })).toEqual({ ok: true, id: 'abc', callback });
    await submitBooking(EMPTY_DRAFT, 'en', 'k', bookingTexts.en, fetchMock, {});
    const bodies = (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(([, init]) => JSON.parse(init.body as string) as Record<string, unknown>);
    expect(bodies.map((b) => b.call_now)).toEqual([true, undefined]);
  });

  it('sends again, with the same key, what a stopping instance or the proxy answered, and shows nothing of theirs', async () => {
    quiet();
    const closing = respond(503, { error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 });
    const proxy = () => Promise.resolve(new Response('', { status: 502 }));
    const dropped = () => Promise.reject(new TypeError('Failed to fetch'));
    const fetchMock = vi.fn().mockImplementationOnce(closing).mockImplementationOnce(proxy).mockImplementationOnce(respond(201, { id: 'abc' }));
    expect(await submitBooking(EMPTY_DRAFT, 'en', 'key-9', bookingTexts.en, fetchMock, {}, [0, 0])).toEqual({ ok: true, id: 'abc' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const keys = fetchMock.mock.calls.map(([, init]) => (init as RequestInit).headers as Record<string, string>);
    expect(keys.map((h) => h['idempotency-key'])).toEqual(['key-9', 'key-9', 'key-9']);

    // Still nothing of ours after the retries: the page's own words, never the proxy's or Fastify's English.
    const always = vi.fn().mockImplementationOnce(dropped).mockImplementation(closing);
    expect(await submitBooking(EMPTY_DRAFT, 'bg', 'k', bookingTexts.bg, always, {}, [0, 0])).toEqual({ ok: false, message: bookingTexts.bg.failedRetry });
    expect(always).toHaveBeenCalledTimes(3);
  });

  it("shows our API's own 503 at once: the database is away, and it says so in the visitor's language", async () => {
    quiet();
    const fetchMock = vi.fn(respond(503, { error: 'Съжаляваме…', retryable: true }, { 'retry-after': '5' }));
    expect(await submitBooking(EMPTY_DRAFT, 'bg', 'k', bookingTexts.bg, fetchMock, {}, [0, 0])).toEqual({ ok: false, message: 'Съжаляваме…' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message and field messages", async () => {
    quiet();
    const result = await submitBooking(EMPTY_DRAFT, 'en', 'k', bookingTexts.en, respond(400, { error: 'Check it', fields: { email: 'Bad' } }));
    expect(result).toEqual({ ok: false, message: 'Check it', fields: { email: 'Bad' } });
  });

  it('falls back to "Failed to submit form" when the server gives no message', async () => {
    const log = quiet();
    expect(await submitBooking(EMPTY_DRAFT, 'en', 'k', bookingTexts.en, respond(500, undefined))).toEqual({
      ok: false,
      message: 'Failed to submit form',
    });
    expect(log).toHaveBeenCalled();
  });

  it('says in the page\'s language how many minutes to wait when over the limit, from Retry-After', async () => {
    quiet();
    const limited = (seconds: string) =>
      respond(429, { error: 'Too many requests from your connection. Please try again in 10 minutes.' }, { 'retry-after': seconds });
    expect(await submitBooking(EMPTY_DRAFT, 'en', 'k', bookingTexts.en, limited('380'))).toEqual({
      ok: false,
      message: 'Too many requests from your connection. Please try again in 7 minutes.',
    });
    expect(await submitBooking(EMPTY_DRAFT, 'bg', 'k', bookingTexts.bg, limited('380'))).toEqual({
      ok: false,
      message: 'Твърде много заявки от вашата връзка. Моля, опитайте отново след 7 минути.',
    });
    expect(await submitBooking(EMPTY_DRAFT, 'en', 'k', bookingTexts.en, limited('12'))).toMatchObject({
      message: 'Too many requests from your connection. Please try again in 1 minute.',
    });
    expect(await submitBooking(EMPTY_DRAFT, 'bg', 'k', bookingTexts.bg, limited('12'))).toMatchObject({
      message: 'Твърде много заявки от вашата връзка. Моля, опитайте отново след 1 минута.',
    });
    // Without a usable Retry-After, the server's own message.
    expect(await submitBooking(EMPTY_DRAFT, 'en', 'k', bookingTexts.en, limited('soon'))).toMatchObject({
      message: 'Too many requests from your connection. Please try again in 10 minutes.',
    });
  });

  it('asks for a new key when the form\'s key already stored other details (422)', async () => {
    quiet();
    expect(await submitBooking(EMPTY_DRAFT, 'en', 'k', bookingTexts.en, respond(422, { error: 'Idempotency-Key reused' }))).toEqual({
      ok: false,
      message: bookingTexts.en.alreadySent,
      renewKey: true,
    });
  });

  it('asks to try again when the request never got an answer', async () => {
    quiet();
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await submitBooking(EMPTY_DRAFT, 'en', 'k', bookingTexts.en, offline, {}, [0, 0])).toEqual({
      ok: false,
      message: 'Failed to submit form. Please try again.',
    });
  });
});
