// The HTTP API described as OpenAPI 3.1, from the zod schemas each route declares (route-schemas.ts),
// served at GET /api/openapi.json. The schemas describe and nothing more: the validator compiler here
// takes every request as it comes, so each handler still reads its input with its own safeParse and
// answers a refusal in the request's language, and the serializer compiler writes every answer with
// JSON.stringify, as an answer without a schema is written, so no field is dropped or changed by a
// schema that says less than the route sends (docs/decisions/051-routes-describe-their-schemas.md).
import fs from 'node:fs';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { business } from '../../content/site.ts';
import { conversationJson } from '../../shared/conversations.ts';
import { leadDetail, leadView } from '../../shared/inbox.ts';
import { apiError, OPERATOR_SESSION, VAPI_SECRET, VAPI_SIGNATURE } from './route-schemas.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/** How long a browser or a proxy may keep the description: it changes only with a deployment. */
const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

/** Only the API is described: the pages, the calendar feeds and /metrics are not part of it. */
const API_PREFIX = '/api/';

/** The project's name and version, from the package.json above this file (src/ or dist/node/ alike). */
function packageOf(): { name: string; version: string } {
  for (let dir = new URL('.', import.meta.url); dir.pathname !== '/'; dir = new URL('..', dir)) {
    const file = new URL('package.json', dir);
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; version: string };
  }
  return { name: 'api', version: '0.0.0' };
}

/** The shapes many answers share, named once in the document's components and referred to. */
const COMPONENTS = { Error: apiError, LeadView: leadView, LeadDetail: leadDetail, Conversation: conversationJson };
for (const [id, schema] of Object.entries(COMPONENTS)) if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });

/** A route as it was added: its method, path and schema (undefined where it declares none). */
export interface AddedRoute {
  method: string;
  url: string;
  schema: unknown;
}

const addedRoutes = new WeakMap<FastifyInstance, AddedRoute[]>();

/** Every route added to the app under /api/ (HEAD routes Fastify adds itself left out): the test that each declares a schema reads them. */
export const apiRoutesOf = (app: FastifyInstance): readonly AddedRoute[] => addedRoutes.get(app) ?? [];

export interface OpenApiOptions {
  /** The session cookie's name over plain http (operators/session-cookie.ts); `__Host-` is put before it behind https. */
  sessionCookie: string;
}

/** Before any route: the compilers, and the plugin that collects every route's schema as it is added. */
export async function registerOpenApi(app: FastifyInstance, opts: OpenApiOptions): Promise<void> {
  // Described, not checked: the handlers check and answer in the request's language.
  app.setValidatorCompiler(() => () => true);
  // Written as a route without a schema is: the schema says what is sent, it does not decide it.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const routes: AddedRoute[] = [];
  addedRoutes.set(app, routes);
  app.addHook('onRoute', ({ method, url, schema }) => {
    if (!url.startsWith(API_PREFIX)) return;
    for (const one of [method].flat()) if (one !== 'HEAD') routes.push({ method: one, url, schema });
  });
  const transform = createJsonSchemaTransform({ skipList: [] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${business.name} API`,
        version: packageOf().version,
        description:
          'The booking API the dialog uses, meetings, the funnel\'s events, location and health, the assistants\' server URL, and the admin API the inbox uses. ' +
          'A refusal is JSON `{error}` in the request\'s language (the form\'s `locale`, else `Accept-Language`). docs/api.md tells the rest, the webhook included.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          [OPERATOR_SESSION]: {
            type: 'apiKey',
            in: 'cookie',
            name: opts.sessionCookie,
            description:
              `The operator's session, from POST /api/admin/login (\`__Host-${opts.sessionCookie}\` behind https; HttpOnly, SameSite=Strict). ` +
              "Every request that is not a GET must also carry an Origin (or, without one, a Referer) of the site's own, else 403. " +
              'Until the first operator account exists, everything under /api/admin/ answers 404.',
          },
          [VAPI_SECRET]: {
            type: 'apiKey',
            in: 'header',
            name: 'x-vapi-secret',
            description: 'VAPI_SERVER_SECRET as it is (Vapi\'s "Bearer token" credential with this header name, no `Bearer ` prefix).',
          },
          [VAPI_SIGNATURE]: {
            type: 'apiKey',
            in: 'header',
            name: 'x-signature',
            description:
              'An HMAC-SHA256 of `<x-timestamp>.<raw body>` with VAPI_SERVER_SECRET, in hex (a `sha256=` prefix is taken), with the `x-timestamp` header within five minutes of the server\'s clock.',
          },
        },
      },
    },
    // A route outside /api/ (a page, a feed, /metrics) is left out of the description.
    transform: (document) => (document.url.startsWith(API_PREFIX) ? transform(document) : { schema: { hide: true }, url: document.url }),
    transformObject: jsonSchemaTransformObject,
  });
}

/** GET /api/openapi.json: the description, public and the same for everyone. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        tags: ['site'],
        summary: 'This description of the API, as OpenAPI 3.1',
        response: { 200: { description: 'The OpenAPI document.', content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } } } },
      },
    },
    async (_request, reply) => reply.header('cache-control', OPENAPI_CACHE_CONTROL).send(app.swagger()),
  );
}
