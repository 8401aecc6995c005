// What the voice demo loads when it is wanted (the section nearing the viewport, or the first press),
// never in the page's first script (scripts/build-output.test.ts): the Vapi web SDK with Daily inside,
// about 80 KB gzip, and the demo's session and transitions, which are of no use without it.
import Vapi from '@vapi-ai/web';
import { visitToken, type AssistantPage } from '../assistant-context.ts';
import type { AssistantSettings } from '../page-settings.ts';
import { voiceOverrides } from './voice-overrides.ts';
import { VoiceSession, type VoiceClient } from './voice-session.ts';

type VapiClass = typeof Vapi;

// The package is CommonJS with `exports.default`: depending on the bundler's interop the class is the
// default import or the default import's `default`.
const VapiSdk: VapiClass =
  typeof Vapi === 'function' ? Vapi : (Vapi as unknown as { default: VapiClass }).default;

export function createVapiClient(settings: AssistantSettings): Promise<VoiceClient> {
  // avoidEval: Daily loads its call machine as a script file rather than eval()ing fetched code, so
  // the site can run under a Content-Security-Policy without 'unsafe-eval'.
  return Promise.resolve(new VapiSdk(settings.publicKey, settings.apiUrl, { avoidEval: true }));
}

/**
 * Alex's session for the page; `settings` and `page` (the language shown, which may switch in place)
 * are read at each press.
 */
export function createVoiceSession(settings: () => AssistantSettings | null, page: () => AssistantPage): VoiceSession {
  return new VoiceSession(settings, createVapiClient, async () => {
    const shown = page();
    return voiceOverrides(shown, await visitToken());
  });
}
