// A lead named in a call Alex places (its metadata): `l1.<lead id>.<HMAC of it>`, signed with the
// site's secret, so what comes back with the call's messages (Vapi echoes the metadata) can be trusted
// to be the lead the site called about, and a forged or altered one names no lead.
import { createSigner } from '../core/signer.ts';

const REF = /^l1\.([0-9a-f-]{36})\.([\w-]{43})$/;

export interface LeadRefs {
  issue(leadId: string): Promise<string>;
  /** The lead a genuine reference names; undefined for anything else. */
  read(ref: unknown): Promise<string | undefined>;
}

export function createLeadRefs(secret: () => Promise<Buffer>): LeadRefs {
  const signer = createSigner('lead-ref', secret);
  return {
    issue: async (leadId) => `l1.${leadId}.${await signer.sign(leadId)}`,
    async read(ref) {
      const match = typeof ref === 'string' ? REF.exec(ref) : null;
      if (!match) return undefined;
      const [, leadId = '', signature = ''] = match;
      return (await signer.verify(leadId, signature)) ? leadId : undefined;
    },
  };
}
