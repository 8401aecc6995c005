// The sync of assistants/ with Vapi, against a stand-in for Vapi's API on 127.0.0.1 that keeps tools and
// assistants in memory, fills in defaults as Vapi does, and records every request; and the command as it
// is run, in a child process.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { business } from '../../content/site.ts';
import { PRODUCTS, SERVICES } from '../../shared/booking.ts';
import { DISCOVERY_CALL_MINUTES } from '../../shared/promises.ts';
import { runCommand, TSX } from '../testing/command.ts';
import { AssistantFileError, ASSISTANTS_DIR, readAssistantFiles, systemPrompt, type AssistantFiles } from './vapi-assistant-files.ts';
import { syncAssistants, VapiSyncError, type SyncOptions } from './vapi-sync.ts';

const CLI = path.resolve('src/server/assistants/vapi-cli.ts');
const KEY = 'priv-5f2c9e1a-test-key-never-shown';
const SECRET = 'site-secret-0123456789abcdef';
const SERVER_URL = 'https://nexa-ai.example/api/vapi';

type Json = Record<string, unknown>;
interface Recorded {
  method: string;
  path: string;
  search: string;
  authorization: string | undefined;
  body: Json | undefined;
}

/** Vapi's API as far as the sync uses it: lists, creation and update of tools and assistants. */
interface VapiStandIn {
  url: string;
  tools: Map<string, Json>;
  assistants: Map<string, Json>;
  requests: Recorded[];
  /** The requests that change something. */
  writes: () => Recorded[];
  close: () => Promise<void>;
}

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** What Vapi adds to what it is given: its ids and times, and its defaults (a server's timeout, a model's tokens). */
function stored(id: string, body: Json, before: Json = {}): Json {
  const now = new Date().toISOString();
  const merged: Json = { ...before, ...body, id, orgId: 'org-1', createdAt: before.createdAt ?? now, updatedAt: now };
  if (merged.server) merged.server = { timeoutSeconds: 20, ...(merged.server as Json) };
  if (merged.model) merged.model = { maxTokens: 250, ...(merged.model as Json) };
  return merged;
}

