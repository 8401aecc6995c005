import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, runtimeConfigElement, RUNTIME_CONFIG_ID } from './runtime-config.ts';

const textOf = (element: string) => /<script[^>]*>([\s\S]*)<\/script>$/.exec(element)?.[1];

describe('the runtime config element', () => {
  it('round-trips the voice settings through the page', () => {
    const vapi = { publicKey: 'pk-123', assistantId: 'asst-456', apiUrl: 'http://127.0.0.1:9999' };
    const element = runtimeConfigElement({ vapi });
    expect(element).toMatch(new RegExp(`^<script type="application/json" id="${RUNTIME_CONFIG_ID}">`));
    expect(parseRuntimeConfig(textOf(element))).toEqual({ vapi });
  });

  it('cannot be closed or commented out by a value, and still reads back the same', () => {
    const vapi = { publicKey: '</script><script>alert(1)</script>', assistantId: '<!-- & \u2028' };
    const element = runtimeConfigElement({ vapi });
    const text = textOf(element) ?? '';
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(parseRuntimeConfig(text)).toEqual({ vapi });
  });

  it('reads a missing, malformed or assistant-less config as "no Vapi at all"', () => {
    expect(parseRuntimeConfig(null)).toEqual({ vapi: null });
    expect(parseRuntimeConfig('{not json')).toEqual({ vapi: null });
    expect(parseRuntimeConfig('null')).toEqual({ vapi: null });
    expect(parseRuntimeConfig('{"vapi":{"publicKey":"pk"}}')).toEqual({ vapi: null });
    expect(parseRuntimeConfig('{"vapi":{"publicKey":" ","assistantId":"a"}}')).toEqual({ vapi: null });
    expect(parseRuntimeConfig('{"vapi":{"publicKey":"pk","assistantId":"a","apiUrl":""}}')).toEqual({
      vapi: { publicKey: 'pk', assistantId: 'a' },
    });
  });
});

describe("Lana's chat assistant in the page settings", () => {
  it('is kept when set and dropped when empty', () => {
    const vapi = { publicKey: 'pk', assistantId: 'alex' };
    const read = (extra: object) =>
      parseRuntimeConfig(/>(.*)</.exec(runtimeConfigElement({ vapi: { ...vapi, ...extra } }))?.[1]).vapi;
    expect(read({ chatAssistantId: 'lana' })).toEqual({ ...vapi, chatAssistantId: 'lana' });
    expect(read({ chatAssistantId: ' ' })).toEqual(vapi);
  });

  it('stands without Alex: a chat-only deployment', () => {
    const text = textOf(runtimeConfigElement({ vapi: { publicKey: 'pk', chatAssistantId: 'lana' } }));
    expect(parseRuntimeConfig(text)).toEqual({ vapi: { publicKey: 'pk', chatAssistantId: 'lana' } });
    expect(parseRuntimeConfig('{"vapi":{"publicKey":"pk","assistantId":" ","chatAssistantId":"lana"}}')).toEqual({
      vapi: { publicKey: 'pk', chatAssistantId: 'lana' },
    });
  });
});
