import { useRef } from 'react';
import { Icon } from '../ui/icons.tsx';
import { useI18n } from '../use-i18n.ts';
import { useVoiceDemo } from '../voice/use-voice-demo.ts';
import { barHeights, voiceButtonView } from '../voice/voice-state.ts';

/**
 * Alex, the voice demo (SPEC.md §4, §8). The button starts and ends a call with the demo assistant;
 * the 12 bars follow the assistant's voice while connected. Without the deployment's Vapi settings the
 * button stays disabled and says the assistant is not available; after an error it is disabled and
 * grey, with the error below it.
 */
export function VoiceDemo() {
  const { t } = useI18n();
  const v = t.alexVoice;
  const section = useRef<HTMLElement>(null);
  const { configured, state, reducedMotion, toggle } = useVoiceDemo(section);
  const button = voiceButtonView(state, configured);
  const connected = state.status === 'connected';
  // Reduced motion: the bars keep still, only their colour says the call is on.
  const heights = barHeights(connected && !reducedMotion ? state.volume : null);
  const status = connected ? (state.speaking ? v.statusSpeaking : v.statusConnected) : '';

  return (
    <section
      ref={section}
      id="voice-demo"
      aria-labelledby="voice-demo-title"
      className="px-4 py-16 sm:px-6 sm:py-24"
    >
      <div className="mx-auto max-w-4xl rounded-3xl border border-line bg-gradient-to-b from-panel to-ink px-6 py-14 text-center sm:px-12">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-indigo-500/15 text-indigo-300">
          <Icon name="mic" className="size-7" />
        </span>
        <h2 id="voice-demo-title" className="mt-6 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {v.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-slate-300">{v.subtitle}</p>

        <div aria-hidden="true" className="mx-auto mt-10 flex h-20 max-w-xs items-center justify-center gap-1.5">
          {heights.map((h, i) => (
            <span
              key={i}
              className={`w-2 rounded-full motion-safe:transition-[height] motion-safe:duration-100 ${
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
          aria-describedby={state.error ? 'voice-demo-error' : undefined}
          onClick={toggle}
          className={`mt-10 inline-flex min-h-13 items-center justify-center gap-2 rounded-full px-8 py-3 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300 ${
            button.disabled
              ? 'cursor-not-allowed bg-slate-700 text-slate-300'
              : connected
                ? 'cursor-pointer bg-rose-600 text-white hover:bg-rose-500'
                : 'cursor-pointer bg-gradient-to-r from-indigo-500 to-cyan-500 text-white shadow-lg shadow-indigo-500/25 hover:from-indigo-400 hover:to-cyan-400'
          }`}
        >
          <Icon name="mic" className="size-5" />
          {v[button.label]}
        </button>
        {/* Always in the page, empty until needed: a live region added or shown late may go unread. */}
        <p id="voice-demo-error" role="alert" className="mx-auto max-w-md text-sm text-pretty text-rose-300 not-empty:mt-4">
          {state.error ? v.errors[state.error] : ''}
        </p>
        <p role="status" className="sr-only">
          {status}
        </p>
        <p className="mt-6 text-sm text-slate-400">{v.poweredBy}</p>
      </div>
    </section>
  );
}
