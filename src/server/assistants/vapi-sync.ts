// Makes Vapi's copies of the two function tools and the two assistants (Alex, Lana) match assistants/:
// lists what the account has, matches it by name (or by the assistant ids the site is configured with),
// creates what is missing and updates what differs, and says so one line a thing. `npm run vapi -- sync`
// runs it (vapi-cli.ts); the tests run it against a stand-in for Vapi.
import {
  ASSISTANT_KEYS,
  readAssistantFiles,
  systemPrompt,
  TOOL_NAMES,
  ASSISTANT_TOOLS,
  type AssistantFiles,
  type AssistantKey,
  type ToolName,
} from './vapi-assistant-files.ts';

/** The variable of the site's configuration that names each assistant (src/server/config.ts). */
export const ASSISTANT_ID_VARIABLES: Record<AssistantKey, string> = {
  alex: 'VAPI_ASSISTANT_ID',
  lana: 'VAPI_CHAT_ASSISTANT_ID',
};

/** The header Vapi sends the credential in, when there is one (the server object's `headers`). */
export const SECRET_HEADER = 'x-vapi-secret';

export interface SyncOptions {
  /** Vapi's API, without a trailing slash (https://api.vapi.ai). */
  apiUrl: string;
  privateKey: string;
  /** Where Vapi sends tool calls and end-of-call reports: the site's /api/vapi. */
  serverUrl: string;
  /** Sent by Vapi in the x-vapi-secret header of each request to serverUrl; none when undefined. */
  secret?: string | undefined;
  /** List only: say what would change, and change nothing. */
  dryRun: boolean;
  /** The assistants to update, by id (VAPI_ASSISTANT_ID, VAPI_CHAT_ASSISTANT_ID); by name where unset. */
  assistantIds?: Partial<Record<AssistantKey, string | undefined>>;
  /** The files to sync; assistants/ when not given. */
  files?: AssistantFiles;
  fetch?: typeof fetch;
}

/** Something that stops the sync: said in one line, with Vapi's status and message when Vapi refused. */
export class VapiSyncError extends Error {}

/** How long one request to Vapi may take. */
const REQUEST_TIMEOUT_MS = 30_000;

type Json = Record<string, unknown>;
interface VapiThing extends Json {
  id: string;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Vapi's error body is `{message, error, statusCode}`, its message a sentence or a list of them. */
function messageOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (isObject(parsed)) {
      const message = parsed.message;
      if (Array.isArray(message)) return message.map(String).join('; ');
      if (typeof message === 'string') return message;
      if (typeof parsed.error === 'string') return parsed.error;
    }
  } catch {
    // Not JSON: its first line, below.
  }
  return body.trim().split('\n')[0]!.slice(0, 300);
}

