// The two Vapi assistants as the repository keeps them (assistants/, its README says what each file is):
// the function tools, each assistant's settings and its prompts in both languages. Read and checked here,
// for `npm run vapi`, which makes Vapi's copies match them.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../shared/locale.ts';

/** The folder of the files, at the repository's root. */
export const ASSISTANTS_DIR = path.resolve(import.meta.dirname, '../../../assistants');

/** The tools, by their function's name, which is also their file's name and what Vapi knows them by. */
export const TOOL_NAMES = ['find_meeting_slots', 'book_discovery_call', 'decline_ai_calls'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** The assistants, by their file's name; each settings file names the assistant as Vapi shows it. */
export const ASSISTANT_KEYS = ['alex', 'lana'] as const;
export type AssistantKey = (typeof ASSISTANT_KEYS)[number];

/** The tools each assistant has: only Alex places calls, so only Alex can be asked not to call again. */
export const ASSISTANT_TOOLS: Record<AssistantKey, readonly ToolName[]> = {
  alex: TOOL_NAMES,
  lana: ['find_meeting_slots', 'book_discovery_call'],
};

const jsonObject = z.record(z.string(), z.unknown());

const toolFile = z.looseObject({
  type: z.literal('function'),
  async: z.boolean(),
  function: z.looseObject({
    name: z.string(),
    description: z.string().min(1),
    parameters: z.looseObject({ type: z.literal('object'), properties: jsonObject }),
  }),
});
export type ToolFile = z.output<typeof toolFile>;

const assistantFile = z.looseObject({
  name: z.string().min(1),
  model: z.looseObject({ provider: z.string(), model: z.string() }),
});
export type AssistantFile = z.output<typeof assistantFile>;

export interface AssistantFiles {
  tools: Record<ToolName, ToolFile>;
  assistants: Record<AssistantKey, AssistantFile>;
  /** Each assistant's prompt in each language, as written (Markdown). */
  prompts: Record<AssistantKey, Record<Locale, string>>;
}

/** A file that is missing or not what it should be: its path and what is wrong, in one line. */
export class AssistantFileError extends Error {}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new AssistantFileError(`${file}: cannot be read`);
  }
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(readText(file));
  } catch (err) {
    if (err instanceof AssistantFileError) throw err;
    throw new AssistantFileError(`${file}: not JSON (${(err as Error).message})`);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new AssistantFileError(`${file}: ${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  return result.data;
}

/** Every file of `dir` (assistants/ by default), checked; an AssistantFileError names the first one wrong. */
export function readAssistantFiles(dir = ASSISTANTS_DIR): AssistantFiles {
  const tools = Object.fromEntries(
    TOOL_NAMES.map((name) => {
      const file = path.join(dir, 'tools', `${name}.json`);
      const tool = readJson(file, toolFile);
      if (tool.function.name !== name) throw new AssistantFileError(`${file}: function.name must be ${name}, as the file is named`);
      return [name, tool];
    }),
  ) as Record<ToolName, ToolFile>;
  const assistants = Object.fromEntries(
    ASSISTANT_KEYS.map((key) => {
      const file = path.join(dir, `${key}.json`);
      const settings = readJson(file, assistantFile);
      for (const field of ['server', 'serverUrl'] as const) {
        if (field in settings) throw new AssistantFileError(`${file}: ${field} is set by npm run vapi -- sync; leave it out`);
      }
      for (const field of ['messages', 'toolIds', 'tools'] as const) {
        if (field in settings.model) throw new AssistantFileError(`${file}: model.${field} is set by npm run vapi -- sync; leave it out`);
      }
      return [key, settings];
    }),
  ) as Record<AssistantKey, AssistantFile>;
  const prompts = Object.fromEntries(
    ASSISTANT_KEYS.map((key) => [
      key,
      Object.fromEntries(
        LOCALES.map((locale) => {
          const file = path.join(dir, 'prompts', `${key}.${locale}.md`);
          const text = readText(file).trim();
          if (!text) throw new AssistantFileError(`${file}: empty`);
          return [locale, text];
        }),
      ),
    ]),
  ) as Record<AssistantKey, Record<Locale, string>>;
  return { tools, assistants, prompts };
}

/**
 * The one system message an assistant gets: every language's prompt, each in its own block, and the
 * sentence that picks one by the `language` the page sends (Vapi fills `{{language}}` and the other
 * variables from the call's or the chat's variableValues).
 */
export function systemPrompt(prompts: Record<Locale, string>): string {
  const blocks = LOCALES.map((locale) => `<instructions language="${locale}">\n${prompts[locale]}\n</instructions>`);
  return [
    'This conversation is in {{language_name}} (language code "{{language}}"; English when none is given). ' +
      'Follow only the instructions below for that language, and keep to that language unless the visitor asks for another.',
    ...blocks,
  ].join('\n\n');
}
