// The voice demo's states (docs/product.md, "Alex, the voice demo") as the page shows them: the
// button and the bars.
// Loaded with the demo's working part (live-voice.tsx); the transitions (voice-events.ts) with the SDK.
import { RESTING_BAR_HEIGHTS } from './voice-bars.ts';

export { RESTING_BAR_HEIGHTS };

/** The failures the demo names, plus a blocked microphone, which needs its own advice. */
export type VoiceErrorKind = 'initFailed' | 'notAvailable' | 'connectFailed' | 'callError' | 'micBlocked';

/**
 * - idle: no call; a press starts one.
 * - starting: the SDK is loading, the microphone is being asked for, or `start()` is in flight (web
 *   call created, media room joined); presses are ignored, since the client refuses a second start
 *   while one runs.
 * - joining: `start()` returned a call; waiting for the assistant to say it listens (`call-start`).
 *   A press ends the call.
 * - connected: the call is on; a press ends it.
 */
export type VoiceStatus = 'idle' | 'starting' | 'joining' | 'connected';

export interface VoiceState {
  status: VoiceStatus;
  speaking: boolean;
  /** Set, the button is disabled and shown grey. */
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

/** A number within 0..1; anything else (NaN, ±Infinity) counts as 0. */
export const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

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

