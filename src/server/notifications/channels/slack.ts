// Slack: each notice to the agency posted to an incoming webhook (SLACK_WEBHOOK_URL) as Block Kit (a
// header, the sentences, the lead's fields, a button to the lead in the inbox) with `text` as the
// notification's own line. Slack answers `200 ok`; `404`/`410` (`no_service`, an archived channel) or
// `403` mean the hook is gone. A visitor's words go in as plain text or escaped mrkdwn, made inert
// (chat-text.ts): `<!channel>` or `@here` in a name pings nobody.
import { z } from 'zod';
import { cut, inert } from '../chat-text.ts';
import { outcomeOf, postJson, retryAfterMs, withoutSecrets } from '../http-post.ts';
import { operatorNotice, type OperatorNotice } from '../operator-notice.ts';
import { defineChannel } from './channel.ts';

/** Slack's limits: a header's text, a field's, a section's, a button's; a section holds ten fields. */
const LIMITS = { header: 150, field: 2000, section: 3000, button: 75, fields: 10 } as const;

/** Slack's escaping of mrkdwn text: `&`, `<` and `>` only. */
const escaped = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** Plain text, which Slack formats not at all, escaped as all its text is: `<!channel>` shows as typed. */
const plain = (text: string, max: number) => ({ type: 'plain_text', text: cut(inert(text), max, escaped), emoji: false });

/** The notice as Slack's message: `text` for the notification, the blocks for the channel. */
export function slackMessage(notice: OperatorNotice) {
  // Plain text formats nothing (`*bold*` stays as typed); a phone dials its E.164 and an address mails
  // it, as mrkdwn links whose words Slack does not format either.
  const fields = notice.rows.map(([label, value, href]) =>
    href
      ? { type: 'mrkdwn', text: `${escaped(label)}:\n<${escaped(href)}|${escaped(cut(value, LIMITS.field - 400))}>` }
      : plain(`${label}:\n${value}`, LIMITS.field),
  );
  const sections = [];
  for (let i = 0; i < fields.length; i += LIMITS.fields) sections.push({ type: 'section', fields: fields.slice(i, i + LIMITS.fields) });
  const [label, href] = notice.link;
  return {
    // The notification's line: escaped, and read as plain text.
    text: cut(inert(notice.title), LIMITS.section, escaped),
    mrkdwn: false,
    blocks: [
      { type: 'header', text: plain(notice.title, LIMITS.header) },
      { type: 'section', text: plain(notice.paragraphs.join('\n'), LIMITS.section) },
      ...sections,
      { type: 'actions', elements: [{ type: 'button', text: plain(label, LIMITS.button), url: href, style: 'primary' }] },
    ],
    // Links the visitor's words might hold are not unfurled.
    unfurl_links: false,
    unfurl_media: false,
  };
}

export const slackChannel = defineChannel({
  name: 'slack',
  audience: 'operator',
  variables: z.object({
    SLACK_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be the incoming webhook’s https URL' }).optional(),
  }),
  settings: (v) => (v.SLACK_WEBHOOK_URL ? { url: v.SLACK_WEBHOOK_URL } : undefined),
  names: {
    en: { name: 'Slack', phrase: 'the Slack channel' },
    bg: { name: 'Slack', phrase: 'канала в Slack' },
  },
  sender: (settings, context) => ({
    async send(entry, facts) {
      const notice = operatorNotice(entry.kind, facts, context.operatorLocale, context.leadUrl(facts.lead.id));
      const answer = await postJson(settings.url, slackMessage(notice));
      // The hook's address is its secret.
      const secret = new URL(settings.url).pathname;
      if ('error' in answer) return { ok: false, error: withoutSecrets(answer.error, [settings.url, secret]) };
      const words = withoutSecrets(answer.body.trim().slice(0, 100), [settings.url, secret]);
      const gone = answer.status === 403 || answer.status === 404 || answer.status === 410;
      return outcomeOf(answer.status, answer.status === 200 ? '' : words, { gone, retryAfterMs: retryAfterMs(answer.headers.get('retry-after'), context.now()) });
    },
  }),
});
