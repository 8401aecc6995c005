import { describe, expect, it, vi } from 'vitest';
import type { AssistantSettings as VoiceConfig } from '../page-settings.ts';
import type { VoiceOverrides } from './voice-overrides.ts';
import { VoiceSession, type VoiceClient } from './voice-session.ts';

const config: VoiceConfig = { publicKey: 'pk-test', assistantId: 'asst-alex' };

type Listener = (...args: unknown[]) => void;

/**
 * The Vapi client's event interface and start/stop contract as the SDK has them: its EventEmitter
 * throws on an `error` event nobody listens to (so a failed start without a listener throws out of
 * start() and stays "started"); a second start while started returns null.
 */
class FakeVapi implements VoiceClient {
  private readonly listeners = new Map<string, Set<Listener>>();
  started = false;
  readonly starts: { assistantId: string; overrides: VoiceOverrides | undefined; errorListeners: number }[] = [];
  /** What the web call creation and room join do; a throw is a failed start. */
  join: () => Promise<unknown> = () => Promise.resolve({ id: 'call-1', webCallUrl: 'http://127.0.0.1:9/room' });
  readonly stop = vi.fn(() => {
    this.started = false;
    return Promise.resolve();
  });

  on(event: string, listener: (...args: never[]) => void) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as Listener);
    this.listeners.set(event, set);
    return this;
  }

  removeListener(event: string, listener: (...args: never[]) => void) {
    this.listeners.get(event)?.delete(listener as Listener);
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  emit(event: string, ...args: unknown[]) {
    const set = this.listeners.get(event);
    if (event === 'error' && !set?.size) throw new Error('Unhandled error event');
    set?.forEach((listener) => listener(...args));
  }

  async start(assistantId: string, overrides?: VoiceOverrides): Promise<unknown> {
    this.starts.push({ assistantId, overrides, errorListeners: this.listenerCount('error') });
    if (this.started) {
      this.emit('call-start-progress', { stage: 'validation', status: 'failed', metadata: { reason: 'already-started' } });
      return null;
    }
    this.started = true;
    try {
      return await this.join();
    } catch (err) {
      this.emit('error', { type: 'start-method-error', error: { message: (err as Error).message, name: (err as Error).name } });
      this.started = false; // the SDK's clean-up, skipped when emit('error') throws
      return null;
    }
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What the page makes for a call: the Bulgarian page's, with a visit token. */
const overrides: VoiceOverrides = {
  variableValues: { language: 'bg', language_name: 'Bulgarian', today: 'петък, 27 ноември 2026 г.', services: 'Other — Друго' },
  metadata: { visitToken: 'visit-1' },
  firstMessage: 'Здравейте, аз съм Алекс.',
  transcriber: { provider: 'deepgram', model: 'nova-2', language: 'bg' },
};

function setup(
  options: {
    config?: VoiceConfig | null;
    create?: () => Promise<VoiceClient>;
    overrides?: () => Promise<VoiceOverrides | undefined>;
    microphone?: () => Promise<void>;
  } = {},
) {
  const client = new FakeVapi();
  const create = vi.fn(options.create ?? (() => Promise.resolve<VoiceClient>(client)));
  const makeOverrides = vi.fn(options.overrides ?? (() => Promise.resolve(overrides)));
  const microphone = vi.fn(options.microphone ?? (() => Promise.resolve()));
  const session = new VoiceSession(
    () => (options.config === undefined ? config : options.config),
    create,
    makeOverrides,
    microphone,
  );
  const changes = vi.fn();
  session.subscribe(changes);
  return { client, create, makeOverrides, microphone, session, changes };
}

/** A session with a call in progress: pressed, joined, and the assistant listening. */
async function connected() {
  const s = setup();
  await s.session.toggle();
  s.client.emit('call-start');
  expect(s.session.getState().status).toBe('connected');
  return s;
}

describe('the voice session', () => {
  it('creates the client on the first press only, and starts the demo assistant with the overrides', async () => {
    const { session, create, client, makeOverrides } = setup();
    expect(create).not.toHaveBeenCalled();
    expect(makeOverrides).not.toHaveBeenCalled();
    const pressed = session.toggle();
    expect(session.getState().status).toBe('starting');
    await pressed;
    expect(create).toHaveBeenCalledWith(config);
    expect(client.starts.map((s) => [s.assistantId, s.overrides])).toEqual([['asst-alex', overrides]]);
    expect(session.getState().status).toBe('joining');
  });

  it('makes the overrides at each press, while the microphone is asked for, and waits for them', async () => {
    let made: (value: VoiceOverrides | undefined) => void = () => {};
    let allow: () => void = () => {};
    const { session, client, makeOverrides, microphone } = setup({
      overrides: () => new Promise((resolve) => (made = resolve)),
      microphone: () => new Promise<void>((resolve) => (allow = resolve)),
    });
    const pressed = session.toggle();
    await flush();
    expect(makeOverrides).toHaveBeenCalledTimes(1);
    allow();
    await flush();
    expect(client.starts).toHaveLength(0);
    made(overrides);
    await pressed;
    expect(client.starts[0]?.overrides).toBe(overrides);

    await session.toggle(); // ends the call
    microphone.mockImplementation(() => Promise.resolve());
    makeOverrides.mockImplementation(() => Promise.resolve(undefined));
    await session.toggle();
    expect(makeOverrides).toHaveBeenCalledTimes(2);
    expect(client.starts[1]?.overrides).toBeUndefined();
  });

  it('starts the assistant as it is when the overrides cannot be made', async () => {
    const { session, client } = setup({ overrides: () => Promise.reject(new Error('no dictionary')) });
    await session.toggle();
    expect(client.starts).toEqual([expect.objectContaining({ assistantId: 'asst-alex', overrides: undefined })]);
    expect(session.getState()).toMatchObject({ status: 'joining', error: null });
  });

  it('starts no call when the section goes while the overrides are made', async () => {
    let made: (value: VoiceOverrides | undefined) => void = () => {};
    const { session, client } = setup({ overrides: () => new Promise((resolve) => (made = resolve)) });
    const pressed = session.toggle();
    await flush();
    session.dispose();
    made(overrides);
    await pressed;
    expect(client.starts).toHaveLength(0);
    expect(session.getState().status).toBe('idle');
  });

  it('listens for errors before it starts, so a failed start is cleaned up by the client', async () => {
    const { session, client } = setup();
    client.join = () => Promise.reject(new Error('join failed'));
    await session.toggle();
    expect(client.starts[0]?.errorListeners).toBeGreaterThan(0);
    expect(client.started).toBe(false);
  });

  it('goes connected on call-start, follows speech and volume, and back to idle on call-end', async () => {
    const { session, client, changes } = await connected();
    client.emit('speech-start');
    client.emit('volume-level', 0.6);
    expect(session.getState()).toMatchObject({ status: 'connected', speaking: true, volume: 0.6 });
    client.emit('speech-end');
    expect(session.getState().speaking).toBe(false);
    client.emit('speech-start');
    client.emit('call-end');
    expect(session.getState()).toMatchObject({ status: 'idle', speaking: false, volume: 0, error: null });
    expect(changes).toHaveBeenCalled();
  });

  it('toggles: a press during a call stops it, the next press starts a new one', async () => {
    const { session, client } = await connected();
    await session.toggle();
    expect(client.stop).toHaveBeenCalledTimes(1);
    expect(session.getState().status).toBe('idle');
    await session.toggle();
    expect(client.starts).toHaveLength(2);
    expect(client.starts[1]?.assistantId).toBe('asst-alex');
  });

  it('lets the visitor end a call still joining (before the assistant listens)', async () => {
    const { session, client } = setup();
    await session.toggle();
    expect(session.getState().status).toBe('joining');
    await session.toggle();
    expect(client.stop).toHaveBeenCalledTimes(1);
    expect(session.getState().status).toBe('idle');
  });

  it('never asks the client for a second start while one is in flight (the client would refuse it)', async () => {
    const { session, client } = setup();
    let finishJoin: (call: unknown) => void = () => {};
    client.join = () => new Promise((resolve) => (finishJoin = resolve));
    const first = session.toggle();
    await flush();
    await session.toggle();
    await session.toggle();
    expect(client.starts).toHaveLength(1);
    finishJoin({ id: 'call-1' });
    await first;
    expect(session.getState()).toMatchObject({ status: 'joining', error: null });
  });

  it('says "not available" when pressed without settings, and creates no client', async () => {
    const { session, create } = setup({ config: null });
    await session.toggle();
    expect(session.getState()).toMatchObject({ status: 'idle', error: 'notAvailable' });
    expect(create).not.toHaveBeenCalled();
  });

  it('says "Failed to initialize" when the SDK cannot be loaded or created', async () => {
    const { session } = setup({ create: () => Promise.reject(new Error('chunk failed to load')) });
    await session.toggle();
    expect(session.getState()).toMatchObject({ status: 'idle', error: 'initFailed' });
  });

  it('says "Failed to connect" when start returns nothing, even though the client also sent an error event', async () => {
    const { session, client } = setup();
    client.join = () => Promise.reject(new Error('Unauthorized'));
    await session.toggle();
    expect(session.getState()).toEqual({
      status: 'idle',
      speaking: false,
      volume: 0,
      error: 'connectFailed',
      micBlockedDuringStart: false,
    });
  });

  it('says "Failed to connect" when start throws', async () => {
    const { session, client } = setup();
    client.start = () => Promise.reject(new Error('boom'));
    await session.toggle();
    expect(session.getState().error).toBe('connectFailed');
  });

  it('says "Failed to connect" when stop throws, ending active and speaking', async () => {
    const { session, client } = await connected();
    client.emit('speech-start');
    client.stop.mockRejectedValueOnce(new Error('destroy failed'));
    await session.toggle();
    expect(session.getState()).toMatchObject({ status: 'idle', speaking: false, error: 'connectFailed' });
  });

  it("says 'error occurred' on the client's error event during a call, and hangs up the call it cannot end", async () => {
    const { session, client } = await connected();
    client.emit('speech-start');
    client.emit('error', { type: 'daily-error', error: { message: 'ejected' } });
    expect(session.getState()).toMatchObject({ status: 'idle', speaking: false, error: 'callError' });
    await flush();
    expect(client.stop).toHaveBeenCalledTimes(1);
  });

  it('keeps a call through the errors the client recovers from itself', async () => {
    const { session, client } = await connected();
    client.emit('error', { type: 'audio-processing-setup-error', error: { message: 'KrispInitError' } });
    expect(session.getState()).toMatchObject({ status: 'connected', error: null });
  });

  it('names a refused microphone: thrown by start, or reported by Daily while joining', async () => {
    const thrown = setup();
    thrown.client.join = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    await thrown.session.toggle();
    expect(thrown.session.getState().error).toBe('micBlocked');

    const reported = setup();
    reported.client.join = () => {
      reported.client.emit('camera-error', { type: 'camera-error', error: { error: { type: 'permissions' } } });
      return Promise.resolve({ id: 'call-2' });
    };
    await reported.session.toggle();
    expect(reported.session.getState().error).toBe('micBlocked');
    await flush();
    // Joined without a microphone: the call is ended, since the button is now disabled.
    expect(reported.client.stop).toHaveBeenCalled();
  });

  it('asks for the microphone before it creates a call', async () => {
    const { session, client, microphone } = setup();
    let allow: () => void = () => {};
    microphone.mockImplementationOnce(() => new Promise<void>((resolve) => (allow = resolve)));
    const pressed = session.toggle();
    await flush();
    expect(microphone).toHaveBeenCalledTimes(1);
    expect(session.getState().status).toBe('starting');
    expect(client.starts).toHaveLength(0);
    allow();
    await pressed;
    expect(client.starts).toHaveLength(1);
  });

  it.each([
    ['how to allow a refused microphone', new DOMException('Permission denied', 'NotAllowedError'), 'micBlocked'],
    [
      '"Failed to connect" without a usable microphone',
      new DOMException('Requested device not found', 'NotFoundError'),
      'connectFailed',
    ],
  ])('says %s, and creates no call', async (_, refusal, error) => {
    const { session, client } = setup({ microphone: () => Promise.reject(refusal) });
    await session.toggle();
    expect(session.getState()).toMatchObject({ status: 'idle', error });
    expect(client.starts).toHaveLength(0);
  });

  it('ignores presses after an error: the button is disabled', async () => {
    const { session, client } = setup();
    client.join = () => Promise.reject(new Error('offline'));
    await session.toggle();
    await session.toggle();
    expect(client.starts).toHaveLength(1);
  });

  it('on dispose ends the call, stops listening and starts over', async () => {
    const { session, client } = await connected();
    session.dispose();
    await flush();
    expect(client.stop).toHaveBeenCalledTimes(1);
    expect(client.listenerCount('call-start')).toBe(0);
    expect(client.listenerCount('error')).toBe(0);
    expect(session.getState().status).toBe('idle');
  });
});
