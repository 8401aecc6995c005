// What a call with Alex starts with besides the assistant: the context both assistants get
// (assistant-context.ts), Alex's first words in the page's language, and a transcriber that listens
// for that language. Loaded with the call's session (voice-runtime.ts).
import { format } from '../../content/i18n/format.ts';
import { voiceCallTexts } from '../../content/i18n/voice-call.ts';
import { business } from '../../content/site.ts';
import type { Locale } from '../../shared/locale.ts';
import { assistantContext, type AssistantContext, type AssistantPage } from '../assistant-context.ts';

/** Vapi's `assistantOverrides` for a web call, the part of it we set. */
export interface VoiceOverrides extends AssistantContext {
  firstMessage: string;
  transcriber: { provider: 'deepgram'; model: 'nova-2'; language: Locale };
}

export function voiceOverrides(page: AssistantPage, visitToken?: string, now?: Date): VoiceOverrides {
  return {
    ...assistantContext(page, visitToken, now),
    firstMessage: format(voiceCallTexts[page.locale].firstMessage, { brand: business.name }),
    transcriber: { provider: 'deepgram', model: 'nova-2', language: page.locale },
  };
}
