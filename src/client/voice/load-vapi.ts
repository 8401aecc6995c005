// The Vapi web SDK and Daily inside it weigh about 80 KB gzip: far over the page's first-visit budget
// for a demo few visitors start. They are fetched with import() when wanted (the section nearing the
// viewport, or the first press), never in the page's first script (scripts/build-output.test.ts).
import type Vapi from '@vapi-ai/web';
import type { AssistantSettings as VoiceConfig } from '../page-settings.ts';
import type { VoiceClient } from './voice-session.ts';

type VapiClass = typeof Vapi;

let sdk: Promise<VapiClass> | null = null;

/** The SDK's class, fetched once; a failed fetch (offline) may be tried again. */
export function importVapi(): Promise<VapiClass> {
  sdk ??= import('@vapi-ai/web')
    .then((mod) => {
      // The package is CommonJS with `exports.default`: depending on the bundler's interop the class is
      // the default export or the default export's `default`.
      const candidate = mod.default as VapiClass | { default: VapiClass };
      return typeof candidate === 'function' ? candidate : candidate.default;
    })
    .catch((err: unknown) => {
      sdk = null;
      throw err;
    });
  return sdk;
}

/** Starts fetching the SDK without creating a client: the section is about to be seen. */
export function prefetchVapi(): void {
  importVapi().catch(() => {
    // Fetched again on the press, which reports the failure.
  });
}

export async function createVapiClient(config: VoiceConfig): Promise<VoiceClient> {
  const Vapi = await importVapi();
  // avoidEval: Daily loads its call machine as a script file rather than eval()ing fetched code, so
  // the site can run under a Content-Security-Policy without 'unsafe-eval'.
  return new Vapi(config.publicKey, config.apiUrl, { avoidEval: true });
}
