import { lazy, Suspense, useRef } from 'react';
import { useAssistants } from '../page-settings.ts';
import { ChunkBoundary } from '../../ui/chunk-boundary.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useI18n } from '../use-i18n.ts';
import { StillVoiceControls } from '../voice/voice-controls.tsx';

// Only deployments with Alex's assistant need the working demo: its code loads when the page knows.
const LiveVoice = lazy(() => import('../voice/live-voice.tsx').then((m) => ({ default: m.LiveVoice })));

/**
 * Alex, the voice demo (docs/product.md, "Alex, the voice demo"). Without the deployment's Vapi
 * settings the button stays disabled and says the assistant is not available; with them, live-voice.tsx
 * makes it start and end a call with the demo assistant, the 12 bars following the assistant's voice.
 */
export function VoiceDemo() {
  const { t } = useI18n();
  const v = t.alexVoice;
  const section = useRef<HTMLElement>(null);
  const configured = useAssistants().voice !== null;

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

        {configured ? (
          <ChunkBoundary fallback={<StillVoiceControls label={v.buttonText} error={v.initFailed} />}>
            {/* For the moment the working part takes to arrive: the button as it will be, not yet live. */}
            <Suspense fallback={<StillVoiceControls label={v.buttonText} />}>
              <LiveVoice section={section} />
            </Suspense>
          </ChunkBoundary>
        ) : (
          <StillVoiceControls label={v.unavailable} />
        )}
        <p className="mt-6 text-sm text-slate-400">{v.poweredBy}</p>
      </div>
    </section>
  );
}
