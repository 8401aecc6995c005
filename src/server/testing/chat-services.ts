// Stand-ins on loopback for the three team chats, answering as each service documents it: Slack's
// incoming webhook (`200 ok`; `400 invalid_payload`/`invalid_blocks` for a message it would refuse,
// Block Kit's limits checked; `404 no_service` for an unknown hook), a Teams Workflows webhook (`202`;
// `400` with `{error: {code, message}}` for what is not a message with an Adaptive Card), and
// Telegram's Bot API sendMessage (`{"ok": true, result}`; `404 Not Found` for a wrong token, `400 chat
// not found`, `400 can't parse entities` for HTML it would refuse, `400 message is too long`). A test
// may script the next answers (a `429` with its wait, a `500`). Closed after the block's tests.
import http from 'node:http';
import { useLoopbackServer } from './receivers.ts';

export interface ScriptedAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface ChatStandIn {
  /** The JSON bodies the service took (scripted refusals included), oldest first. */
  received: unknown[];
  /** What to answer the next requests with, in turn, instead of the service's own answer. */
  answers: ScriptedAnswer[];
  /** Resolves once `count` requests have arrived. */
  until(count: number): Promise<void>;
}

export const TELEGRAM_TOKEN = '123456789:AAEhBP0av18IamAStandInTokenForTests';
export const TELEGRAM_CHAT = '-1001234567890';
const SLACK_HOOK = '/services/T0001/B0001/StandInHookSecret01';
const TEAMS_FLOW = '/workflows/3b1d/triggers/manual/paths/invoke?api-version=1&sig=StandInSignature01';

function standIn(): ChatStandIn & { add(body: unknown): void } {
  const received: unknown[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  return {
    received,
    answers: [],
    add(body) {
      received.push(body);
      for (const w of waiting.filter((x) => received.length >= x.count)) w.resolve();
    },
    until: (count) => (received.length >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }))),
  };
}

const json = (status: number, body: unknown): ScriptedAnswer => ({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const text = (status: number, body: string): ScriptedAnswer => ({ status, body, headers: { 'content-type': 'text/html' } });

type Block = { type?: string; text?: { text?: string }; fields?: { text?: string }[]; elements?: { text?: { text?: string }; url?: string }[] };

/** What Slack refuses of a message: none of `text` and `blocks`, or a block over Block Kit's limits. */
function slackRefusal(message: { text?: unknown; blocks?: Block[] }): string | undefined {
  if (typeof message.text !== 'string' && !Array.isArray(message.blocks)) return 'no_text';
  for (const block of message.blocks ?? []) {
    if (block.type === 'header' && (block.text?.text ?? '').length > 150) return 'invalid_blocks';
    if (block.type === 'section' && (block.text?.text ?? '').length > 3000) return 'invalid_blocks';
    if ((block.fields ?? []).length > 10 || (block.fields ?? []).some((f) => (f.text ?? '').length > 2000)) return 'invalid_blocks';
    if ((block.elements ?? []).some((e) => (e.text?.text ?? '').length > 75 || (e.url ?? '').length > 3000)) return 'invalid_blocks';
  }
  return (message.blocks ?? []).length > 50 ? 'invalid_blocks' : undefined;
}

/** The tags Telegram's HTML takes; anything else, or one left open, is refused. */
const TELEGRAM_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'a', 'code', 'pre', 'tg-spoiler', 'blockquote']);

