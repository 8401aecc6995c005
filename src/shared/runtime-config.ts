// Settings the page needs that belong to a deployment, not to a build: the server writes them into each
// page at start (a JSON script element in place of a placeholder the prerender leaves), so one build
// serves any deployment. Only public values go here: the page shows them to anyone.

/** Vapi's browser credentials: the public key and the assistant Alex is, plus an optional API host. */
export interface VoiceConfig {
  publicKey: string;
  assistantId: string;
  /** Vapi's API host; unset means the SDK's own (https://api.vapi.ai). Tests point it at a mock. */
  apiUrl?: string;
  /** The assistant Lana is, for the web chat; unset keeps the chat box's example conversation. */
  chatAssistantId?: string;
}

export interface RuntimeConfig {
  vapi: VoiceConfig | null;
}

/** Left by the prerender in each page's head; replaced by the server (an empty string when unset). */
export const RUNTIME_CONFIG_PLACEHOLDER = '<!--runtime-config-->';
export const RUNTIME_CONFIG_ID = 'runtime-config';

/**
 * The script element carrying the config. `<`, `>`, `&` and the two JavaScript line separators are
 * escaped, so no value can close the element or open a comment, whatever it contains.
 */
export function runtimeConfigElement(config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${RUNTIME_CONFIG_ID}">${json}</script>`;
}

const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The voice settings in the element's text, or null when absent or malformed: the page then shows the
 * demo as not available rather than failing. Checked by hand, since zod stays out of the page's
 * first script.
 */
export function parseRuntimeConfig(text: string | null | undefined): RuntimeConfig {
  if (!text) return { vapi: null };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { vapi: null };
  }
  const vapi = (data as { vapi?: unknown } | null)?.vapi as Partial<Record<keyof VoiceConfig, unknown>> | null | undefined;
  if (!vapi || !nonEmptyString(vapi.publicKey) || !nonEmptyString(vapi.assistantId)) return { vapi: null };
  return {
    vapi: {
      publicKey: vapi.publicKey,
      assistantId: vapi.assistantId,
      ...(nonEmptyString(vapi.apiUrl) ? { apiUrl: vapi.apiUrl } : {}),
      ...(nonEmptyString(vapi.chatAssistantId) ? { chatAssistantId: vapi.chatAssistantId } : {}),
    },
  };
}
