// `npm run notify -- list | test <channel>`: the notification channels as the server reads them from
// the environment (and .env), and a sample message through one of them, to check its setting without
// waiting for a lead (sample.ts). Needs no database: a sample is sent at once, not through the outbox.
import { commandConfig, ConfigError } from '../config.ts';
import { business } from '../../content/site.ts';
import { channelList, channelSettingsOf, type ChannelSettings } from './channels/index.ts';
import { sendSample } from './sample.ts';
import { takesSamples } from './channels/channel.ts';
import { leadInboxUrl } from './index.ts';

const USAGE = `Usage: npm run notify -- <command>

  list            the notification channels, and which are set up
  test <channel>  send a sample message through a channel that is set up (${channelList()
    .filter(takesSamples)
    .map((c) => c.name)
    .join(', ')})

The channels read their settings from the environment and .env, as the server does (docs/operating.md).`;

async function main(): Promise<number> {
  const [command, name] = process.argv.slice(2);
  if (command === '--help' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (command !== 'list' && !(command === 'test' && name)) {
    console.error(USAGE);
    return 2;
  }
  const config = commandConfig();
  if (!config) return 1;
  let settings: ChannelSettings;
  try {
    settings = channelSettingsOf(config.environment);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
  const configured = (channelName: string) => settings[channelName as keyof ChannelSettings];
  if (command === 'list') {
    for (const channel of channelList()) {
      const state = configured(channel.name) === undefined ? 'not set up' : takesSamples(channel) ? 'set up' : 'set up (takes no sample)';
      console.log(`${channel.name.padEnd(10)} ${channel.names.en.name.padEnd(28)} ${state}`);
    }
    return 0;
  }
  const channel = channelList().find((c) => c.name === name);
  if (!channel) {
    console.error(`There is no channel ${name}. The channels: ${channelList().map((c) => c.name).join(', ')}.`);
    return 1;
  }
  if (configured(channel.name) === undefined) {
    console.error(`The ${channel.names.en.name} channel is not set up: see its variables in docs/operating.md.`);
    return 1;
  }
  if (!takesSamples(channel)) {
    console.error(`The ${channel.names.en.name} channel takes no sample: its receiver would act on it.`);
    return 1;
  }
  const origin = config.linkOrigin;
  const outcome = await sendSample(
    channel,
    configured(channel.name),
    { operatorLocale: config.notifications.operatorLocale, leadUrl: (id) => leadInboxUrl(id, origin), manageUrl: () => Promise.resolve(business.website), now: () => new Date() },
    origin,
  );
  if (outcome.ok) {
    console.log(`Sent a sample message through ${channel.names.en.name}${outcome.statusCode ? ` (answered ${outcome.statusCode})` : ''}.`);
    return 0;
  }
  console.error(`${channel.names.en.name} did not take the sample: ${outcome.error ?? 'no answer'}.`);
  return 1;
}

process.exitCode = await main();
