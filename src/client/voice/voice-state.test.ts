import { describe, expect, it } from 'vitest';
import { isMicrophoneBlocked, isNonFatalClientError, voiceReducer, type VoiceEvent } from './voice-events.ts';
import {
  barHeights,
  initialVoiceState,
  RESTING_BAR_HEIGHTS,
  SILENT_BAR_HEIGHT,
  voiceButtonView,
  type VoiceState,
} from './voice-state.ts';

const run = (...events: VoiceEvent[]) => events.reduce(voiceReducer, initialVoiceState);
const connected = run({ type: 'start-requested' }, { type: 'start-returned-call' }, { type: 'call-start' });

describe('the voice demo state (docs/product.md, "Alex, the voice demo")', () => {
  it('is idle, then starting, joining and connected on call-start', () => {
    expect(initialVoiceState).toMatchObject({ status: 'idle', speaking: false, error: null });
    expect(run({ type: 'start-requested' }).status).toBe('starting');
    expect(run({ type: 'start-requested' }, { type: 'start-returned-call' }).status).toBe('joining');
    expect(connected.status).toBe('connected');
  });

  it('clears an error on call-start', () => {
    const errored: VoiceState = { ...initialVoiceState, error: 'callError' };
    expect(voiceReducer(errored, { type: 'call-start' })).toMatchObject({ status: 'connected', error: null });
  });

  it('marks the assistant speaking on speech-start and clears it on speech-end', () => {
    const speaking = voiceReducer(connected, { type: 'speech-start' });
    expect(speaking.speaking).toBe(true);
    expect(voiceReducer(speaking, { type: 'speech-end' }).speaking).toBe(false);
  });

  it('returns to idle on call-end, clearing speaking and the volume', () => {
    const loud = run({ type: 'start-requested' }, { type: 'start-returned-call' }, { type: 'call-start' }, { type: 'speech-start' }, { type: 'volume-level', volume: 0.8 });
    expect(loud).toMatchObject({ speaking: true, volume: 0.8 });
    expect(voiceReducer(loud, { type: 'call-end' })).toMatchObject({ status: 'idle', speaking: false, volume: 0, error: null });
  });

  it('follows the volume only while connected, within 0..1', () => {
    expect(run({ type: 'volume-level', volume: 0.5 }).volume).toBe(0);
    expect(voiceReducer(connected, { type: 'volume-level', volume: 0.5 }).volume).toBe(0.5);
    expect(voiceReducer(connected, { type: 'volume-level', volume: 3 }).volume).toBe(1);
    expect(voiceReducer(connected, { type: 'volume-level', volume: Number.NaN }).volume).toBe(0);
  });

  it("turns the client's error event during a call into 'callError', ending active and speaking", () => {
    const speaking = voiceReducer(connected, { type: 'speech-start' });
    expect(voiceReducer(speaking, { type: 'client-error', micBlocked: false })).toEqual({
      ...initialVoiceState,
      error: 'callError',
    });
  });

  it('lets the outcome of a start decide its message: an error event meanwhile is not "error occurred"', () => {
    const duringStart = run({ type: 'start-requested' }, { type: 'client-error', micBlocked: false });
    expect(duringStart).toMatchObject({ status: 'starting', error: null });
    expect(voiceReducer(duringStart, { type: 'start-failed', micBlocked: false }).error).toBe('connectFailed');
  });

  it('names a refused microphone, whether reported during the start or by the failed start itself', () => {
    const refused = run({ type: 'start-requested' }, { type: 'client-error', micBlocked: true });
    expect(voiceReducer(refused, { type: 'start-failed', micBlocked: false }).error).toBe('micBlocked');
    expect(voiceReducer(refused, { type: 'start-returned-call' })).toEqual({ ...initialVoiceState, error: 'micBlocked' });
    expect(run({ type: 'start-requested' }, { type: 'start-failed', micBlocked: true }).error).toBe('micBlocked');
    expect(voiceReducer(connected, { type: 'client-error', micBlocked: true }).error).toBe('micBlocked');
  });

  it('ends every state on each error it can show, a refused microphone among them', () => {
    for (const error of ['initFailed', 'notAvailable', 'connectFailed', 'callError', 'micBlocked'] as const) {
      const speaking = voiceReducer(connected, { type: 'speech-start' });
      expect(voiceReducer(speaking, { type: 'failed', error })).toEqual({ ...initialVoiceState, error });
    }
  });
});

