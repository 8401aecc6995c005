// The link a visitor's meeting is reached by: `<lead id>.<HMAC-SHA256 of it>`, signed with a secret of
// the site's own every instance shares (store/site-secret.ts). It is bound to the lead, not to one
// meeting, so the link in the first email still works after the meeting moved. The booking API's 201
// carries it; POST /api/meetings and the manage page take it.
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

export interface MeetingTokens {
  issue(leadId: string): Promise<string>;
  /** The lead a token is for; undefined for anything that is not a token we signed. */
  leadOf(token: unknown): Promise<string | undefined>;
}

export function createMeetingTokens(secret: () => Promise<Buffer>): MeetingTokens {
  let key: Promise<Buffer> | undefined;
  const sign = async (leadId: string) => {
    key ??= secret().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return createHmac('sha256', await key).update(`meeting-token:${leadId}`).digest('base64url');
  };
  return {
    async issue(leadId) {
      return `${leadId}.${await sign(leadId)}`;
    },
    async leadOf(token) {
      const match = typeof token === 'string' ? TOKEN.exec(token) : null;
      if (!match) return undefined;
      const [, leadId = '', signature = ''] = match;
      const expected = Buffer.from(await sign(leadId));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? leadId : undefined;
    },
  };
}
