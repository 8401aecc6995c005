import { useSyncExternalStore } from 'react';
import { parseRuntimeConfig, RUNTIME_CONFIG_ID, type VapiSettings } from '../shared/runtime-config.ts';

/** What talking to one of Vapi's assistants from the browser needs. */
export interface AssistantSettings {
  publicKey: string;
  assistantId: string;
  /** Vapi's API host; unset means Vapi's own. */
  apiUrl?: string;
}

let vapiSettings: VapiSettings | null | undefined;

/** The Vapi settings the server wrote into this page (shared/runtime-config.ts), read once. */
function readVapiSettings(): VapiSettings | null {
  vapiSettings ??= parseRuntimeConfig(document.getElementById(RUNTIME_CONFIG_ID)?.textContent).vapi;
  return vapiSettings;
}

const assistant = (vapi: VapiSettings, assistantId: string): AssistantSettings => ({
  publicKey: vapi.publicKey,
  assistantId,
  ...(vapi.apiUrl ? { apiUrl: vapi.apiUrl } : {}),
});

let voice: AssistantSettings | null | undefined;
let chat: AssistantSettings | null | undefined;

/** Alex, the voice demo; null on a deployment without VAPI_ASSISTANT_ID. The same object each call. */
export function readVoiceSettings(): AssistantSettings | null {
  const vapi = readVapiSettings();
  voice ??= vapi?.assistantId ? assistant(vapi, vapi.assistantId) : null;
  return voice;
}

/** Lana, the web chat; null on a deployment without VAPI_CHAT_ASSISTANT_ID. The same object each call. */
export function readChatSettings(): AssistantSettings | null {
  const vapi = readVapiSettings();
  chat ??= vapi?.chatAssistantId ? assistant(vapi, vapi.chatAssistantId) : null;
  return chat;
}

const never = () => () => {};

/**
 * The settings, for components. The prerendered page knows none; reading them only after hydration
 * keeps the first render identical to it (getServerSnapshot is used while hydrating).
 */
export function useVoiceSettings(): AssistantSettings | null {
  return useSyncExternalStore(never, readVoiceSettings, () => null);
}

export function useChatSettings(): AssistantSettings | null {
  return useSyncExternalStore(never, readChatSettings, () => null);
}
