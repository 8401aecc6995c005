// The notify command as it is run: a child process with the stand-ins' settings in its environment.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { notificationTexts } from '../../content/i18n/notifications.ts';
import { runCommand, TSX } from '../testing/command.ts';
import { SERVICE_ANSWERS, useChatServices } from '../testing/chat-services.ts';

const CLI = path.resolve('src/server/notifications/cli.ts');

describe('npm run notify', { timeout: 60_000 }, () => {
  const chats = useChatServices();
  const run = (args: string[], env: Record<string, string> = chats.environment) => runCommand([TSX, CLI], args, env);

  it('lists the channels and which are set up', async () => {
    const { code, stdout } = await run(['list']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^slack\s+Slack\s+set up$/m);
    expect(stdout).toMatch(/^telegram\s+Telegram\s+set up$/m);
    expect(stdout).toMatch(/^webhook\s+Webhook\s+not set up$/m);
  });

  it('sends a sample through a channel, in OPERATOR_LOCALE, and says so', async () => {
    const before = chats.teams.received.length;
    const { code, stdout } = await run(['test', 'teams'], { ...chats.environment, OPERATOR_LOCALE: 'bg' });
    expect({ code, stdout }).toEqual({ code: 0, stdout: 'Sent a sample message through Microsoft Teams (answered 202).\n' });
    expect(JSON.stringify(chats.teams.received[before])).toContain(notificationTexts.bg.sample.business);
  });

  it('says what the service answered when it refuses, without the hook’s address; exit code 1', async () => {
    chats.slack.answers.push(SERVICE_ANSWERS.slackGone);
    const { code, stderr } = await run(['test', 'slack']);
    expect(code).toBe(1);
    expect(stderr).toBe('Slack did not take the sample: answered 404 no_service: the address is gone; set it anew.\n');
    expect(stderr).not.toContain('StandInHookSecret');
  });

  it('refuses a channel not set up, one that takes no sample, an unknown one, a bad setting and a bad command', async () => {
    expect((await run(['test', 'email'])).stderr).toMatch(/^The Email to the agency channel is not set up/);
    expect((await run(['test', 'webhook'], { LEAD_WEBHOOK_URL: 'http://127.0.0.1:2/', LEAD_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })).stderr).toMatch(/takes no sample/);
    expect(await run(['test', 'fax'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^There is no channel fax\./) });
    expect(await run(['test', 'slack'], { SLACK_WEBHOOK_URL: 'hooks.slack.com' })).toMatchObject({ code: 1, stderr: expect.stringContaining('SLACK_WEBHOOK_URL: must be') });
    expect(await run(['send'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run notify') });
  });
});
