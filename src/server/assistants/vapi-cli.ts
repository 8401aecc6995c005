// `npm run vapi -- sync [--dry-run] [--server-url URL] [--env-file FILE] | prompt <alex|lana>`: the two
// Vapi assistants and their tools made to match assistants/ (vapi-sync.ts), or an assistant's system
// prompt printed for Vapi's dashboard. It reads only the variables it needs (the private key, the server
// secret, the assistants' ids), not the whole configuration, so it runs from a workstation with a key
// alone. Run from source with tsx, as the other commands.
import { parseArgs } from 'node:util';
import { business } from '../../content/site.ts';
import { VAPI_DEFAULT_API_URL } from '../../shared/vapi-api.ts';
import { ASSISTANT_KEYS, AssistantFileError, readAssistantFiles, systemPrompt, type AssistantKey } from './vapi-assistant-files.ts';
import { ASSISTANT_ID_VARIABLES, SECRET_HEADER, syncAssistants, VapiSyncError } from './vapi-sync.ts';

/** Where Vapi reaches the site unless --server-url says otherwise: the public origin (site.ts) and the route. */
const DEFAULT_SERVER_URL = `${business.website}/api/vapi`;

const USAGE = `Usage: npm run vapi -- <command>

  sync [--dry-run] [--server-url URL] [--env-file FILE]
                                        make Vapi's tools and assistants match assistants/;
                                        --dry-run says what would change and changes nothing;
                                        --env-file reads the variables below from FILE (such
                                        as .env) too, those already set winning
  prompt <alex|lana>                    print an assistant's system prompt, for Vapi's dashboard

sync reads:
  VAPI_PRIVATE_KEY         required: the private key (Vapi's dashboard, API Keys); never printed
  VAPI_API_URL             Vapi's API (default ${VAPI_DEFAULT_API_URL})
  VAPI_SERVER_SECRET       sent by Vapi in the ${SECRET_HEADER} header of every request to the server URL
  ${ASSISTANT_ID_VARIABLES.alex}        the assistant to update as Alex (default: the one named Alex)
  ${ASSISTANT_ID_VARIABLES.lana}   the assistant to update as Lana (default: the one named Lana)

The server URL is ${DEFAULT_SERVER_URL} (the site's origin in src/content/site.ts)
unless --server-url gives another.`;

/** A refusal worth a plain sentence and exit code 1, not a stack trace. */
class Refusal extends Error {}

/** An environment variable, an empty one counting as unset (as the site's configuration reads them). */
const variable = (name: string): string | undefined => process.env[name] || undefined;

function httpUrl(value: string, name: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new Refusal(`${name} must be an http(s) URL, such as ${name === '--server-url' ? DEFAULT_SERVER_URL : VAPI_DEFAULT_API_URL}`);
  }
  return value.replace(/\/+$/, '');
}

async function sync(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { 'dry-run': { type: 'boolean' }, 'server-url': { type: 'string' }, 'env-file': { type: 'string' } },
    strict: true,
  });
  const envFile = values['env-file'];
  if (envFile !== undefined) {
    try {
      process.loadEnvFile(envFile);
    } catch {
      throw new Refusal(`--env-file ${envFile}: cannot be read`);
    }
  }
  const privateKey = variable('VAPI_PRIVATE_KEY');
  if (!privateKey) {
    throw new Refusal(
      "VAPI_PRIVATE_KEY is not set: give Vapi's private key (dashboard, API Keys) to this command, such as VAPI_PRIVATE_KEY=… npm run vapi -- sync",
    );
  }
  const secret = variable('VAPI_SERVER_SECRET');
  if (secret !== undefined && !/^[\x21-\x7e]+$/.test(secret)) {
    throw new Refusal('VAPI_SERVER_SECRET must be printable characters without spaces (it is sent as a header), such as $(openssl rand -hex 24)');
  }
  const lines = await syncAssistants({
    apiUrl: httpUrl(variable('VAPI_API_URL') ?? VAPI_DEFAULT_API_URL, 'VAPI_API_URL'),
    privateKey,
    serverUrl: httpUrl(values['server-url'] ?? DEFAULT_SERVER_URL, '--server-url'),
    secret,
    dryRun: values['dry-run'] ?? false,
    assistantIds: Object.fromEntries(ASSISTANT_KEYS.map((key) => [key, variable(ASSISTANT_ID_VARIABLES[key])])),
  });
  for (const line of lines) console.log(line);
}

function prompt([key, ...rest]: string[]): void {
  if (rest.length || !ASSISTANT_KEYS.includes(key as AssistantKey)) throw new Refusal(USAGE);
  console.log(systemPrompt(readAssistantFiles().prompts[key as AssistantKey]));
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (command === '--help' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  try {
    if (command === 'sync') await sync(args);
    else if (command === 'prompt') prompt(args);
    else throw new Refusal(USAGE);
    return 0;
  } catch (err) {
    if (err instanceof Refusal) {
      console.error(err.message);
      return err.message === USAGE ? 2 : 1;
    }
    // parseArgs' own refusals (an unknown option, a missing value) are usage mistakes too.
    if ((err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(err as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof VapiSyncError || err instanceof AssistantFileError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

process.exitCode = await main();
