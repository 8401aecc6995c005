import { useSyncExternalStore } from 'react';
import {
  parseRuntimeConfig,
  RUNTIME_CONFIG_ID,
  type AssistantSettings,
  type RuntimeConfig,
} from '../shared/runtime-config.ts';

export type { AssistantSettings };

let settings: RuntimeConfig | undefined;

/** The settings the server wrote into this page (shared/runtime-config.ts), read once. */
const read = () => (settings ??= parseRuntimeConfig(document.getElementById(RUNTIME_CONFIG_ID)?.textContent));

/** Alex, the voice demo; null on a deployment without VAPI_ASSISTANT_ID. The same object each call. */
export const readVoiceSettings = (): AssistantSettings | null => read().voice;

const never = () => () => {};
const NONE: RuntimeConfig = { voice: null, chat: null };

/**
 * The assistants, for components: `voice` (Alex) and `chat` (Lana), each null where the deployment
 * names none. The prerendered page knows none; reading them only after hydration keeps the first
 * render identical to it (getServerSnapshot is used while hydrating).
 */
export const useAssistants = (): RuntimeConfig => useSyncExternalStore(never, read, () => NONE);

/**
 * Whether the page has read its settings: false in the prerendered page and while hydrating, when
 * "no assistant" and "not known yet" look the same, so a part that differs between them waits.
 */
export const useSettingsRead = (): boolean => useSyncExternalStore(never, () => true, () => false);