function vapiApi(options: SyncOptions) {
  const fetchImpl = options.fetch ?? fetch;
  // Whatever Vapi or the network says, neither the key nor the credential is ever repeated.
  const redact = (text: string) =>
    [options.privateKey, options.secret].reduce<string>((t, hidden) => (hidden ? t.split(hidden).join('…') : t), text);

  return async function request<T>(method: 'GET' | 'POST' | 'PATCH', route: string, body?: unknown): Promise<T> {
    const what = `${method} ${route.split('?')[0]}`;
    let res: Response;
    try {
      res = await fetchImpl(`${options.apiUrl}${route}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.privateKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      const error = err as Error & { cause?: { code?: string; message?: string } };
      const reason = error.name === 'TimeoutError' ? `no answer in ${REQUEST_TIMEOUT_MS / 1000} s` : (error.cause?.code ?? error.cause?.message ?? error.message);
      throw new VapiSyncError(redact(`${what}: Vapi could not be reached at ${options.apiUrl} (${reason})`));
    }
    const text = await res.text();
    if (!res.ok) {
      const message = messageOf(text);
      throw new VapiSyncError(redact(`${what}: Vapi answered ${res.status}${message ? `: ${message}` : ''}`));
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new VapiSyncError(redact(`${what}: Vapi answered ${res.status} with something other than JSON`));
    }
  };
}

/**
 * Whether Vapi's copy already says what `want` says: every field of `want` is the same in `have`, which
 * may hold more (Vapi fills in its defaults: a server's timeout, a voice's settings). A header list is
 * compared whole, so a credential taken away counts as a change.
 */
function sameAs(want: unknown, have: unknown, key?: string): boolean {
  if (Array.isArray(want)) return Array.isArray(have) && have.length === want.length && want.every((w, i) => sameAs(w, have[i]));
  if (isObject(want)) {
    if (!isObject(have)) return false;
    if (key === 'headers' && Object.keys(have).length !== Object.keys(want).length) return false;
    return Object.entries(want).every(([k, v]) => sameAs(v, have[k], k));
  }
  return Object.is(want, have);
}

/** The top-level fields of `want` that `have` does not match. */
const changedFields = (want: Json, have: Json) => Object.keys(want).filter((k) => !sameAs(want[k], have[k], k));

const pick = (from: Json, keys: string[]) => Object.fromEntries(keys.map((k) => [k, from[k]]));

/** One thing to sync: what it is called in the report, what it should be, and Vapi's copy if any. */
interface Plan {
  label: string;
  want: Json;
  have: VapiThing | undefined;
}

/** The line a plan gets, and the id of Vapi's copy once done (undefined in a dry run that would create it). */
async function apply(
  plan: Plan,
  route: string,
  request: ReturnType<typeof vapiApi>,
  dryRun: boolean,
  /** Fields Vapi takes on creation only (a tool's type). */
  fixed: string[] = [],
): Promise<{ line: string; id: string | undefined }> {
  if (!plan.have) {
    if (dryRun) return { line: `${plan.label}: would be created`, id: undefined };
    const created = await request<VapiThing>('POST', route, plan.want);
    return { line: `${plan.label}: created (id ${created.id})`, id: created.id };
  }
  const changed = changedFields(plan.want, plan.have).filter((k) => !fixed.includes(k));
  if (!changed.length) return { line: `${plan.label}: unchanged`, id: plan.have.id };
  if (!dryRun) await request<VapiThing>('PATCH', `${route}/${encodeURIComponent(plan.have.id)}`, pick(plan.want, changed));
  return { line: `${plan.label}: ${dryRun ? 'would be updated' : 'updated'} (${changed.join(', ')})`, id: plan.have.id };
}

function oneOf<T extends VapiThing>(found: T[], what: string, hint: string): T | undefined {
  if (found.length > 1) {
    throw new VapiSyncError(`${found.length} ${what} (ids ${found.map((f) => f.id).join(', ')}): ${hint}`);
  }
  return found[0];
}

/**
 * Makes Vapi's tools and assistants match the files, or says what it would do (dryRun). Returns the
 * report: a heading, one line per tool and assistant, and the lines to put in .env. Throws a
 * VapiSyncError (one line, never holding the key) when Vapi refuses or the account is ambiguous.
 */
export async function syncAssistants(options: SyncOptions): Promise<string[]> {
  const files = options.files ?? readAssistantFiles();
  const request = vapiApi(options);
  const list = async (route: string) => {
    const items = await request<unknown>('GET', `${route}?limit=1000`);
    if (!Array.isArray(items)) throw new VapiSyncError(`GET ${route}: Vapi answered with something other than a list`);
    return items.filter((item): item is VapiThing => isObject(item) && typeof item.id === 'string');
  };
  const server = { url: options.serverUrl, headers: options.secret ? { [SECRET_HEADER]: options.secret } : {} };
  const lines = [
    `Vapi: ${options.apiUrl}`,
    `Server URL: ${options.serverUrl}, ${options.secret ? `with the ${SECRET_HEADER} header` : 'without a credential (VAPI_SERVER_SECRET is not set)'}`,
    ...(options.dryRun ? ['Dry run: nothing is changed in Vapi.'] : []),
    '',
  ];

  // Vapi's lists hold 100 items unless asked for more; 1000 is the most it gives.
  const tools = await list('/tool');
  const assistants = await list('/assistant');

  const toolIds = {} as Record<ToolName, string>;
  for (const name of TOOL_NAMES) {
    const have = oneOf(
      tools.filter((t) => t.type === 'function' && isObject(t.function) && t.function.name === name),
      `function tools in Vapi are named ${name}`,
      'delete all but one in the dashboard (Tools), then sync again',
    );
    const plan: Plan = { label: `tool ${name}`, want: { ...files.tools[name], server }, have };
    const { line, id } = await apply(plan, '/tool', request, options.dryRun, ['type']);
    lines.push(line);
    toolIds[name] = id ?? `(${name}, once created)`;
  }

  const env: string[] = [];
  for (const key of ASSISTANT_KEYS) {
    const settings = files.assistants[key];
    const variable = ASSISTANT_ID_VARIABLES[key];
    const wantedId = options.assistantIds?.[key];
    let have: VapiThing | undefined;
    if (wantedId) {
      have = assistants.find((a) => a.id === wantedId);
      if (!have) throw new VapiSyncError(`${variable}=${wantedId}: Vapi has no assistant with that id; unset it to find ${settings.name} by name`);
    } else {
      have = oneOf(
        assistants.filter((a) => a.name === settings.name),
        `assistants in Vapi are named ${settings.name}`,
        `set ${variable} to the one to keep`,
      );
    }
    const want = {
      ...settings,
      model: {
        ...settings.model,
        messages: [{ role: 'system', content: systemPrompt(files.prompts[key]) }],
        toolIds: ASSISTANT_TOOLS[key].map((name) => toolIds[name]),
      },
      server,
    };
    const { line, id } = await apply({ label: `assistant ${settings.name}`, want, have }, '/assistant', request, options.dryRun);
    lines.push(line);
    env.push(id ? `${variable}=${id}` : `# ${variable}: ${settings.name}'s id, once sync has created it`);
  }

  lines.push('', 'In .env:', ...env);
  return lines;
}
