import { useSyncExternalStore } from 'react';
import { parseRuntimeConfig, RUNTIME_CONFIG_ID, type VoiceConfig } from '../shared/runtime-config.ts';

let vapiSettings: VoiceConfig | null | undefined;

/** The Vapi settings the server wrote into this page (shared/runtime-config.ts), read once. */
export function readVapiSettings(): VoiceConfig | null {
  vapiSettings ??= parseRuntimeConfig(document.getElementById(RUNTIME_CONFIG_ID)?.textContent).vapi;
  return vapiSettings;
}

const never = () => () => {};

/**
 * The settings, for components. The prerendered page knows none; reading them only after hydration
 * keeps the first render identical to it (getServerSnapshot is used while hydrating).
 */
export function useVapiSettings(): VoiceConfig | null {
  return useSyncExternalStore(never, readVapiSettings, () => null);
}
