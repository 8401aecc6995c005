// The pieces every route's `schema` is made of: the refusal every route answers with (errors.ts), an
// answer with its description, and the security the admin API and the assistants' server URL ask for.
// A route's schema describes it for the API's description (openapi.ts): it validates nothing and
// shapes no answer. Each handler reads its input itself and answers a refusal in the request's language
// (docs/decisions/051-routes-describe-their-schemas.md).
import { z } from 'zod';

/**
 * Every refusal, whoever writes it: a message in the request's language, and `retryable` where the same
 * request may succeed later (over a limit, the database away).
 */
export const apiError = z.object({
  error: z.string(),
  retryable: z.literal(true).optional(),
});

/** A refusal that names the fields it could not take, each with its message (the booking API). */
export const fieldsError = apiError.extend({ fields: z.record(z.string(), z.string()) });

/** A refusal with nothing but the hint to try again (the form's and the visit's tokens, with the database away). */
export const retryOnly = z.object({ retryable: z.literal(true) });

/** An answer of JSON, with what it means. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** An answer with no body (204). */
export const empty = (description: string) => z.undefined().describe(description);

/** A refusal `{error}`, with when it is given. */
export const refusal = (description: string) => json(apiError, description);

/** A route's path parameter `:id`. */
export const idParams = z.object({ id: z.string() });

/** The admin API's security: the operator's session cookie (openapi.ts names it). */
export const OPERATOR_SESSION = 'operatorSession';
/** The assistants' server URL's: Vapi's credential, as a header or as an HMAC of the body. */
export const VAPI_SECRET = 'vapiSecret';
export const VAPI_SIGNATURE = 'vapiSignature';

/**
 * What every admin route adds to its own answers: the gate in front of /api/admin/ (operators/
 * admin-requests.ts) and the session's guard.
 */
export function adminRoute<R extends Record<number, unknown>>(
  options: { summary: string; description?: string; write?: boolean; public?: boolean },
  response: R,
) {
  const { summary, description } = options;
  return {
    tags: ['admin'],
    summary,
    ...(description ? { description } : {}),
    ...(options.public ? { security: [] } : { security: [{ [OPERATOR_SESSION]: [] }] }),
    response: {
      ...(options.public ? {} : { 401: refusal('No live session: the operator is to log in.') }),
      ...(options.write ? { 403: refusal("The request carries no Origin (or, without one, Referer) of the site's own.") } : {}),
      404: refusal('No operator account exists yet: the admin API is not there.'),
      ...response,
    },
  };
}
