import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { readVoiceSettings, useVoiceSettings } from '../page-settings.ts';
import { createVapiClient, prefetchVapi } from './load-vapi.ts';
import { VoiceSession } from './voice-session.ts';
import { initialVoiceState, type VoiceState } from './voice-state.ts';


function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export interface VoiceDemo {
  /** False until hydrated, and on a deployment without Vapi settings: the button then stays disabled. */
  configured: boolean;
  state: VoiceState;
  reducedMotion: boolean;
  toggle: () => void;
}

/**
 * Alex's call for the section: the page's settings, the session, and the SDK fetched ahead once the
 * section nears the viewport (`section`), so the first press does not wait for ~80 KB.
 */
export function useVoiceDemo(section: RefObject<HTMLElement | null>): VoiceDemo {
  const config = useVoiceSettings();
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  const [session] = useState(() => new VoiceSession(readVoiceSettings, createVapiClient));
  const state = useSyncExternalStore(session.subscribe, session.getState, () => initialVoiceState);

  useEffect(() => () => session.dispose(), [session]);

  useEffect(() => {
    const element = section.current;
    if (!config || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          prefetchVapi();
        }
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [config, section]);

  return { configured: config !== null, state, reducedMotion, toggle: () => void session.toggle() };
}
