// The voice demo's texts that only a press brings on screen or into the call, in both languages. They
// load with the demo's working part (client/voice/live-voice.tsx), not with the page: a visitor who
// never presses does not download them. The page's own texts (title, button, "not available", "Failed to
// initialize") stay in the dictionaries, since the page shows them before, or without, that part.
import type { Locale } from '../../shared/locale.ts';

export interface VoiceCallTexts {
  /** What Alex says as a call begins, in the page's language; `{brand}` is the business's name (site.ts). */
  firstMessage: string;
  /** The button during a call, when a press ends it; before one it says the dictionary's `buttonText`. */
  buttonTextListening: string;
  buttonTextConnecting: string;
  /** Read out by screen readers as the call changes. */
  statusConnected: string;
  statusSpeaking: string;
  /** The failure messages of docs/product.md, "Alex, the voice demo", a refused microphone's among them;
   * "Failed to initialize" is the dictionary's `initFailed`. */
  errors: {
    notAvailable: string;
    connectFailed: string;
    callError: string;
    micBlocked: string;
  };
}

export const voiceCallTexts: Record<Locale, VoiceCallTexts> = {
  en: {
    firstMessage: "Hi, I'm Alex from {brand}. How can I help your business today?",
    buttonTextListening: 'End the call',
    buttonTextConnecting: 'Connecting…',
    statusConnected: 'Connected. Alex is listening.',
    statusSpeaking: 'Alex is speaking.',
    errors: {
      notAvailable: 'Voice assistant not available',
      connectFailed: 'Failed to connect to voice assistant',
      callError: 'Voice assistant error occurred',
      micBlocked:
        "Microphone access is blocked. Allow the microphone for this site in your browser's address bar, then try again.",
    },
  },
  bg: {
    firstMessage: 'Здравейте, аз съм Алекс от {brand}. С какво мога да помогна на бизнеса ви днес?',
    buttonTextListening: 'Край на разговора',
    buttonTextConnecting: 'Свързване…',
    statusConnected: 'Свързано. Алекс ви слуша.',
    statusSpeaking: 'Алекс говори.',
    errors: {
      notAvailable: 'Гласовият асистент не е достъпен',
      connectFailed: 'Неуспешно свързване с гласовия асистент',
      callError: 'Възникна грешка в гласовия асистент',
      micBlocked:
        'Достъпът до микрофона е блокиран. Разрешете микрофона за този сайт от адресната лента на браузъра и опитайте отново.',
    },
  },
};
