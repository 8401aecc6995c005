// The link a visitor's meeting is reached by: `<lead id>.<HMAC-SHA256 of it>`, signed with a secret of
// the site's own every instance shares (store/site-secret.ts). It is bound to the lead, not to one
// meeting, so the link in the first email still works after the meeting moved. The booking API's 201
// carries it; POST /api/meetings and the manage page take it.
import { createSigner } from '../core/signer.ts';
import type { Locale } from '../../shared/locale.ts';
import { meetingPagePrefix } from '../../shared/site-pages.ts';

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

export interface MeetingTokens {
  issue(leadId: string): Promise<string>;
  /** The lead a token is for; undefined for anything that is not a token we signed. */
  leadOf(token: unknown): Promise<string | undefined>;
  /** The manage page of a token in a language: `<origin>/meeting/<token>`, `<origin>/bg/meeting/<token>`. */
  pageUrl(token: string, locale: Locale): string;
  /** The manage page of a lead's call, signed: what the mails and the inbox link to. */
  pageOf(leadId: string, locale: Locale): Promise<string>;
}

/**
 * @param origin where the links point (config.linkOrigin).
 */
export function createMeetingTokens(secret: () => Promise<Buffer>, origin: string): MeetingTokens {
  const signer = createSigner('meeting-token', secret);
  const issue = async (leadId: string) => `${leadId}.${await signer.sign(leadId)}`;
  const pageUrl = (token: string, locale: Locale) => `${origin}${meetingPagePrefix(locale)}${token}`;
  return {
    issue,
    pageUrl,
    pageOf: async (leadId, locale) => pageUrl(await issue(leadId), locale),
    async leadOf(token) {
      const match = typeof token === 'string' ? TOKEN.exec(token) : null;
      if (!match) return undefined;
      const [, leadId = '', signature = ''] = match;
      return (await signer.verify(leadId, signature)) ? leadId : undefined;
    },
  };
}
