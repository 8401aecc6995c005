// One visitor's voice demo: the voice client, created on the first press, and the state the page shows.
// Framework-free so the tests drive it with a fake client; use-voice-demo.ts binds it to React. Loaded
// with the SDK (voice-runtime.ts), not in the page's first script.
import type { AssistantSettings as VoiceConfig } from '../page-settings.ts';
import { isMicrophoneBlocked, isNonFatalClientError, voiceReducer, type VoiceEvent } from './voice-events.ts';
import type { VoiceOverrides } from './voice-overrides.ts';
import { initialVoiceState, type VoiceState } from './voice-state.ts';

/** The part of the Vapi web client the demo uses; `Vapi` from @vapi-ai/web has this shape. */
export interface VoiceClient {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  start(assistantId: string, assistantOverrides?: VoiceOverrides): Promise<unknown>;
  stop(): Promise<void> | void;
}

export type CreateVoiceClient = (config: VoiceConfig) => Promise<VoiceClient>;

/**
 * What the call is to start with (voice-overrides.ts), made at the press: asking for the visit token
 * goes on while the visitor answers the microphone's prompt. Undefined, or a failure, starts the
 * assistant as it is.
 */
export type MakeOverrides = () => Promise<VoiceOverrides | undefined>;

const noOverrides: MakeOverrides = () => Promise.resolve(undefined);

/** Resolves once the visitor has let the page use a microphone; rejects with the browser's error. */
export type RequestMicrophone = () => Promise<void>;

/**
 * Asks for the microphone before any call exists, so a refusal creates no call on Vapi's side and gets
 * its own message. The stream is released at once: the SDK asks again, and the browser, already
 * allowed, answers without a prompt. Where the page has no media API at all (an insecure origin), the
 * SDK's own start reports what fails.
 */
export async function requestMicrophone(): Promise<void> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) return;
  const stream = await media.getUserMedia({ audio: true });
  stream.getTracks().forEach((track) => track.stop());
}

export class VoiceSession {
  private state: VoiceState = initialVoiceState;
  private readonly subscribers = new Set<() => void>();
  private client: Promise<VoiceClient> | null = null;
  private detach: (() => void)[] = [];
  /** Bumped by dispose(): answers that arrive afterwards belong to a session no one shows. */
  private generation = 0;

  /** `config` is read at each press: the page learns it only after hydration. */
  constructor(
    private readonly config: () => VoiceConfig | null,
    private readonly createClient: CreateVoiceClient,
    private readonly makeOverrides: MakeOverrides = noOverrides,
    private readonly askForMicrophone: RequestMicrophone = requestMicrophone,
  ) {}

  readonly getState = (): VoiceState => this.state;

  readonly subscribe = (onChange: () => void): (() => void) => {
    this.subscribers.add(onChange);
    return () => this.subscribers.delete(onChange);
  };

  /** The button: ends a call in progress, otherwise starts one with the demo assistant. */
  async toggle(): Promise<void> {
    const { status, error } = this.state;
    if (error || status === 'starting') return;
    if (status === 'connected' || status === 'joining') {
      await this.stop();
      return;
    }
    const config = this.config();
    if (!config) {
      this.dispatch({ type: 'failed', error: 'notAvailable' });
      return;
    }
    const generation = this.generation;
    const settle = (event: VoiceEvent) => {
      if (generation === this.generation) this.dispatch(event);
    };
    this.dispatch({ type: 'start-requested' });
    const overrides = this.makeOverrides().catch(() => undefined);
    try {
      await this.askForMicrophone();
    } catch (err) {
      // Refused: say how to allow it. No microphone, or one another program holds: no call could work.
      settle({ type: 'failed', error: isMicrophoneBlocked(err) ? 'micBlocked' : 'connectFailed' });
      return;
    }
    if (generation !== this.generation) return;
    let client: VoiceClient;
    try {
      client = await this.ensureClient(config);
    } catch {
      settle({ type: 'failed', error: 'initFailed' });
      return;
    }
    const assistantOverrides = await overrides;
    if (generation !== this.generation) return;
    try {
      const call = await client.start(config.assistantId, assistantOverrides);
      settle(call ? { type: 'start-returned-call' } : { type: 'start-failed', micBlocked: false });
    } catch (err) {
      settle({ type: 'start-failed', micBlocked: isMicrophoneBlocked(err) });
    }
  }

  /**
   * Leaves a call in progress, stops listening to the client and starts over: the section is
   * unmounted (React's development mode also does this once, right after mounting).
   */
  dispose(): void {
    if (this.state.status !== 'idle') void this.hangUp();
    this.detach.forEach((off) => off());
    this.detach = [];
    this.client = null;
    this.generation++;
    this.state = initialVoiceState;
    this.subscribers.forEach((notify) => notify());
  }

  private async stop() {
    const client = await this.client?.catch(() => null);
    try {
      await client?.stop();
      // The client also reports call-end when the room is left; the state does not wait for it.
      this.dispatch({ type: 'call-end' });
    } catch {
      this.dispatch({ type: 'failed', error: 'connectFailed' });
    }
  }

  /** Ends whatever call the client may hold, quietly: used once the page already shows an error. */
  private async hangUp() {
    const client = this.client;
    try {
      await (await client)?.stop();
    } catch {
      // Nothing left to tell the visitor: the error is already shown.
    }
  }

  private ensureClient(config: VoiceConfig): Promise<VoiceClient> {
    if (!this.client) {
      this.client = this.createClient(config).then((client) => {
        this.listen(client);
        return client;
      });
      // A failed creation may succeed on a later page load, not in this one: the button is disabled.
    }
    return this.client;
  }

  /**
   * Every listener is in place before the first start(): without an `error` listener the SDK's event
   * emitter throws out of start(), skipping its clean-up, and every later start is refused as
   * "already started".
   */
  private listen(client: VoiceClient) {
    const on = (event: string, listener: (...args: never[]) => void) => {
      client.on(event, listener);
      this.detach.push(() => client.removeListener(event, listener));
    };
    on('error', (error: unknown) => {
      if (isNonFatalClientError(error)) return;
      this.dispatch({ type: 'client-error', micBlocked: isMicrophoneBlocked(error) });
    });
    // Daily reports a refused microphone here, and may still join the room without it.
    on('camera-error', (error: unknown) => {
      if (isMicrophoneBlocked(error)) this.dispatch({ type: 'client-error', micBlocked: true });
    });
    on('call-start', () => this.dispatch({ type: 'call-start' }));
    on('call-end', () => this.dispatch({ type: 'call-end' }));
    on('speech-start', () => this.dispatch({ type: 'speech-start' }));
    on('speech-end', () => this.dispatch({ type: 'speech-end' }));
    on('volume-level', (volume: number) => this.dispatch({ type: 'volume-level', volume }));
  }

  private dispatch(event: VoiceEvent) {
    const before = this.state;
    this.state = voiceReducer(before, event);
    if (this.state === before) return;
    // An error disables the button, so the visitor could not end a call the client still holds.
    if (this.state.error && !before.error && before.status !== 'idle') {
      void this.hangUp();
    }
    this.subscribers.forEach((notify) => notify());
  }
}
