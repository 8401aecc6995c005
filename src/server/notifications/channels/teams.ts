// Microsoft Teams: each notice to the agency posted to a Workflows webhook (TEAMS_WEBHOOK_URL, the flow
// "Post to a channel when a webhook request is received") as an Adaptive Card 1.5: the title, the
// sentences, the lead's fields and a button to the lead in the inbox. Teams answers `202`. Every text
// is a TextRun, which reads no markdown, made inert (chat-text.ts): a visitor's `**bold**` or
// `[a](http://…)` is shown as typed.
import { z } from 'zod';
import { cut, inert } from '../chat-text.ts';
import { outcomeOf, postJson, retryAfterMs, withoutSecrets } from '../http-post.ts';
import { operatorNotice, type OperatorNotice } from '../operator-notice.ts';
import { defineChannel } from './channel.ts';

/** Longest value shown: a card stays well inside Teams' 28 KB. */
const MAX_VALUE = 2000;

const run = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'TextRun', text: cut(inert(text), MAX_VALUE), ...extra });
/** A run that opens a link of ours (the lead's phone or address, checked when it was booked): its words as they are. */
const linkRun = (text: string, url: string) => ({ type: 'TextRun', text: cut(text, MAX_VALUE), selectAction: { type: 'Action.OpenUrl', url } });
const paragraph = (inlines: object[], extra: Record<string, unknown> = {}) => ({ type: 'RichTextBlock', inlines, ...extra });

/** The notice as the message a Workflows webhook posts: one Adaptive Card. */
export function teamsMessage(notice: OperatorNotice) {
  const [label, href] = notice.link;
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.5',
          body: [
            paragraph([run(notice.title, { weight: 'Bolder', size: 'Medium' })]),
            ...notice.paragraphs.map((p) => paragraph([run(p)], { spacing: 'Small' })),
            {
              type: 'Container',
              spacing: 'Medium',
              items: notice.rows.map(([name, value, link]) =>
                // A phone dials its E.164 and an address mails it, from its own words.
                paragraph([run(`${name}: `, { weight: 'Bolder' }), link ? linkRun(value, link) : run(value)], { spacing: 'Small' }),
              ),
            },
          ],
          actions: [{ type: 'Action.OpenUrl', title: label, url: href }],
          msteams: { width: 'Full' },
        },
      },
    ],
  };
}

/** The words of a refusal: Workflows answers `{error: {code, message}}`. */
function refusalWords(body: string): string {
  try {
    const error = (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error;
    return [error?.code, error?.message].filter((w) => typeof w === 'string').join(': ').slice(0, 200);
  } catch {
    return body.trim().slice(0, 100);
  }
}

export const teamsChannel = defineChannel({
  name: 'teams',
  audience: 'operator',
  variables: z.object({
    TEAMS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be the workflow’s https URL' }).optional(),
  }),
  settings: (v) => (v.TEAMS_WEBHOOK_URL ? { url: v.TEAMS_WEBHOOK_URL } : undefined),
  names: {
    en: { name: 'Microsoft Teams', phrase: 'the Teams channel' },
    bg: { name: 'Microsoft Teams', phrase: 'канала в Teams' },
  },
  sender: (settings, context) => ({
    async send(entry, facts) {
      const notice = operatorNotice(entry.kind, facts, context.operatorLocale, context.leadUrl(facts.lead.id));
      const answer = await postJson(settings.url, teamsMessage(notice));
      // The workflow's address carries its signature (`sig=`): its secret.
      const secrets = [settings.url, new URL(settings.url).search];
      if ('error' in answer) return { ok: false, error: withoutSecrets(answer.error, secrets) };
      const gone = [401, 403, 404, 410].includes(answer.status);
      return outcomeOf(answer.status, withoutSecrets(answer.status < 300 ? '' : refusalWords(answer.body), secrets), {
        gone,
        retryAfterMs: retryAfterMs(answer.headers.get('retry-after'), context.now()),
      });
    },
  }),
});
