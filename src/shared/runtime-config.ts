// Settings the page needs that belong to a deployment, not to a build: the server writes them into each
// page at start (a JSON script element in place of a placeholder the prerender leaves), so one build
// serves any deployment. Only public values go here: the page shows them to anyone.

/**
 * Vapi's browser credentials as the server is given them: the public key, an optional API host, and
 * the assistants. Alex (the voice demo) and Lana (the web chat) are configured independently.
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

/** What talking to one of Vapi's assistants from the browser needs. */
export interface AssistantSettings {
  publicKey: string;
  assistantId: string;
  /** Vapi's API host; unset means Vapi's own. */
  apiUrl?: string;
}

/** What the page is told: each assistant it may talk to, or null. */
export interface RuntimeConfig {
  voice: AssistantSettings | null;
  chat: AssistantSettings | null;
}

const assistant = (vapi: VapiSettings, assistantId: string | undefined): AssistantSettings | null =>
  assistantId
    ? { publicKey: vapi.publicKey, assistantId, ...(vapi.apiUrl ? { apiUrl: vapi.apiUrl } : {}) }
    : null;

/** The page's view of the server's Vapi settings. */
export function runtimeConfigOf(vapi: VapiSettings | undefined): RuntimeConfig {
  return vapi
    ? { voice: assistant(vapi, vapi.assistantId), chat: assistant(vapi, vapi.chatAssistantId) }
    : { voice: null, chat: null };
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

/**
 * The settings in the element's text. Absent or malformed, the page shows the voice demo as not
 * available and the chat's example rather than failing. Only the shape is checked, and lightly: this
 * runs in the page's first script, and the server (config.ts) has checked every value it writes.
 */
export function parseRuntimeConfig(text: string | null | undefined): RuntimeConfig {
  try {
    const data = JSON.parse(text ?? '') as Partial<RuntimeConfig> | null;
    return { voice: data?.voice?.assistantId ? data.voice : null, chat: data?.chat?.assistantId ? data.chat : null };
  } catch {
    return { voice: null, chat: null };
  }
}

/**
 * Left by the prerender in the privacy notice where it says how many days a closed lead is kept; the
 * server writes this deployment's LEAD_RETENTION_DAYS there at start, so the notice states the number
 * the server keeps to.
 */
export const LEAD_RETENTION_DAYS_PLACEHOLDER = '{{leadRetentionDays}}';

/** The same for CONVERSATION_RETENTION_DAYS: how long a conversation with an assistant that made no request is kept. */
export const CONVERSATION_RETENTION_DAYS_PLACEHOLDER = '{{conversationRetentionDays}}';

/** Left beside the notice, outside its text: the server writes the version of the text it serves. */
export const PRIVACY_NOTICE_VERSION_PLACEHOLDER = '{{privacyNoticeVersion}}';

/** The id of the element holding the notice's text, the text its version is a hash of. */
export const PRIVACY_NOTICE_ID = 'privacy-notice';