describe('the button', () => {
  it('is disabled and says "not available" without settings', () => {
    expect(voiceButtonView(initialVoiceState, false)).toEqual({ disabled: true, label: 'unavailable', busy: false });
  });

  it('says talk when idle, connecting while a start runs (disabled) or the room is joined, end when connected', () => {
    expect(voiceButtonView(initialVoiceState, true)).toMatchObject({ disabled: false, label: 'buttonText' });
    expect(voiceButtonView(run({ type: 'start-requested' }), true)).toEqual({
      disabled: true,
      label: 'buttonTextConnecting',
      busy: true,
    });
    expect(voiceButtonView(run({ type: 'start-requested' }, { type: 'start-returned-call' }), true)).toMatchObject({
      disabled: false,
      label: 'buttonTextConnecting',
    });
    expect(voiceButtonView(connected, true)).toMatchObject({ disabled: false, label: 'buttonTextListening' });
  });

  it('is disabled after any error', () => {
    expect(voiceButtonView({ ...initialVoiceState, error: 'connectFailed' }, true)).toMatchObject({ disabled: true, label: 'buttonText' });
  });
});

describe('the 12 bars', () => {
  it('rest in their wave without a call', () => {
    expect(barHeights(null)).toEqual(RESTING_BAR_HEIGHTS);
    expect(barHeights(null)).toHaveLength(12);
  });

  it('lie flat in silence and rise with the volume to full height, keeping the wave', () => {
    expect(barHeights(0)).toEqual(Array(12).fill(SILENT_BAR_HEIGHT));
    const full = barHeights(1);
    expect(Math.max(...full)).toBe(100);
    expect(full.indexOf(100)).toBe(RESTING_BAR_HEIGHTS.indexOf(Math.max(...RESTING_BAR_HEIGHTS)));
    const half = barHeights(0.5);
    half.forEach((h, i) => {
      expect(h).toBeGreaterThan(SILENT_BAR_HEIGHT);
      expect(h).toBeLessThan(full[i] ?? 0);
    });
  });

  it('stay within 0..100 for any level the client reports', () => {
    expect(barHeights(5)).toEqual(barHeights(1));
    expect(barHeights(-1)).toEqual(barHeights(0));
  });
});

describe("reading the client's errors", () => {
  it('recognises a refused microphone, thrown or as the SDK and Daily report it', () => {
    expect(isMicrophoneBlocked(new DOMException('Permission denied', 'NotAllowedError'))).toBe(true);
    expect(
      isMicrophoneBlocked({
        type: 'start-method-error',
        error: { message: 'Permission denied', name: 'NotAllowedError' },
      }),
    ).toBe(true);
    expect(
      isMicrophoneBlocked({
        type: 'camera-error',
        error: { action: 'camera-error', error: { type: 'permissions', blockedBy: 'user', blockedMedia: ['audio'] } },
      }),
    ).toBe(true);
  });

  it('does not mistake a network or API failure for it', () => {
    expect(isMicrophoneBlocked({ type: 'daily-call-join-error', error: { message: 'Failed to fetch' } })).toBe(false);
    expect(isMicrophoneBlocked({ type: 'start-method-error', error: { message: 'Unauthorized', status: 401 } })).toBe(false);
    expect(isMicrophoneBlocked(null)).toBe(false);
  });

  it('treats the recoverable audio and recording errors as non-fatal, and the rest as fatal', () => {
    expect(isNonFatalClientError({ type: 'audio-processing-setup-error' })).toBe(true);
    expect(isNonFatalClientError({ type: 'daily-error' })).toBe(false);
    expect(isNonFatalClientError('boom')).toBe(false);
  });
});
