import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { LOCALES } from '../../../shared/locale.ts';
import { registered } from '../index.ts';
import { CHANNEL_VARIABLE_NAMES, channelSettingsOf, describeChannels, NOTIFICATION_CHANNELS } from './index.ts';

const webhook = { LEAD_WEBHOOK_URL: 'https://hooks.example/lead', LEAD_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
const smtp = { SMTP_URL: 'smtp://127.0.0.1:2525', LEAD_NOTIFY_EMAIL: 'owner@nexa-ai.example', MAIL_FROM: 'Nexa AI <site@nexa-ai.example>' };

describe('the channels’ settings', () => {
  it('has none configured by default', () => {
    expect(channelSettingsOf({})).toEqual({});
  });

  it('reads a webhook and an SMTP server with their companions; the visitor’s mail goes through that server', () => {
    expect(channelSettingsOf({ ...webhook, ...smtp, SEND_VISITOR_CONFIRMATION: 'true' })).toEqual({
      webhook: { url: webhook.LEAD_WEBHOOK_URL, secret: webhook.LEAD_WEBHOOK_SECRET },
      email: { smtpUrl: smtp.SMTP_URL, to: smtp.LEAD_NOTIFY_EMAIL, from: smtp.MAIL_FROM },
      visitor: { smtpUrl: smtp.SMTP_URL, from: smtp.MAIL_FROM, confirmation: true },
    });
    // An empty variable is not set.
    expect(channelSettingsOf({ ...smtp, MAIL_FROM: 'site@nexa-ai.example', SEND_VISITOR_CONFIRMATION: '' })).toEqual({
      email: { smtpUrl: smtp.SMTP_URL, to: smtp.LEAD_NOTIFY_EMAIL, from: 'site@nexa-ai.example' },
      visitor: { smtpUrl: smtp.SMTP_URL, from: 'site@nexa-ai.example', confirmation: false },
    });
  });

  it.each([
    [{ LEAD_WEBHOOK_URL: 'ftp://hooks.example', LEAD_WEBHOOK_SECRET: webhook.LEAD_WEBHOOK_SECRET }, /LEAD_WEBHOOK_URL: must be an http\(s\) URL/],
    [{ LEAD_WEBHOOK_URL: webhook.LEAD_WEBHOOK_URL }, /LEAD_WEBHOOK_SECRET: must be set along with LEAD_WEBHOOK_URL/],
    [{ LEAD_WEBHOOK_SECRET: webhook.LEAD_WEBHOOK_SECRET }, /LEAD_WEBHOOK_URL: must be set along with LEAD_WEBHOOK_SECRET/],
    [{ ...webhook, LEAD_WEBHOOK_SECRET: 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }, /LEAD_WEBHOOK_SECRET: must be whsec_ followed by base64/],
    [{ ...webhook, LEAD_WEBHOOK_SECRET: 'whsec_not base64!' }, /LEAD_WEBHOOK_SECRET: must be whsec_/],
    [{ ...webhook, LEAD_WEBHOOK_SECRET: 'whsec_abcde' }, /LEAD_WEBHOOK_SECRET: must be whsec_/],
    [{ ...smtp, SMTP_URL: 'https://mail.example' }, /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ SMTP_URL: smtp.SMTP_URL, MAIL_FROM: smtp.MAIL_FROM }, /LEAD_NOTIFY_EMAIL: must be set along with SMTP_URL/],
    [{ SMTP_URL: smtp.SMTP_URL, LEAD_NOTIFY_EMAIL: smtp.LEAD_NOTIFY_EMAIL }, /MAIL_FROM: must be set along with SMTP_URL/],
    [{ LEAD_NOTIFY_EMAIL: smtp.LEAD_NOTIFY_EMAIL }, /SMTP_URL: must be set along with LEAD_NOTIFY_EMAIL/],
    [{ ...smtp, LEAD_NOTIFY_EMAIL: 'owner' }, /LEAD_NOTIFY_EMAIL: must be an email address/],
    [{ ...smtp, MAIL_FROM: 'Nexa AI' }, /MAIL_FROM: must be an email address, or Name <address>/],
    [{ SEND_VISITOR_CONFIRMATION: 'yes', ...smtp }, /SEND_VISITOR_CONFIRMATION: must be true or false/],
    [{ SEND_VISITOR_CONFIRMATION: 'true' }, /SMTP_URL: must be set along with SEND_VISITOR_CONFIRMATION=true/],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => channelSettingsOf(env)).toThrow(ConfigError);
    expect(() => channelSettingsOf(env)).toThrow(message);
  });

  it('names a variable two channels read once, with its first problem', () => {
    const error = (() => {
      try {
        channelSettingsOf({ ...smtp, SMTP_URL: 'https://mail.example' });
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(error).toBe('Invalid environment:\n  SMTP_URL: must be an smtp:// or smtps:// URL');
  });
});

describe('the registry', () => {
  it('gives every channel a unique name, names in both languages, and variables of its own or shared', () => {
    const names = NOTIFICATION_CHANNELS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const channel of NOTIFICATION_CHANNELS) {
      for (const locale of LOCALES) {
        expect(channel.names[locale].name.trim()).not.toBe('');
        expect(channel.names[locale].phrase.trim()).not.toBe('');
      }
      expect(Object.keys(channel.variables.shape).length).toBeGreaterThan(0);
    }
    expect(CHANNEL_VARIABLE_NAMES).toEqual(expect.arrayContaining(['LEAD_WEBHOOK_URL', 'SMTP_URL', 'SEND_VISITOR_CONFIRMATION']));
    expect(CHANNEL_VARIABLE_NAMES.filter((n) => n === 'SMTP_URL')).toHaveLength(1);
  });

  it('describes each channel to the inbox with whether it is configured', () => {
    expect(describeChannels(channelSettingsOf(webhook)).map((c) => [c.name, c.configured])).toEqual([
      ['webhook', true],
      ['email', false],
      ['slack', false],
      ['teams', false],
      ['telegram', false],
      ['visitor', false],
      ['callback', false],
    ]);
  });
});

describe('what the outbox is given to write', () => {
  const entry = { leadId: 'lead-1', dedupeKey: 'k' } as const;
  it('is held to the registered channels and the known kinds, as the database no longer does', () => {
    expect(registered([{ ...entry, channel: 'webhook', kind: 'lead.created' }])).toHaveLength(1);
    expect(() => registered([{ ...entry, channel: 'fax', kind: 'lead.created' }])).toThrow('no notification channel is named fax');
    expect(() => registered([{ ...entry, channel: 'email', kind: 'lead.faxed' as 'lead.created' }])).toThrow('no notification is of the kind lead.faxed');
  });
});