function telegramRefusal(html: string): string | undefined {
  const open: string[] = [];
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-z-]+)[^>]*>/g)) {
    if (!TELEGRAM_TAGS.has(name!)) return `Bad Request: can't parse entities: Unsupported start tag "${name}"`;
    if (!closing) open.push(name!);
    else if (open.pop() !== name) return `Bad Request: can't parse entities: Unmatched end tag "${name}"`;
  }
  if (open.length) return `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "${open[0]}"`;
  if (/&(?!(amp|lt|gt|quot|#\d+);)/.test(html) || /<(?![a-z/])/.test(html)) return "Bad Request: can't parse entities: Unsupported start tag";
  const shown = html.replace(/<[^>]+>/g, '').replace(/&(amp|lt|gt|quot|#\d+);/g, '_');
  return shown.length > 4096 ? 'Bad Request: message is too long' : undefined;
}

export interface ChatServices {
  slack: ChatStandIn;
  teams: ChatStandIn;
  telegram: ChatStandIn;
  /** The variables that point the three channels at the stand-ins. */
  readonly environment: Record<string, string>;
}

export function useChatServices(): ChatServices {
  const slack = standIn();
  const teams = standIn();
  const telegram = standIn();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const url = req.url ?? '';
      const service = url === SLACK_HOOK ? slack : url === TEAMS_FLOW ? teams : url.startsWith('/bot') ? telegram : undefined;
      let answer: ScriptedAnswer;
      if (!service || req.method !== 'POST') answer = text(404, 'no_service');
      else {
        if (body !== undefined) service.add(body);
        answer = service.answers.shift() ?? ownAnswer(service, url, body);
      }
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body);
    });
  });

  function ownAnswer(service: ChatStandIn, url: string, body: unknown): ScriptedAnswer {
    if (service === slack) {
      const refused = body && typeof body === 'object' ? slackRefusal(body) : 'invalid_payload';
      return refused ? text(400, refused) : text(200, 'ok');
    }
    if (service === teams) {
      const message = body as { type?: unknown; attachments?: { contentType?: unknown; content?: { type?: unknown } }[] } | undefined;
      const card = message?.attachments?.[0];
      if (message?.type !== 'message' || card?.contentType !== 'application/vnd.microsoft.card.adaptive' || card.content?.type !== 'AdaptiveCard') {
        return json(400, { error: { code: 'InvalidRequestContent', message: 'The input body for trigger manual of type Request did not match its schema.' } });
      }
      return { status: 202, body: '' };
    }
    if (url !== `/bot${TELEGRAM_TOKEN}/sendMessage`) return json(404, { ok: false, error_code: 404, description: 'Not Found' });
    const message = body as { chat_id?: unknown; text?: unknown; parse_mode?: unknown } | undefined;
    if (String(message?.chat_id) !== TELEGRAM_CHAT) return json(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
    if (typeof message?.text !== 'string' || message.text.trim() === '') return json(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    const refused = message.parse_mode === 'HTML' ? telegramRefusal(message.text) : undefined;
    if (refused) return json(400, { ok: false, error_code: 400, description: refused });
    return json(200, { ok: true, result: { message_id: telegram.received.length, date: Math.floor(Date.now() / 1000), chat: { id: Number(TELEGRAM_CHAT), type: 'supergroup' }, text: message.text } });
  }

  const loopback = useLoopbackServer(server);
  return {
    slack,
    teams,
    telegram,
    get environment() {
      const base = loopback.url;
      return {
        SLACK_WEBHOOK_URL: `${base}${SLACK_HOOK}`,
        TEAMS_WEBHOOK_URL: `${base}${TEAMS_FLOW}`,
        TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
        TELEGRAM_CHAT_ID: TELEGRAM_CHAT,
        TELEGRAM_API_URL: base,
      };
    },
  };
}

/** The answers the services give when they want a pause, or fail on their side. */
export const SERVICE_ANSWERS = {
  slackRateLimited: { ...text(429, 'rate_limited'), headers: { 'retry-after': '2' } },
  slackGone: text(404, 'no_service'),
  teamsThrottled: { ...json(429, { error: { code: 'TooManyRequests', message: 'Rate limit is exceeded.' } }), headers: { 'retry-after': '3', 'content-type': 'application/json' } },
  telegramFlood: json(429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 5', parameters: { retry_after: 5 } }),
  serverError: text(500, 'Internal Server Error'),
} satisfies Record<string, ScriptedAnswer>;
