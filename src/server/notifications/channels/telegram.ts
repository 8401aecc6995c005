// Telegram: each notice to the agency sent by the agency's bot (TELEGRAM_BOT_TOKEN) to a group or a
// person (TELEGRAM_CHAT_ID) through the Bot API's sendMessage, as HTML with link previews off. `{"ok":
// true}` is success; a `429` says in `parameters.retry_after` how many seconds to wait; `chat not
// found`, a bot blocked or removed (`403`) or a token revoked (`401`, `404`) mean the chat is gone. A
// visitor's words are HTML-escaped and made inert (chat-text.ts); the phone is written in E.164, which
// Telegram's apps make a tap to call, and the address as typed, a tap to mail.
import { z } from 'zod';
import { cut, inert } from '../chat-text.ts';
import { escapeHtml } from '../mail-parts.ts';
import { outcomeOf, postJson, withoutSecrets } from '../http-post.ts';
import { operatorNotice, type OperatorNotice } from '../operator-notice.ts';
import { defineChannel } from './channel.ts';

/** Telegram's limit on a message's text, once its HTML is read. */
const MAX_TEXT = 4096;
/** A value's share of it: the longest values (a described need) are cut first. */
const MAX_VALUE = 1200;

/** The notice as the HTML text of one message, within Telegram's limit. */
export function telegramText(notice: OperatorNotice, round = 0): string {
  const value = (text: string) => escapeHtml(inert(cut(text, MAX_VALUE)));
  const rows = notice.rows.map(([label, shown, href]) => {
    const dialled = href?.startsWith('tel:') ? href.slice('tel:'.length) : undefined;
    const mailed = href?.startsWith('mailto:') ? shown : undefined;
    return `<b>${escapeHtml(label)}:</b> ${dialled ?? (mailed !== undefined ? escapeHtml(mailed) : value(shown))}`;
  });
  const [label, href] = notice.link;
  const text = [`<b>${value(notice.title)}</b>`, notice.paragraphs.map(value).join('\n'), rows.join('\n'), `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`].join('\n\n');
  // Every value is cut already; a text still too long loses the longest values' ends until it fits.
  if (readLength(text) <= MAX_TEXT || round >= 8) return text;
  return telegramText({ ...notice, rows: notice.rows.map(([l, v, h]) => [l, h ? v : cut(v, Math.max(20, Math.floor(v.length * 0.7))), h]) }, round + 1);
}

/** The length Telegram counts: the text once its tags are read and its entities decoded. */
const readLength = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, '_').length;

interface TelegramAnswer {
  ok?: boolean;
  description?: string;
  parameters?: { retry_after?: number };
}

export const telegramChannel = defineChannel({
  name: 'telegram',
  audience: 'operator',
  variables: z.object({
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d{5,20}:[A-Za-z0-9_-]{30,100}$/, 'must be the bot’s token from @BotFather, such as 123456789:AAE…')
      .optional(),
    // A group's id (negative), a person's (positive), or a public channel's @name.
    TELEGRAM_CHAT_ID: z.string().regex(/^-?\d{1,20}$|^@[A-Za-z][A-Za-z0-9_]{4,31}$/, 'must be a chat’s numeric id, or @name of a public channel').optional(),
    TELEGRAM_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.telegram.org'),
  }),
  companions: [
    ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_CHAT_ID'],
    ['TELEGRAM_CHAT_ID', 'TELEGRAM_BOT_TOKEN'],
  ],
  settings: (v) =>
    v.TELEGRAM_BOT_TOKEN && v.TELEGRAM_CHAT_ID ? { token: v.TELEGRAM_BOT_TOKEN, chatId: v.TELEGRAM_CHAT_ID, apiUrl: v.TELEGRAM_API_URL.replace(/\/+$/, '') } : undefined,
  names: {
    en: { name: 'Telegram', phrase: 'the Telegram chat' },
    bg: { name: 'Telegram', phrase: 'чата в Telegram' },
  },
  sender: (settings, context) => ({
    async send(entry, facts) {
      const notice = operatorNotice(entry.kind, facts, context.operatorLocale, context.leadUrl(facts.lead.id));
      const answer = await postJson(`${settings.apiUrl}/bot${settings.token}/sendMessage`, {
        chat_id: settings.chatId,
        text: telegramText(notice),
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      });
      const secrets = [settings.token];
      if ('error' in answer) return { ok: false, error: withoutSecrets(answer.error, secrets) };
      let parsed: TelegramAnswer = {};
      try {
        parsed = JSON.parse(answer.body) as TelegramAnswer;
      } catch {
        // Not the Bot API's JSON (a proxy's page): the status says what happened.
      }
      if (answer.status === 200 && parsed.ok === true) return { ok: true, statusCode: 200 };
      const words = withoutSecrets((parsed.description ?? answer.body.trim()).slice(0, 200), secrets);
      const gone = answer.status === 401 || answer.status === 403 || answer.status === 404 || /chat not found/i.test(words);
      const wait = parsed.parameters?.retry_after;
      return outcomeOf(answer.status === 200 ? 502 : answer.status, words, { gone, retryAfterMs: typeof wait === 'number' ? wait * 1000 : undefined });
    },
  }),
});