async function startVapi(): Promise<VapiStandIn> {
  const tools = new Map<string, Json>();
  const assistants = new Map<string, Json>();
  const requests: Recorded[] = [];
  let next = 1;
  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://127.0.0.1');
      const body = text ? (JSON.parse(text) as Json) : undefined;
      requests.push({ method: req.method!, path: url.pathname, search: url.search, authorization: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${KEY}`) {
        return send(res, 401, {
          message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
          error: 'Unauthorized',
          statusCode: 401,
        });
      }
      const [, kind, id] = url.pathname.split('/');
      const store = kind === 'tool' ? tools : kind === 'assistant' ? assistants : undefined;
      if (!store) return send(res, 404, { message: `Cannot ${req.method} ${url.pathname}`, error: 'Not Found', statusCode: 404 });
      if (req.method === 'GET' && !id) return send(res, 200, [...store.values()].slice(0, Number(url.searchParams.get('limit') ?? 100)));
      if (req.method === 'POST' && !id) {
        const made = stored(`${kind}-${next++}`, body!);
        store.set(made.id as string, made);
        return send(res, 201, made);
      }
      if (req.method === 'PATCH' && id) {
        const before = store.get(id);
        if (!before) return send(res, 404, { message: `Couldn't find ${kind}.`, error: 'Not Found', statusCode: 404 });
        // Vapi takes a tool's type on creation only.
        if ('type' in body!) return send(res, 400, { message: ['property type should not exist'], error: 'Bad Request', statusCode: 400 });
        const updated = stored(id, body!, before);
        store.set(id, updated);
        return send(res, 200, updated);
      }
      send(res, 404, { message: `Cannot ${req.method} ${url.pathname}`, error: 'Not Found', statusCode: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tools,
    assistants,
    requests,
    writes: () => requests.filter((r) => r.method !== 'GET'),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The repository's files, as a copy a test may change. */
const repositoryFiles = (): AssistantFiles => structuredClone(readAssistantFiles());

describe('the sync against a stand-in for Vapi', () => {
  let vapi: VapiStandIn;
  beforeEach(async () => {
    vapi = await startVapi();
  });
  afterEach(() => vapi.close());

  const sync = (over: Partial<SyncOptions> = {}) =>
    syncAssistants({ apiUrl: vapi.url, privateKey: KEY, serverUrl: SERVER_URL, secret: SECRET, dryRun: false, ...over });

  const idOf = (store: Map<string, Json>, match: (item: Json) => boolean) => [...store.values()].find(match)!.id as string;
  const toolId = (name: string) => idOf(vapi.tools, (t) => (t.function as Json).name === name);
  const assistantId = (name: string) => idOf(vapi.assistants, (a) => a.name === name);

  it('creates the three tools and the two assistants on a first run, and says which ids go in .env', async () => {
    const lines = await sync();
    expect(lines).toEqual([
      `Vapi: ${vapi.url}`,
      `Server URL: ${SERVER_URL}, with the x-vapi-secret header`,
      '',
      'tool find_meeting_slots: created (id tool-1)',
      'tool book_discovery_call: created (id tool-2)',
      'tool decline_ai_calls: created (id tool-3)',
      'assistant Alex: created (id assistant-4)',
      'assistant Lana: created (id assistant-5)',
      '',
      'In .env:',
      'VAPI_ASSISTANT_ID=assistant-4',
      'VAPI_CHAT_ASSISTANT_ID=assistant-5',
    ]);
    expect(vapi.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /tool',
      'GET /assistant',
      'POST /tool',
      'POST /tool',
      'POST /tool',
      'POST /assistant',
      'POST /assistant',
    ]);
    expect(vapi.requests.every((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
    // Vapi lists 100 unless asked for more.
    expect(vapi.requests.slice(0, 2).map((r) => r.search)).toEqual(['?limit=1000', '?limit=1000']);

    const files = readAssistantFiles();
    const server = { timeoutSeconds: 20, url: SERVER_URL, headers: { 'x-vapi-secret': SECRET } };
    expect(vapi.tools.get('tool-2')).toMatchObject({ ...files.tools.book_discovery_call, server });
    const alex = vapi.assistants.get('assistant-4')!;
    expect(alex).toMatchObject({ name: 'Alex', serverMessages: ['status-update', 'tool-calls', 'end-of-call-report'], server });
    expect(alex.model).toMatchObject({
      provider: 'openai',
      // Only Alex places calls: only Alex can be asked not to call again.
      toolIds: ['tool-1', 'tool-2', 'tool-3'],
      messages: [{ role: 'system', content: systemPrompt(files.prompts.alex) }],
    });
    expect(vapi.assistants.get('assistant-5')!.model).toMatchObject({
      toolIds: ['tool-1', 'tool-2'],
      messages: [{ role: 'system', content: systemPrompt(files.prompts.lana) }],
    });
  });

  it('changes nothing on a second run, Vapi\'s own defaults notwithstanding', async () => {
    await sync();
    const before = vapi.writes().length;
    const lines = await sync();
    expect(lines.slice(3)).toEqual([
      'tool find_meeting_slots: unchanged',
      'tool book_discovery_call: unchanged',
      'tool decline_ai_calls: unchanged',
      'assistant Alex: unchanged',
      'assistant Lana: unchanged',
      '',
      'In .env:',
      `VAPI_ASSISTANT_ID=${assistantId('Alex')}`,
      `VAPI_CHAT_ASSISTANT_ID=${assistantId('Lana')}`,
    ]);
    expect(vapi.writes().length).toBe(before);
  });

  it('updates an assistant whose prompt changed, sending only the fields that differ', async () => {
    await sync();
    const files = repositoryFiles();
    files.prompts.alex.bg += '\n- Завършете разговора с пожелание за хубав ден.';
    const lines = await sync({ files });
    expect(lines.slice(3, 8)).toEqual([
      'tool find_meeting_slots: unchanged',
      'tool book_discovery_call: unchanged',
      'tool decline_ai_calls: unchanged',
      'assistant Alex: updated (model)',
      'assistant Lana: unchanged',
    ]);
    const patch = vapi.writes().at(-1)!;
    expect(patch).toMatchObject({ method: 'PATCH', path: `/assistant/${assistantId('Alex')}` });
    expect(Object.keys(patch.body!)).toEqual(['model']);
    expect((vapi.assistants.get(assistantId('Alex'))!.model as { messages: { content: string }[] }).messages[0]!.content).toContain(
      'пожелание за хубав ден',
    );
  });

  it('updates a changed tool without sending its type, which Vapi takes on creation only', async () => {
    await sync();
    const files = repositoryFiles();
    files.tools.find_meeting_slots.function.description += ' Say the times slowly.';
    const lines = await sync({ files });
    expect(lines[3]).toBe('tool find_meeting_slots: updated (function)');
    expect(vapi.writes().at(-1)).toMatchObject({ method: 'PATCH', path: `/tool/${toolId('find_meeting_slots')}` });
    expect(Object.keys(vapi.writes().at(-1)!.body!)).toEqual(['function']);
  });

  it('takes the credential away when VAPI_SERVER_SECRET is no longer set', async () => {
    await sync();
    const lines = await sync({ secret: undefined });
    expect(lines.slice(0, 8)).toEqual([
      `Vapi: ${vapi.url}`,
      `Server URL: ${SERVER_URL}, without a credential (VAPI_SERVER_SECRET is not set)`,
      '',
      'tool find_meeting_slots: updated (server)',
      'tool book_discovery_call: updated (server)',
      'tool decline_ai_calls: updated (server)',
      'assistant Alex: updated (server)',
      'assistant Lana: updated (server)',
    ]);
    expect(vapi.tools.get(toolId('book_discovery_call'))!.server).toEqual({ timeoutSeconds: 20, url: SERVER_URL, headers: {} });
    expect(vapi.assistants.get(assistantId('Lana'))!.server).toEqual({ timeoutSeconds: 20, url: SERVER_URL, headers: {} });
  });

  it('moves everything to another server URL', async () => {
    await sync();
    const lines = await sync({ serverUrl: 'https://staging.nexa-ai.example/api/vapi' });
    expect(lines.slice(3, 8)).toEqual([
      'tool find_meeting_slots: updated (server)',
      'tool book_discovery_call: updated (server)',
      'tool decline_ai_calls: updated (server)',
      'assistant Alex: updated (server)',
      'assistant Lana: updated (server)',
    ]);
    expect(vapi.assistants.get(assistantId('Alex'))!.server).toMatchObject({ url: 'https://staging.nexa-ai.example/api/vapi' });
  });

  it('with dryRun sends only GETs, and says what it would create', async () => {
    const lines = await sync({ dryRun: true });
    expect(lines).toEqual([
      `Vapi: ${vapi.url}`,
      `Server URL: ${SERVER_URL}, with the x-vapi-secret header`,
      'Dry run: nothing is changed in Vapi.',
      '',
      'tool find_meeting_slots: would be created',
      'tool book_discovery_call: would be created',
      'tool decline_ai_calls: would be created',
      'assistant Alex: would be created',
      'assistant Lana: would be created',
      '',
      'In .env:',
      "# VAPI_ASSISTANT_ID: Alex's id, once sync has created it",
      "# VAPI_CHAT_ASSISTANT_ID: Lana's id, once sync has created it",
    ]);
    expect(vapi.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('with dryRun says what it would update, and updates nothing', async () => {
    await sync();
    const before = vapi.requests.length;
    const files = repositoryFiles();
    files.assistants.lana.model.temperature = 0.2;
    const lines = await sync({ files, dryRun: true });
    expect(lines.slice(4, 9)).toEqual([
      'tool find_meeting_slots: unchanged',
      'tool book_discovery_call: unchanged',
      'tool decline_ai_calls: unchanged',
      'assistant Alex: unchanged',
      'assistant Lana: would be updated (model)',
    ]);
    expect(vapi.requests.slice(before).map((r) => r.method)).toEqual(['GET', 'GET']);
    expect((vapi.assistants.get(assistantId('Lana'))!.model as Json).temperature).toBe(0.4);
  });

  it('updates the assistants the site is configured with, whatever their names in Vapi', async () => {
    await sync();
    const alex = assistantId('Alex');
    vapi.assistants.get(alex)!.name = 'Alex (old)';
    const lines = await sync({ assistantIds: { alex } });
    expect(lines).toContain('assistant Alex: updated (name)');
    expect(lines).toContain(`VAPI_ASSISTANT_ID=${alex}`);
    await expect(sync({ assistantIds: { lana: 'assistant-404' } })).rejects.toThrow(
      new VapiSyncError('VAPI_CHAT_ASSISTANT_ID=assistant-404: Vapi has no assistant with that id; unset it to find Lana by name'),
    );
  });

  it('refuses to guess between two of the same name', async () => {
    await sync();
    const copy = { ...vapi.assistants.get(assistantId('Lana'))!, id: 'assistant-copy' };
    vapi.assistants.set('assistant-copy', copy);
    await expect(sync()).rejects.toThrow(
      /^2 assistants in Vapi are named Lana \(ids assistant-5, assistant-copy\): set VAPI_CHAT_ASSISTANT_ID to the one to keep$/,
    );
  });

  it("says Vapi's refusal in one line, with its status and message, and never the key", async () => {
    const error = await sync({ privateKey: 'wrong-key-1234' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(VapiSyncError);
    expect((error as Error).message).toBe(
      'GET /tool: Vapi answered 401: Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
    );
    expect(vapi.writes()).toEqual([]);
  });

  it('hides the key and the credential even where Vapi repeats them', async () => {
    // Vapi's validation errors come as a list of sentences.
    const fake: typeof fetch = async () =>
      new Response(JSON.stringify({ message: [`bad header Bearer ${KEY}`, `or ${SECRET}`], error: 'Bad Request', statusCode: 400 }), { status: 400 });
    await expect(sync({ fetch: fake })).rejects.toThrow(new VapiSyncError('GET /tool: Vapi answered 400: bad header Bearer …; or …'));
  });

  it('says when Vapi cannot be reached', async () => {
    await vapi.close();
    await expect(sync()).rejects.toThrow(new VapiSyncError(`GET /tool: Vapi could not be reached at ${vapi.url} (ECONNREFUSED)`));
    vapi = await startVapi();
  });
});

describe('the files in assistants/', () => {
  const files = readAssistantFiles();

  it("offer the booking's services and products as the API stores them", () => {
    const parameters = files.tools.book_discovery_call.function.parameters as unknown as { properties: Record<string, { enum?: string[] }>; required: string[] };
    expect(parameters.properties.service!.enum).toEqual(SERVICES);
    expect(parameters.properties.product!.enum).toEqual([...new Set(Object.values(PRODUCTS).flat())]);
    expect(parameters.required).toEqual(['first_name', 'email', 'phone', 'business_name', 'service']);
    expect(Object.keys(parameters.properties)).toEqual(['first_name', 'email', 'phone', 'business_name', 'service', 'product', 'custom_service', 'start']);
  });

  it('hold prompts that use every variable the page sends, with the brand and the length of the call', () => {
    for (const [key, prompts] of Object.entries(files.prompts)) {
      for (const [locale, prompt] of Object.entries(prompts)) {
        const where = `${key}.${locale}.md`;
        expect(prompt, where).toContain('{{today}}');
        expect(prompt, where).toContain('{{services}}');
        expect(prompt, where).toContain(business.name);
        expect(prompt, where).toContain(`${DISCOVERY_CALL_MINUTES}-`);
        expect(prompt, where).toContain('`find_meeting_slots`');
        expect(prompt, where).toContain('`book_discovery_call`');
        // Vapi reads prompts as Liquid templates: a stray tag would break the whole message.
        expect(prompt, where).not.toMatch(/\{%/);
      }
    }
    for (const name of ['find_meeting_slots', 'book_discovery_call'] as const) expect(files.tools[name].function.description).toContain(`${DISCOVERY_CALL_MINUTES}-minute`);
  });

  it('make one system message of both languages, picked by {{language}}', () => {
    const message = systemPrompt(files.prompts.lana);
    expect(message).toMatch(/^This conversation is in \{\{language_name\}\} \(language code "\{\{language\}\}"/);
    expect(message).toContain(`<instructions language="en">\n${files.prompts.lana.en}\n</instructions>`);
    expect(message).toContain(`<instructions language="bg">\n${files.prompts.lana.bg}\n</instructions>`);
  });

  it('are refused with the file and the problem when one is wrong', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assistants-'));
    try {
      fs.cpSync(ASSISTANTS_DIR, dir, { recursive: true });
      const file = path.join(dir, 'tools', 'find_meeting_slots.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"name": "find_meeting_slots"', '"name": "find_slots"'));
      expect(() => readAssistantFiles(dir)).toThrow(new AssistantFileError(`${file}: function.name must be find_meeting_slots, as the file is named`));
      fs.writeFileSync(path.join(dir, 'lana.json'), '{"name": "Lana", "model": {"provider": "openai", "model": "gpt-4o-mini", "toolIds": []}}');
      fs.cpSync(path.join(ASSISTANTS_DIR, 'tools'), path.join(dir, 'tools'), { recursive: true });
      expect(() => readAssistantFiles(dir)).toThrow(`${path.join(dir, 'lana.json')}: model.toolIds is set by npm run vapi -- sync; leave it out`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Each case starts the command as an operator would (tsx compiling it), a few seconds each on a busy machine.
describe('npm run vapi', { timeout: 90_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapi-cli-'));
  let vapi: VapiStandIn;
  const outputs: string[] = [];
  afterAll(async () => {
    await vapi?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    for (const output of outputs) expect(output).not.toContain(KEY);
  });

  const run = async (args: string[], env: Record<string, string>, command = [TSX, CLI]) => {
    const res = await runCommand(command, args, env);
    outputs.push(res.stdout, res.stderr);
    return res;
  };

  it('syncs, then finds everything unchanged, through the npm script', async () => {
    vapi = await startVapi();
    const env = { VAPI_PRIVATE_KEY: KEY, VAPI_API_URL: `${vapi.url}/`, VAPI_SERVER_SECRET: SECRET };
    const first = await run(['sync'], env);
    expect(first).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `Vapi: ${vapi.url}`,
        `Server URL: ${business.website}/api/vapi, with the x-vapi-secret header`,
        '',
        'tool find_meeting_slots: created (id tool-1)',
        'tool book_discovery_call: created (id tool-2)',
        'tool decline_ai_calls: created (id tool-3)',
        'assistant Alex: created (id assistant-4)',
        'assistant Lana: created (id assistant-5)',
        '',
        'In .env:',
        'VAPI_ASSISTANT_ID=assistant-4',
        'VAPI_CHAT_ASSISTANT_ID=assistant-5',
        '',
      ].join('\n'),
    });
    // The credential and the ids from the deployment's .env; the key on the command line (and the
    // stand-in's address, which wins over the file's, so no request ever leaves this machine).
    const envFile = path.join(dir, '.env');
    fs.writeFileSync(envFile, `VAPI_API_URL=http://127.0.0.1:9\nVAPI_SERVER_SECRET=${SECRET}\nVAPI_ASSISTANT_ID=assistant-4\nMEETING_HOURS=Mo-Fr 09:00-18:00\n`);
    const second = await run(
      ['run', '--silent', 'vapi', '--', 'sync', '--env-file', envFile, '--server-url', 'https://nexa-ai.example/api/vapi'],
      { VAPI_PRIVATE_KEY: KEY, VAPI_API_URL: vapi.url },
      ['npm'],
    );
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(second.stdout).toContain(
      'tool find_meeting_slots: unchanged\ntool book_discovery_call: unchanged\ntool decline_ai_calls: unchanged\nassistant Alex: unchanged\nassistant Lana: unchanged\n',
    );
    expect(vapi.writes().length).toBe(5);
  });

  it("stops with Vapi's refusal in one line and exit code 1", async () => {
    const res = await run(['sync', '--dry-run'], { VAPI_PRIVATE_KEY: `${KEY}-old`, VAPI_API_URL: vapi.url });
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr: 'GET /tool: Vapi answered 401: Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.\n',
    });
  });

  it('asks for the private key when it is not set, and says how to call it when the call is wrong', async () => {
    const missing = await run(['sync'], { VAPI_API_URL: vapi.url, VAPI_PRIVATE_KEY: '' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^VAPI_PRIVATE_KEY is not set: give Vapi's private key/);
    const wrong = await run(['sync', '--dryrun'], { VAPI_PRIVATE_KEY: KEY, VAPI_API_URL: vapi.url });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Unknown option '--dryrun'");
    expect(wrong.stderr).toContain('Usage: npm run vapi -- <command>');
    const unknown = await run(['push'], { VAPI_PRIVATE_KEY: KEY, VAPI_API_URL: vapi.url });
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^Usage: npm run vapi -- <command>/);
  });

  it("prints an assistant's system prompt for the dashboard", async () => {
    const res = await run(['prompt', 'lana'], {});
    expect(res).toEqual({ code: 0, stderr: '', stdout: `${systemPrompt(readAssistantFiles().prompts.lana)}\n` });
  });
});
