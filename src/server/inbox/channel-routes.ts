// A sample message through one of the agency's notification channels, from the button by the channel
// in the inbox: the operator checks a setting (a Slack hook, a Telegram chat) without waiting for a
// lead (notifications/sample.ts). The answer says whether the service took it, in the service's own
// words when it did not; never the channel's address or token.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { format } from '../../content/i18n/format.ts';
import { INBOX_API } from '../../shared/inbox.ts';
import type { SendOutcome } from '../notifications/outbox.ts';
import { withoutAddresses } from '../notifications/outbox.ts';
import type { OperatorGuard } from '../operators/guard.ts';
import { adminMessagesFor } from '../http/messages.ts';
import { adminRoute, json, refusal } from '../http/route-schemas.ts';

export interface ChannelRoutesOptions {
  guard: OperatorGuard;
  /** Sends a sample through a configured channel that takes one; undefined for any other (notifications/index.ts). */
  sendSample(name: string): Promise<SendOutcome | undefined>;
}

const schema = {
  ...adminRoute(
    { summary: "Send a sample message through one of the agency's notification channels", write: true },
    {
      200: json(z.object({ sent: z.literal(true) }), 'The service took the sample.'),
      404: refusal('No such channel is set up, or it takes no sample (the webhook).'),
      502: refusal("The service refused the sample or did not answer: its own words."),
    },
  ),
  params: z.object({ name: z.string() }),
};

export async function channelRoutes(app: FastifyInstance, { guard, sendSample }: ChannelRoutesOptions) {
  app.addHook('preHandler', guard.requireOperator);

  app.post(INBOX_API.channelSample(':name'), { schema }, async (request, reply) => {
    const messages = adminMessagesFor(request);
    const { name } = request.params as { name: string };
    const outcome = await sendSample(name);
    if (!outcome) return reply.code(404).send({ error: messages.channelNotSet });
    request.log.info({ channel: name, ok: outcome.ok, statusCode: outcome.statusCode }, 'sample message sent');
    if (outcome.ok) return { sent: true };
    return reply.code(502).send({ error: format(messages.sampleRefused, { words: withoutAddresses(outcome.error ?? '').slice(0, 300) }) });
  });
}
