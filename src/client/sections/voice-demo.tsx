import { lazy, Suspense, useRef } from 'react';
import { useAssistants, useSettingsRead } from '../page-settings.ts';
import { Button } from '../../ui/button.tsx';
import { ChunkBoundary } from '../../ui/chunk-boundary.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useI18n } from '../use-i18n.ts';
import { StillVoiceControls } from '../voice/voice-controls.tsx';
import { ExampleConversation } from './example-conversation.tsx';

// Only deployments with Alex's assistant need the working demo: its code loads when the page knows.
const LiveVoice = lazy(() => import('../voice/live-voice.tsx').then((m) => ({ default: m.LiveVoice })));

/**
 * Alex, the voice demo (docs/product.md, "Alex, the voice demo"). With the deployment's Vapi settings,
 * live-voice.tsx makes the button start and end a call with the demo assistant, the 12 bars following
 * the assistant's voice. Without them the section says the live demo is off on this site, shows an
 * example call as text and offers the discovery call. Until the page has read its settings (the
 * prerendered page, hydration) the button shows as it will be, not yet live.
 */
export function VoiceDemo({ onBookCall }: { onBookCall: () => void }) {
  const { t } = useI18n();
  const v = t.alexVoice;
  const section = useRef<HTMLElement>(null);
  const read = useSettingsRead();
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

        {!read ? (
          <StillVoiceControls label={v.buttonText} />
        ) : configured ? (
          <ChunkBoundary fallback={<StillVoiceControls label={v.buttonText} error={v.initFailed} />}>
            {/* For the moment the working part takes to arrive: the button as it will be, not yet live. */}
            <Suspense fallback={<StillVoiceControls label={v.buttonText} />}>
              <LiveVoice section={section} />
            </Suspense>
          </ChunkBoundary>
        ) : (
          <VoiceDemoOff onBookCall={onBookCall} />
        )}
        {(!read || configured) && <p className="mt-6 text-sm text-slate-400">{v.poweredBy}</p>}
      </div>
    </section>
  );
}

/** Where the deployment has no Alex: what a call with him is like, as text, and the discovery call. */
function VoiceDemoOff({ onBookCall }: { onBookCall: () => void }) {
  const { t } = useI18n();
  const off = t.alexVoice.off;
  return (
    <div className="mx-auto mt-10 max-w-xl">
      <p className="text-pretty text-slate-300">{off.notice}</p>
      <ExampleConversation
        label={off.conversationLabel}
        visitor={off.caller}
        assistant={t.alexVoice.assistantName}
        conversation={off.conversation}
        className="mt-6 space-y-3 rounded-2xl border border-line bg-panel/60 px-4 py-5 text-left text-sm sm:px-5 sm:text-base"
      />
      <p className="mt-8 font-medium text-pretty">{off.cta}</p>
      <Button size="lg" className="mt-4" onClick={onBookCall} aria-haspopup="dialog">
        {t.hero.cta}
      </Button>
    </div>
  );
}
