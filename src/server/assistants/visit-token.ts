// The visit token: the page's first-touch attribution (shared/attribution.ts), signed by the server, which
// the voice demo and the chat pass to Vapi in the conversation's metadata. Vapi echoes the metadata with
// each tool call, so a lead an assistant makes gets the campaign that brought the visitor. The echo is
// untrusted: a token that is missing, forged or older than MAX_AGE simply means no attribution.
// `v1.<base64url of {a: attribution, t: issued at in ms}>.<HMAC-SHA256 of both>`.
import { createSigner } from '../core/signer.ts';
import { parseAttribution, type Attribution } from '../../shared/attribution.ts';

const MAX_AGE_MS = 24 * 3_600_000;
/** A whole token is far shorter: nine capped tags at most. */
const MAX_TOKEN = 4096;

export interface VisitTokens {
  issue(attribution: unknown): Promise<string>;
  /** The attribution a genuine, fresh token holds; undefined for anything else. */
  read(token: unknown): Promise<Attribution | undefined>;
}

export function createVisitTokens(secret: () => Promise<Buffer>, now: () => number = Date.now): VisitTokens {
  const signer = createSigner('visit-token', secret);
  return {
    async issue(attribution) {
      const payload = Buffer.from(JSON.stringify({ a: parseAttribution(attribution), t: now() })).toString('base64url');
      return `v1.${payload}.${await signer.sign(payload)}`;
    },
    async read(token) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN) return undefined;
      const match = /^v1\.([\w-]+)\.([\w-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, payload = '', signature = ''] = match;
      if (!(await signer.verify(payload, signature))) return undefined;
      try {
        const { a, t } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a?: unknown; t?: unknown };
        if (typeof t !== 'number' || now() - t > MAX_AGE_MS || t - now() > 60_000) return undefined;
        return parseAttribution(a);
      } catch {
        return undefined;
      }
    },
  };
}
