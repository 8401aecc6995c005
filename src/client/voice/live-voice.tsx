// The voice demo's working part, loaded once the page knows the deployment names Alex's assistant:
// the press, the call's states and looks, and the texts a call brings on screen. The SDK itself loads
// later still, as the section nears the viewport or on the first press (use-voice-demo.ts).
import type { RefObject } from 'react';
import { voiceCallTexts } from '../../content/i18n/voice-call.ts';
import { cn } from '../../ui/cn.ts';
import { useI18n } from '../use-i18n.ts';
import { useVoiceDemo } from './use-voice-demo.ts';
import { BAR, BARS, ERROR, VoiceButton } from './voice-controls.tsx';
import { barHeights, voiceButtonView } from './voice-state.ts';

export function LiveVoice({ section }: { section: RefObject<HTMLElement | null> }) {
  const { locale, t } = useI18n();
  const v = t.alexVoice;
  const call = voiceCallTexts[locale];
  const { state, reducedMotion, toggle } = useVoiceDemo(section, { locale, products: t.products });
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
            className={cn(
              BAR,
              'motion-safe:transition-[height] motion-safe:duration-100',
              connected ? (state.speaking ? 'bg-indigo-300' : 'bg-indigo-400') : 'bg-slate-600',
            )}
            style={{ height: `${h}%` }}
          />
        ))}
      </div>

      <VoiceButton
        variant={button.disabled ? 'unavailable' : connected ? 'danger' : 'primary'}
        disabled={button.disabled}
        aria-busy={button.busy || undefined}
        aria-describedby={error ? 'voice-demo-error' : undefined}
        onClick={toggle}
      >
        {labels[button.label]}
      </VoiceButton>
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
