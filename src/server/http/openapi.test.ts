// The API's description (openapi.ts): a valid OpenAPI 3.1 document, served public and cacheable, that
// lists every route the app adds under /api/ with its schemas; and no route under /api/ without one, so
// a route added without its schema fails here.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../testing/config.ts';
import { useTestApp, type App } from '../testing/app.ts';
import { apiRoutesOf, OPENAPI_PATH } from './openapi.ts';

interface Operation {
  responses?: Record<string, { description?: string; content?: unknown }>;
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
  security?: unknown[];
}
type Document = { openapi: string; info: { version: string }; paths: Record<string, Record<string, Operation>> };

/** `/api/admin/leads/:id` as OpenAPI writes it: `/api/admin/leads/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the API described as OpenAPI 3.1', () => {
  const site = useTestApp('sqlite');
  // With the assistants' secret, so /api/vapi exists and is described too.
  const build = () => site.build({ assistants: { ...testConfig().assistants, serverSecret: 's'.repeat(32) } });
  const documentOf = async (app: App) => {
    const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    return { res, doc: res.json<Document>() };
  };

  it('is served public and cacheable, and is a valid OpenAPI 3.1 document', async () => {
    const { res, doc } = await documentOf(await build());
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route under /api/, each with its answers, and its body, query and path where it takes them', async () => {
    const app = await build();
    const { doc } = await documentOf(app);
    const routes = apiRoutesOf(app);
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, url } of routes) {
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      expect(operation, `${method} ${url}`).toBeDefined();
      const responses = Object.entries(operation!.responses ?? {});
      expect(responses.length, `${method} ${url}: answers`).toBeGreaterThan(0);
      for (const [status, answer] of responses) expect(answer.description, `${method} ${url} ${status}`).not.toBe('Default Response');
      for (const name of url.match(/:(\w+)/g) ?? []) {
        expect(operation!.parameters, `${method} ${url}: ${name}`).toContainEqual(expect.objectContaining({ in: 'path', name: name.slice(1) }));
      }
    }
    // Nothing outside the API: the pages, the calendar feeds and /metrics.
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(Object.keys(doc.paths).length).toBe(new Set(routes.map((r) => r.url)).size);
  });

  it('describes what routes take: the booking, the lead list\'s filters, the admin routes\' session', async () => {
    const { doc } = await documentOf(await build());
    expect(doc.paths['/api/discovery-calls']!.post!.requestBody).toBeDefined();
    expect(doc.paths['/api/admin/leads']!.get!.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['status', 'q', 'cursor', 'limit']));
    expect(doc.paths['/api/admin/leads']!.get!.security).toEqual([{ operatorSession: [] }]);
    expect(doc.paths['/api/admin/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/health']!.get!.security).toBeUndefined();
    expect(doc.paths['/api/discovery-calls']!.post!.responses!['400']).toBeDefined();
  });

  it('has no route under /api/ without a schema of its answers', async () => {
    const app = await build();
    const undescribed = apiRoutesOf(app)
      .filter(({ schema }) => typeof schema !== 'object' || schema === null || !('response' in schema))
      .map(({ method, url }) => `${method} ${url}`);
    expect(undescribed).toEqual([]);
  });
});
