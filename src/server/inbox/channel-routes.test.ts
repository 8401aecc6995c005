import { expect, it } from 'vitest';
import { adminMessages } from '../../content/i18n/admin-messages.ts';
import { format } from '../../content/i18n/format.ts';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { INBOX_API, type InboxSession } from '../../shared/inbox.ts';
import { SERVICE_ANSWERS, useChatServices } from '../testing/chat-services.ts';
import { describeApp, INJECT_ORIGIN, loggedInApp } from '../testing/app.ts';

describeApp('a sample message through a channel', (site) => {
  const chats = useChatServices();
  const environment = () => ({ ...chats.environment, LEAD_WEBHOOK_URL: 'http://127.0.0.1:2/hooks', LEAD_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', OPERATOR_LOCALE: 'bg' });

  it('goes to the service at once, in the operator’s language, its button opening the inbox; the inbox lists which channels take one', async () => {
    const { app, cookie } = await loggedInApp(site, { environment: environment(), notifications: { operatorLocale: 'bg', reminderHours: 20 } });
    const before = chats.telegram.received.length;
    const res = await app.inject({ method: 'POST', url: INBOX_API.channelSample('telegram'), headers: { cookie, origin: INJECT_ORIGIN } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    const sent = chats.telegram.received[before] as { text: string };
    expect(sent.text).toContain(notificationTexts.bg.sample.business);
    expect(sent.text).toMatch(/<a href="http:\/\/[^"]+\/admin">/);

    const session = (await app.inject({ url: INBOX_API.me, headers: { cookie } })).json<InboxSession>();
    const samples = session.channels.filter((c) => c.configured && c.samples).map((c) => c.name);
    expect(samples).toEqual(['slack', 'teams', 'telegram']);
  });

  it('answers the service’s own words when it refuses, in the request’s language, and 404 for a channel not set up or the webhook', async () => {
    const { app, cookie } = await loggedInApp(site, { environment: environment() });
    chats.slack.answers.push(SERVICE_ANSWERS.slackGone);
    const headers = { cookie, origin: INJECT_ORIGIN, 'accept-language': 'bg' };
    const refused = await app.inject({ method: 'POST', url: INBOX_API.channelSample('slack'), headers });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ error: format(adminMessages.bg.sampleRefused, { words: 'answered 404 no_service: the address is gone; set it anew' }) });
    expect(refused.body).not.toContain('StandInHookSecret');
    for (const name of ['webhook', 'email', 'visitor', 'fax']) {
      const res = await app.inject({ method: 'POST', url: INBOX_API.channelSample(name), headers });
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toEqual({ error: adminMessages.bg.channelNotSet });
    }
    // Logged out, or from another site: not sent.
    const sent = chats.teams.received.length;
    expect((await app.inject({ method: 'POST', url: INBOX_API.channelSample('teams'), headers: { origin: INJECT_ORIGIN } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: INBOX_API.channelSample('teams'), headers: { cookie, origin: 'https://elsewhere.example' } })).statusCode).toBe(403);
    expect(chats.teams.received.length).toBe(sent);
  });
});
