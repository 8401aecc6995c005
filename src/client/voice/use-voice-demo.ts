import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import type { AssistantPage } from '../assistant-context.ts';
import { readVoiceSettings, useAssistants } from '../page-settings.ts';
import type * as VoiceRuntimeModule from './voice-runtime.ts';
import { initialVoiceState, type VoiceState } from './voice-state.ts';

type VoiceRuntime = typeof VoiceRuntimeModule;
type Session = ReturnType<VoiceRuntime['createVoiceSession']>;

let runtime: Promise<VoiceRuntime> | null = null;

/** The SDK with the demo's session code, fetched once; a failed fetch (offline) may be tried again. */
function loadVoiceRuntime(): Promise<VoiceRuntime> {
  runtime ??= import('./voice-runtime.ts').catch((err: unknown) => {
    runtime = null;
    throw err;
  });
  return runtime;
}

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export interface VoiceDemo {
  state: VoiceState;
  reducedMotion: boolean;
  toggle: () => void;
}

/**
 * Alex's call for the section. This hook loads with the demo's working part (live-voice.tsx); the SDK
 * and the session (voice-runtime.ts) are fetched ahead once the section nears the viewport
 * (`section`), or on the first press, which shows "connecting" meanwhile. A call starts in the
 * language `page` shows at the press.
 */
export function useVoiceDemo(section: RefObject<HTMLElement | null>, page: AssistantPage): VoiceDemo {
  const config = useAssistants().voice;
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  const [state, setState] = useState<VoiceState>(initialVoiceState);
  const session = useRef<Promise<Session> | null>(null);
  const shown = useRef(page);
  useEffect(() => {
    shown.current = page;
  });

  // Leaves a call in progress when the section goes (React's development mode also does this once,
  // right after mounting; a disposed session starts over on the next press).
  useEffect(() => () => void session.current?.then((s) => s.dispose()), []);

  useEffect(() => {
    const element = section.current;
    if (!config || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          // Fetched again on the press, which reports a failure.
          loadVoiceRuntime().catch(() => {});
        }
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [config, section]);

  const toggle = () => {
    if (!session.current) {
      setState({ ...initialVoiceState, status: 'starting' });
      session.current = loadVoiceRuntime().then((voice) => {
        const s = voice.createVoiceSession(readVoiceSettings, () => shown.current);
        s.subscribe(() => setState(s.getState()));
        return s;
      });
      session.current.catch(() => setState({ ...initialVoiceState, error: 'initFailed' }));
    }
    void session.current.then((s) => s.toggle(), () => {});
  };

  return { state, reducedMotion, toggle };
}
