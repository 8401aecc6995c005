// docs/product.md quotes what the site says where it matters (the dialog's title, its sending state, the
// voice demo's failures): the page and the product's description must not drift apart.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookingTexts } from '../src/content/i18n/booking.ts';
import { dictionaries } from '../src/content/i18n/index.ts';
import { voiceCallTexts } from '../src/content/i18n/voice-call.ts';

const product = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/product.md'), 'utf8');

describe('docs/product.md', () => {
  it('quotes the English texts as the site says them', () => {
    const { errors } = voiceCallTexts.en;
    const quoted = [bookingTexts.en.title, bookingTexts.en.sending, dictionaries.en.alexVoice.initFailed, errors.notAvailable, errors.connectFailed, errors.callError];
    for (const text of quoted) expect(product, text).toContain(`"${text}"`);
  });
});
