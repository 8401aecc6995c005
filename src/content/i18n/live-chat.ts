// The working chat's texts, in both languages. They load with the chat itself
// (client/chat/live-chat.tsx), only on deployments where Lana is configured; the section's own texts
// (title, points, Lana's name, the example conversation) stay in the dictionaries.
import type { Locale } from '../../shared/locale.ts';

export interface LiveChatTexts {
  /** The thread's accessible name. */
  liveLabel: string;
  greeting: string;
  inputLabel: string;
  placeholder: string;
  send: string;
  typing: string;
  /** `{count}`: characters the visitor may still type. */
  remaining: string;
  failedNetwork: string;
  failedService: string;
  /** The answer stopped part way: what arrived stays in the thread, this follows it. */
  failedCutOff: string;
}

export const liveChatTexts: Record<Locale, LiveChatTexts> = {
  en: {
    liveLabel: 'Conversation with Lana',
    greeting: "Hi, I'm Lana! Ask me anything about our AI assistants, websites or the free discovery call.",
    inputLabel: 'Your message to Lana',
    placeholder: 'Ask Lana a question…',
    send: 'Send',
    typing: 'Lana is typing…',
    remaining: '{count} characters left',
    failedNetwork: 'Lana could not be reached. Check your connection and try again.',
    failedService: 'Lana could not answer just now. Please try again in a moment.',
    failedCutOff: "Lana's answer was cut off. Please ask again.",
  },
  bg: {
    liveLabel: 'Разговор с Лана',
    greeting: 'Здравейте, аз съм Лана! Питайте ме каквото искате за AI асистентите, уебсайтовете или безплатната консултация.',
    inputLabel: 'Вашето съобщение до Лана',
    placeholder: 'Попитайте Лана нещо…',
    send: 'Изпрати',
    typing: 'Лана пише…',
    remaining: 'Остават {count} знака',
    failedNetwork: 'Няма връзка с Лана. Проверете интернет връзката си и опитайте отново.',
    failedService: 'Лана не успя да отговори в момента. Моля, опитайте отново след малко.',
    failedCutOff: 'Отговорът на Лана прекъсна. Моля, попитайте отново.',
  },
};
