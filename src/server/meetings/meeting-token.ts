// The link a visitor's meeting is reached by: `<lead id>.<HMAC-SHA256 of it>`, signed with a secret of
// the site's own every instance shares (store/site-secret.ts). It is bound to the lead, not to one
// meeting, so the link in the first email still works after the meeting moved. The booking API's 201
// carries it; POST /api/meetings and the manage page take it.
import { createSigner } from '../core/signer.ts';

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

export interface MeetingTokens {
  issue(leadId: string): Promise<string>;
  /** The lead a token is for; undefined for anything that is not a token we signed. */
  leadOf(token: unknown): Promise<string | undefined>;
}

export function createMeetingTokens(secret: () => Promise<Buffer>): MeetingTokens {
  const signer = createSigner('meeting-token', secret);
  return {
    async issue(leadId) {
      return `${leadId}.${await signer.sign(leadId)}`;
    },
    async leadOf(token) {
      const match = typeof token === 'string' ? TOKEN.exec(token) : null;
      if (!match) return undefined;
      const [, leadId = '', signature = ''] = match;
      return (await signer.verify(leadId, signature)) ? leadId : undefined;
    },
  };
}
