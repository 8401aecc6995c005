import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, runtimeConfigElement, runtimeConfigOf, RUNTIME_CONFIG_ID } from './runtime-config.ts';

const textOf = (element: string) => /<script[^>]*>([\s\S]*)<\/script>$/.exec(element)?.[1];
const none = { voice: null, chat: null };

describe('the runtime config element', () => {
  it('round-trips the settings through the page', () => {
    const config = runtimeConfigOf({
      publicKey: 'pk-123',
      assistantId: 'asst-456',
      chatAssistantId: 'asst-789',
      apiUrl: 'http://127.0.0.1:9999',
    });
    expect(config).toEqual({
      voice: { publicKey: 'pk-123', assistantId: 'asst-456', apiUrl: 'http://127.0.0.1:9999' },
      chat: { publicKey: 'pk-123', assistantId: 'asst-789', apiUrl: 'http://127.0.0.1:9999' },
    });
    const element = runtimeConfigElement(config);
    expect(element).toMatch(new RegExp(`^<script type="application/json" id="${RUNTIME_CONFIG_ID}">`));
    expect(parseRuntimeConfig(textOf(element))).toEqual(config);
  });

  it('cannot be closed or commented out by a value, and still reads back the same', () => {
    const config = runtimeConfigOf({ publicKey: '</script><script>alert(1)</script>', assistantId: '<!-- & \u2028' });
    const element = runtimeConfigElement(config);
    const text = textOf(element) ?? '';
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(parseRuntimeConfig(text)).toEqual(config);
  });

  it('gives each assistant on its own: Alex without Lana, Lana without Alex', () => {
    expect(runtimeConfigOf(undefined)).toEqual(none);
    expect(runtimeConfigOf({ publicKey: 'pk', assistantId: 'alex' })).toEqual({
      voice: { publicKey: 'pk', assistantId: 'alex' },
      chat: null,
    });
    const chatOnly = runtimeConfigOf({ publicKey: 'pk', chatAssistantId: 'lana' });
    expect(chatOnly).toEqual({ voice: null, chat: { publicKey: 'pk', assistantId: 'lana' } });
    expect(parseRuntimeConfig(textOf(runtimeConfigElement(chatOnly)))).toEqual(chatOnly);
  });

  it('reads a missing or malformed config as "no assistants", without failing', () => {
    expect(parseRuntimeConfig(null)).toEqual(none);
    expect(parseRuntimeConfig('')).toEqual(none);
    expect(parseRuntimeConfig('{not json')).toEqual(none);
    expect(parseRuntimeConfig('null')).toEqual(none);
    expect(parseRuntimeConfig('{"voice":{"publicKey":"pk"}}')).toEqual(none);
    expect(parseRuntimeConfig('{"voice":{"assistantId":""},"chat":"x"}')).toEqual(none);
  });
});
