// The voice demo's states (SPEC.md §4 "Voice demo", §8), as a pure reducer: what the page shows follows
// from the events of the voice client and the visitor's presses, and each transition is unit-tested.

/** The errors of SPEC.md §8, plus a blocked microphone, which needs its own advice. */
export type VoiceErrorKind = 'initFailed' | 'notAvailable' | 'connectFailed' | 'callError' | 'micBlocked';

/**
 * - idle: no call; a press starts one.
 * - starting: `start()` is in flight (web call created, media room joined); presses are ignored, since
 *   the client refuses a second start while one runs.
 * - joining: `start()` returned a call; waiting for the assistant to say it listens (`call-start`).
 *   A press ends the call.
 * - connected: SPEC.md's "active"; a press ends the call.
 */
export type VoiceStatus = 'idle' | 'starting' | 'joining' | 'connected';

export interface VoiceState {
  status: VoiceStatus;
  speaking: boolean;
  /** Set, the button is disabled and shown grey (SPEC.md §4). */
  error: VoiceErrorKind | null;
  /** The assistant's volume, 0..1, while connected. */
  volume: number;
  /** The client reported a blocked microphone while a start was in flight; the start's outcome decides. */
  micBlockedDuringStart: boolean;
}

export const initialVoiceState: VoiceState = {
  status: 'idle',
  speaking: false,
  error: null,
  volume: 0,
  micBlockedDuringStart: false,
};

export type VoiceEvent =
  | { type: 'start-requested' }
  | { type: 'start-returned-call' }
  | { type: 'start-failed'; micBlocked: boolean }
  | { type: 'call-start' }
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  | { type: 'volume-level'; volume: number }
  | { type: 'call-end' }
  | { type: 'client-error'; micBlocked: boolean }
  | { type: 'failed'; error: VoiceErrorKind };

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

/** Every error ends the call's states: not active, not speaking, bars at rest. */
const fail = (error: VoiceErrorKind): VoiceState => ({ ...initialVoiceState, error });

export function voiceReducer(state: VoiceState, event: VoiceEvent): VoiceState {
  switch (event.type) {
    case 'start-requested':
      return { ...state, status: 'starting', micBlockedDuringStart: false };
    case 'start-returned-call':
      // Joined, but the microphone was refused on the way: the assistant could not hear the visitor.
      if (state.micBlockedDuringStart) return fail('micBlocked');
      return state.status === 'starting' ? { ...state, status: 'joining' } : state;
    case 'start-failed':
      return fail(event.micBlocked || state.micBlockedDuringStart ? 'micBlocked' : 'connectFailed');
    case 'call-start':
      return { ...state, status: 'connected', error: null, micBlockedDuringStart: false };
    case 'speech-start':
      return { ...state, speaking: true };
    case 'speech-end':
      return { ...state, speaking: false };
    case 'volume-level':
      return state.status === 'connected' ? { ...state, volume: clamp01(event.volume) } : state;
    case 'call-end':
      return { ...state, status: 'idle', speaking: false, volume: 0 };
    case 'client-error':
      // During a start the client also reports the failure by returning nothing: that answer decides
      // the message ("Failed to connect"), this only remembers a refused microphone.
      if (state.status === 'starting') {
        return { ...state, micBlockedDuringStart: state.micBlockedDuringStart || event.micBlocked };
      }
      return fail(event.micBlocked ? 'micBlocked' : 'callError');
    case 'failed':
      return fail(event.error);
  }
}

/** What the button shows, from the state and whether the demo is configured at all. */
export interface VoiceButtonView {
  disabled: boolean;
  label: 'buttonText' | 'buttonTextListening' | 'buttonTextConnecting' | 'unavailable';
  busy: boolean;
}

export function voiceButtonView(state: VoiceState, configured: boolean): VoiceButtonView {
  if (!configured) return { disabled: true, label: 'unavailable', busy: false };
  if (state.error) return { disabled: true, label: 'buttonText', busy: false };
  switch (state.status) {
    case 'starting':
      return { disabled: true, label: 'buttonTextConnecting', busy: true };
    case 'joining':
      return { disabled: false, label: 'buttonTextConnecting', busy: true };
    case 'connected':
      return { disabled: false, label: 'buttonTextListening', busy: false };
    case 'idle':
      return { disabled: false, label: 'buttonText', busy: false };
  }
}

/** Resting heights of the 12 bars (SPEC.md §9), a gentle wave, in percent. */
export const RESTING_BAR_HEIGHTS: readonly number[] = [30, 45, 60, 75, 55, 85, 70, 90, 60, 45, 65, 35];
/** A connected call in silence: a flat line, low enough to read as "quiet", high enough to see. */
export const SILENT_BAR_HEIGHT = 12;
const PEAK = Math.max(...RESTING_BAR_HEIGHTS);

/**
 * The bars' heights in percent. `null` (no call, or reduced motion) is the resting wave; a volume of
 * 0..1 scales the wave between a flat line and full height, keeping its shape.
 */
export function barHeights(volume: number | null): readonly number[] {
  if (volume === null) return RESTING_BAR_HEIGHTS;
  const v = clamp01(volume);
  return RESTING_BAR_HEIGHTS.map((h) => Math.round(SILENT_BAR_HEIGHT + v * (100 - SILENT_BAR_HEIGHT) * (h / PEAK)));
}

/**
 * The client's error events that do not end a call: the SDK reports them and carries on (noise
 * cancellation, the level observer, the recording).
 */
const NON_FATAL_ERRORS = new Set([
  'audio-processing-setup-error',
  'audio-processor-recovery-error',
  'audio-observer-setup-error',
  'video-recording-setup-error',
]);

export function isNonFatalClientError(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && NON_FATAL_ERRORS.has(type);
}

const PERMISSION_WORDS = /NotAllowedError|PermissionDeniedError|permission denied|not allowed|permissions?\b/i;
const TEXT_KEYS = ['name', 'type', 'message', 'msg', 'errorMsg', 'errorDetail', 'reason'];

/**
 * Whether an error says the microphone was refused: the browser's NotAllowedError, as thrown or as
 * serialised by the SDK, or Daily's camera-error of type "permissions", however deeply wrapped.
 */
export function isMicrophoneBlocked(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || error === undefined) return false;
  if (typeof error === 'string') return PERMISSION_WORDS.test(error);
  if (typeof error !== 'object') return false;
  const record = error as Record<string, unknown>;
  for (const key of TEXT_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && PERMISSION_WORDS.test(value)) return true;
  }
  return Object.values(record).some((v) => typeof v === 'object' && isMicrophoneBlocked(v, depth + 1));
}
