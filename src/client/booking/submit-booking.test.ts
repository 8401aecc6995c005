import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingTexts } from '../../content/i18n/booking.ts';
import { EMPTY_DRAFT } from '../../shared/booking.ts';
import { submitBooking } from './submit-booking.ts';

const respond = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(body === undefined ? 'not json' : JSON.stringify(body), { status }));

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

  it('asks to try again when the request never got an answer', async () => {
    quiet();
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await submitBooking(EMPTY_DRAFT, 'en', 'k', bookingTexts.en, offline)).toEqual({
      ok: false,
      message: 'Failed to submit form. Please try again.',
    });
  });
});
