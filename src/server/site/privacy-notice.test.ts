import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_RETENTION_DAYS_PLACEHOLDER,
  LEAD_RETENTION_DAYS_PLACEHOLDER,
  PRIVACY_NOTICE_ID,
  PRIVACY_NOTICE_VERSION_PLACEHOLDER,
} from '../../shared/runtime-config.ts';
import { NOTICE_VERSION_LENGTH, noticeTextOf, noticeVersionOf, servedNotice } from './privacy-notice.ts';

/** A privacy page as the prerender leaves it: the notice, then its version line outside it. */
const built = (lang: string) =>
  `<html lang="${lang}"><body><main><article id="${PRIVACY_NOTICE_ID}"><h1>Notice</h1>` +
  `<p>Closed requests are kept <b>${LEAD_RETENTION_DAYS_PLACEHOLDER}</b> days &amp; then erased.</p></article>` +
  `<p>Version: ${PRIVACY_NOTICE_VERSION_PLACEHOLDER}</p></main></body></html>`;

describe('the privacy notice as served', () => {
  it('reads the text a visitor reads: tags dropped, entities decoded, spaces folded, the version line left out', () => {
    const { html } = servedNotice(built('en'), 'en', 730);
    expect(noticeTextOf(html)).toBe('Notice Closed requests are kept 730 days & then erased.');
    expect(noticeTextOf('<main>no notice</main>')).toBeUndefined();
  });

  it('writes in the retention days as the language writes numbers, and names the version of that text', () => {
    const en = servedNotice(built('en'), 'en', 1500);
    expect(en.html).toContain('kept <b>1,500</b> days');
    expect(en.version).toMatch(new RegExp(`^[0-9a-f]{${NOTICE_VERSION_LENGTH}}$`));
    expect(en.html).toContain(`<p>Version: ${en.version}</p>`);
    expect(en.html).not.toContain('{{');
    expect(en.version).toBe(noticeVersionOf('Notice Closed requests are kept 1,500 days & then erased.'));
  });

  it('gives another version when the retention days change, and the same one for the same text', () => {
    const versions = [730, 730, 365].map((days) => servedNotice(built('bg'), 'bg', days).version);
    expect(versions[0]).toBe(versions[1]);
    expect(versions[2]).not.toBe(versions[0]);
  });

  it('writes in the days a conversation without a request is kept, and versions that too', () => {
    const page = built('en').replace('</article>', `<p>Conversations: ${CONVERSATION_RETENTION_DAYS_PLACEHOLDER} days.</p></article>`);
    const month = servedNotice(page, 'en', 730, 30);
    expect(noticeTextOf(month.html)).toContain('Conversations: 30 days.');
    expect(servedNotice(page, 'en', 730, 1200).html).toContain('Conversations: 1,200 days.');
    expect(servedNotice(page, 'en', 730, 7).version).not.toBe(month.version);
  });

  it('does not change the version for a change outside the notice, such as the version line itself', () => {
    const moved = built('en').replace('<p>Version:', '<p class="small">Version of this notice:');
    expect(servedNotice(moved, 'en', 730).version).toBe(servedNotice(built('en'), 'en', 730).version);
  });
});
