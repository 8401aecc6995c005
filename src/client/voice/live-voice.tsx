// The voice demo's working part, loaded once the page knows the deployment names Alex's assistant:
// the press, the call's states and looks, and the texts a call brings on screen. The SDK itself loads
// later still, as the section nears the viewport or on the first press (use-voice-demo.ts).
import type { RefObject } from 'react';
import { voiceCallTexts } from '../../content/i18n/voice-call.ts';
import { Icon } from '../ui/icons.tsx';
import { useI18n } from '../use-i18n.ts';
import { useVoiceDemo } from './use-voice-demo.ts';
import { BAR, BARS, BUTTON, DISABLED_BUTTON, ERROR } from './voice-controls.tsx';
import { barHeights, voiceButtonView } from './voice-state.ts';

const READY_BUTTON =
  'cursor-pointer bg-gradient-to-r from-indigo-500 to-cyan-500 text-white shadow-lg shadow-indigo-500/25 hover:from-indigo-400 hover:to-cyan-400';
const END_CALL_BUTTON = 'cursor-pointer bg-rose-600 text-white hover:bg-rose-500';

export function LiveVoice({ section }: { section: RefObject<HTMLElement | null> }) {
  const { locale, t } = useI18n();
  const v = t.alexVoice;
  const call = voiceCallTexts[locale];
  const { state, reducedMotion, toggle } = useVoiceDemo(section);
  const button = voiceButtonView(state, true);
  const connected = state.status === 'connected';
  const labels = {
    buttonText: v.buttonText,
    buttonTextListening: call.buttonTextListening,
    buttonTextConnecting: call.buttonTextConnecting,
    unavailable: v.unavailable,
  };
  // Reduced motion: the bars keep still, only their colour says the call is on.
  const heights = barHeights(connected && !reducedMotion ? state.volume : null);
  const error = state.error ? (state.error === 'initFailed' ? v.initFailed : call.errors[state.error]) : '';

  return (
    <>
      <div aria-hidden="true" className={BARS}>
        {heights.map((h, i) => (
          <span
            key={i}
            className={`${BAR} motion-safe:transition-[height] motion-safe:duration-100 ${
              connected ? (state.speaking ? 'bg-indigo-300' : 'bg-indigo-400') : 'bg-slate-600'
            }`}
            style={{ height: `${h}%` }}
          />
        ))}
      </div>

      <button
        type="button"
        disabled={button.disabled}
        aria-busy={button.busy || undefined}
        aria-describedby={error ? 'voice-demo-error' : undefined}
        onClick={toggle}
        className={`${BUTTON} ${button.disabled ? DISABLED_BUTTON : connected ? END_CALL_BUTTON : READY_BUTTON}`}
      >
        <Icon name="mic" className="size-5" />
        {labels[button.label]}
      </button>
      {/* In place, empty, before any call: a live region added or shown late may go unread. */}
      <p id="voice-demo-error" role="alert" className={ERROR}>
        {error}
      </p>
      <p role="status" className="sr-only">
        {connected ? (state.speaking ? call.statusSpeaking : call.statusConnected) : ''}
      </p>
    </>
  );
}
