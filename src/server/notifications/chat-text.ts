// A visitor's words in a team chat: shown as typed, able to do nothing. Each service has its own
// escaping (Slack's `&<>`, Telegram's HTML, an Adaptive Card's text runs), done by its channel; what
// they share is here: a word joiner (U+2060, invisible) after the characters a chat client makes live
// on its own (an `@` mention, a `#` tag, a `$` cashtag, a `/command`, a `scheme://` or `name.domain` address: a dot before a letter), so
// nothing a visitor typed pings anyone or links anywhere; and the cut to a service's limit, never
// through a character (a letter with its accents, an emoji with its joiners).

const JOINER = '\u2060';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** `text` with nothing a chat client would make a mention, a tag, a command or a link. */
export const inert = (text: string): string =>
  text
    .replace(/[@#$]/g, (c) => `${c}${JOINER}`)
    .replace(/(^|[^\p{L}\p{N}_])\//gu, `$1/${JOINER}`)
    .replace(/:\/\//g, `:${JOINER}//`)
    .replace(/([\p{L}\p{N}])\.(?=\p{L})/gu, `$1.${JOINER}`);

/**
 * `text` at most `max` UTF-16 units long once each character is written as `written` writes it (an
 * escaping), cut between characters, with `…` where it was cut.
 */
export function cut(text: string, max: number, written: (character: string) => string = (c) => c): string {
  let whole = '';
  for (const { segment } of graphemes.segment(text)) whole += written(segment);
  if (whole.length <= max) return whole;
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    const next = written(segment);
    if (kept.length + next.length > max - 1) break;
    kept += next;
  }
  return `${kept}…`;
}
