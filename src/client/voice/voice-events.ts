// The voice demo's transitions (docs/product.md, "Alex, the voice demo") as a pure reducer: what the
// page shows follows from the events of the voice client and the visitor's presses, and each transition
// is unit-tested. Loaded with the SDK (voice-runtime.ts), not in the page's first script.
import { clamp01, initialVoiceState, type VoiceErrorKind, type VoiceState } from './voice-state.ts';

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
