// Settings the page needs that belong to a deployment, not to a build: the server writes them into each
// page at start (a JSON script element in place of a placeholder the prerender leaves), so one build
// serves any deployment. Only public values go here: the page shows them to anyone.

/**
 * Vapi's browser credentials: the public key, an optional API host, and the assistants the page talks
 * to. Alex (the voice demo) and Lana (the web chat) are configured independently: either may be unset.
 */
export interface VapiSettings {
  publicKey: string;
  /** Vapi's API host; unset means Vapi's own (https://api.vapi.ai). Tests point it at a mock. */
  apiUrl?: string;
  /** The assistant Alex is; unset shows the voice demo as not available. */
  assistantId?: string;
  /** The assistant Lana is, for the web chat; unset keeps the chat box's example conversation. */
  chatAssistantId?: string;
}

export interface RuntimeConfig {
  vapi: VapiSettings | null;
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
 * The Vapi settings in the element's text, or null when absent, malformed, or naming no assistant: the
 * page then shows the demo as not available and the chat's example rather than failing. Checked by
 * hand, since zod stays out of the page's first script.
 */
export function parseRuntimeConfig(text: string | null | undefined): RuntimeConfig {
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    return { vapi: null };
  }
  const vapi = (data as { vapi?: unknown } | null)?.vapi as Partial<Record<keyof VapiSettings, unknown>> | null | undefined;
  if (!vapi || !nonEmptyString(vapi.publicKey)) return { vapi: null };
  const settings: VapiSettings = { publicKey: vapi.publicKey };
  for (const key of ['apiUrl', 'assistantId', 'chatAssistantId'] as const) {
    const value = vapi[key];
    if (nonEmptyString(value)) settings[key] = value;
  }
  return { vapi: settings.assistantId || settings.chatAssistantId ? settings : null };
}
