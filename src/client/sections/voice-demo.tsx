import { Icon } from '../ui/icons.tsx';
import { useI18n } from '../use-i18n.ts';

/** Resting heights of the 12 bars, a gentle wave, in percent. */
const BAR_HEIGHTS = [30, 45, 60, 75, 55, 85, 70, 90, 60, 45, 65, 35];

/**
 * Alex, the voice demo. Until the voice client is configured the button stays disabled and says the
 * assistant is not available (SPEC.md §8).
 */
export function VoiceDemo() {
  const { t } = useI18n();
  const v = t.alexVoice;
  return (
    <section id="voice-demo" aria-labelledby="voice-demo-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-4xl rounded-3xl border border-line bg-gradient-to-b from-panel to-ink px-6 py-14 text-center sm:px-12">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-indigo-500/15 text-indigo-300">
          <Icon name="mic" className="size-7" />
        </span>
        <h2 id="voice-demo-title" className="mt-6 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {v.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-slate-300">{v.subtitle}</p>

        <div aria-hidden="true" className="mx-auto mt-10 flex h-20 max-w-xs items-center justify-center gap-1.5">
          {BAR_HEIGHTS.map((h, i) => (
            <span key={i} className="w-2 rounded-full bg-slate-600" style={{ height: `${h}%` }} />
          ))}
        </div>

        <button
          type="button"
          disabled
          className="mt-10 inline-flex min-h-13 cursor-not-allowed items-center justify-center gap-2 rounded-full bg-slate-700 px-8 py-3 font-semibold text-slate-300"
        >
          <Icon name="mic" className="size-5" />
          {v.unavailable}
        </button>
        <p className="mt-6 text-sm text-slate-400">{v.poweredBy}</p>
      </div>
    </section>
  );
}
