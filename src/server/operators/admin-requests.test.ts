import { expect, it } from 'vitest';
import { describeApp, INJECT_ORIGIN, type App } from '../testing/app.ts';
import { addOperator, ADMIN_API_ERRORS, clearOperators } from '../testing/operators.ts';
import { ADMIN_API_PREFIX } from './admin-requests.ts';

/** Every admin route the app has, with its methods, read from the tree Fastify's router prints. */
function adminRoutes(app: App): { path: string; method: string }[] {
  const found: { path: string; method: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    if (!path.startsWith(ADMIN_API_PREFIX)) continue;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') found.push({ path, method });
  }
  return found;
}

/** The same path written as a request may spell it: a letter of `admin` percent-encoded, in lower and upper hex. */
const SPELLINGS = [
  (p: string) => p.replace('/api/admin/', '/api/%61dmin/'),
  (p: string) => p.replace('/api/admin/', '/api/adm%69n/'),
  (p: string) => p.replace('/api/admin/', '/%61pi/%61dmin/'),
  (p: string) => p.replace('/api/admin/', '/api/%61%64%6D%69%6E/'),
  (p: string) => p.replace('/api/admin/', '/api/%2561dmin/'),
  (p: string) => p.replace('/api/admin/', '/API/Admin/'),
  (p: string) => p.replace('/api/admin/', '/api/admin%2f'),
];

describeApp('the admin gate', ({ build, store }) => {
  const concrete = (path: string) => path.replace(/:[^/]+/g, '00000000-0000-7000-8000-000000000000');

  it('stands before every admin route however its path is spelled: no change from another site, never cached', async () => {
    const site = { build, store };
    await clearOperators(site.store.db);
    await addOperator(site.store.db);
    const app = await build();
    const routes = adminRoutes(app);
    expect(routes.length).toBeGreaterThan(8);
    for (const route of routes) {
      for (const spell of [(p: string) => p, ...SPELLINGS]) {
        const url = spell(concrete(route.path));
        const res = await app.inject({ method: route.method as 'GET', url, headers: { origin: 'https://evil.example' } });
        const label = `${route.method} ${url}`;
        // Whatever it reached, nothing is cached; what reached an admin route was stopped before it.
        if (res.statusCode !== 404) expect(res.headers['cache-control'], label).toBe('no-store');
        if (route.method !== 'GET') expect([403, 404], label).toContain(res.statusCode);
        if (res.statusCode === 403) expect(res.json(), label).toEqual(ADMIN_API_ERRORS.crossSite);
      }
    }
  });

  it('answers 404 on every spelling of every admin route while no operator account exists', async () => {
    await clearOperators(store.db);
    const app = await build();
    for (const route of adminRoutes(app)) {
      for (const spell of [(p: string) => p, ...SPELLINGS]) {
        const url = spell(concrete(route.path));
        const res = await app.inject({ method: route.method as 'GET', url, headers: { origin: INJECT_ORIGIN } });
        expect(res.statusCode, `${route.method} ${url}`).toBe(404);
      }
    }
  });

  it('lists the routes it guards under the one prefix', async () => {
    const app = await build();
    expect(adminRoutes(app).every((r) => r.path.startsWith(ADMIN_API_PREFIX))).toBe(true);
  });
});
