// Two instances of the built server on one PostgreSQL and one Redis, behind a round-robin balancer on
// loopback, as "Several instances" in docs/operating.md runs them: the booking limit is one count for both
// (the 6th booking from an address is refused on either), each new lead's webhook is sent once by one
// of them, and an operator logged in on one is logged in on the other, and logged out on both.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { Redis } from 'ioredis';
import { withThrowawayDatabase } from '../tools/postgres.ts';
import {
  ADMIN_DATABASE_URL,
  count,
  deliveryFigures,
  logged,
  OUTBOX_QUERY,
  parseJson,
  pgRows,
  promises,
  reachable,
  REDIS_URL,
  ROOT,
  RUN,
  skipped,
  startServer,
  submissions,
  until,
  webhookEnv,
  webhookReceiver,
  type Figures,
  type OutboxRow,
  type StoredLead,
  type Submission,
} from './harness.ts';
import { bookingBody } from '../tools/booking.ts';
import { roundRobin } from './round-robin.ts';

const NOTIFIED = 60;

interface Reply {
  code: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** One request on a connection of its own, so the balancer hands each to the next instance. */
function request(base: string, method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathname, base), { method, headers, agent: false, timeout: 10_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ code: res.statusCode ?? 0, headers: res.headers, body: text ? parseJson(text) : {} }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

async function bookFrom(base: string, s: Submission, address: string): Promise<Reply> {
  s.attempts++;
  const reply = await request(
    base,
    'POST',
    '/api/discovery-calls',
    { 'content-type': 'application/json', 'accept-language': s.locale, 'idempotency-key': s.key, 'x-forwarded-for': address },
    bookingBody(s, s.locale),
  );
  if (reply.code === 201 || reply.code === 200) s.id = String(reply.body.id);
  else s.failures.push(String(reply.code));
  return reply;
}

export async function twoInstances(): Promise<Figures> {
  if (!(await reachable(ADMIN_DATABASE_URL, 5432))) return skipped(`no PostgreSQL at ${ADMIN_DATABASE_URL}`);
  if (!(await reachable(REDIS_URL, 6379))) return skipped(`no Redis at ${REDIS_URL}`);
  // Every address this run poses as is in one block of its own, so its counts are its own and are
  // removed from Redis afterwards.
  const block = `198.18.${Math.floor(Math.random() * 256)}`;
  const operator = { email: `operator-${RUN}@faults.example`, password: `faults-${RUN}-password` };
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    const result = await withThrowawayDatabase(
      'faults_two_instances',
      async (url) => {
        // `npm run operator -- add`, as an operator would (it migrates the database first).
        execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/server/operators/cli.ts', 'add', operator.email], {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATABASE_URL: url, OPERATOR_PASSWORD: operator.password },
          stdio: 'pipe',
        });
        const receiver = await webhookReceiver();
        const env = { DATABASE_URL: url, REDIS_URL, TRUST_PROXY: '127.0.0.1', BOOKING_RATE_LIMIT: '5/10m', ...webhookEnv(receiver) };
        const instances = [await startServer(env, 'instance A'), await startServer(env, 'instance B')];
        const name = (i: number | undefined) => (i === undefined ? '?' : 'AB'[i]!);
        const lb = await roundRobin(instances.map((i) => i.url));
        const { broken, expect } = promises();

        // One visitor, seven bookings through the balancer: five taken, then refused on either instance.
        const limited = submissions('two-limit', 7);
        const served: string[] = [];
        const codes: number[] = [];
        let retryAfter = '';
        for (const s of limited) {
          const reply = await bookFrom(lb.url, s, `${block}.1`);
          codes.push(reply.code);
          served.push(name(lb.chosen.at(-1)));
          if (reply.code === 429) {
            retryAfter = String(reply.headers['retry-after']);
            expect(reply.body.retryable === true && Number(retryAfter) > 0, 'a 429 carries Retry-After and retryable');
          }
        }
        expect(codes.join() === '201,201,201,201,201,429,429', `5 taken, the 6th and 7th refused (got ${codes.join(', ')})`);
        expect(new Set(served.slice(5)).size === 2, `the 6th and 7th reached different instances (${served.slice(5).join(', ')})`);
        const [other] = submissions('two-other', 1);
        expect((await bookFrom(lb.url, other!, `${block}.2`)).code === 201, 'another address has its own count');

        // Many visitors at once: each lead's webhook sent once, by whichever instance claimed it.
        const notified = submissions('two-notify', NOTIFIED);
        let next = 0;
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            while (next < notified.length) {
              const n = next++;
              await bookFrom(lb.url, notified[n]!, `${block}.${10 + n}`);
            }
          }),
        );
        const all = [...limited, other!, ...notified];
        const acknowledged = all.filter((s) => s.id).length;
        const delivered = await until(
          async () => receiver.tally().leads.size >= acknowledged && (await pgRows<OutboxRow>(url, OUTBOX_QUERY)).every((e) => e.status === 'delivered'),
          20_000,
          200,
        );
        // A moment more, for a second delivery of one lead to show if there were one.
        await new Promise((r) => setTimeout(r, 1000));
        const d = deliveryFigures(all, await pgRows<OutboxRow>(url, OUTBOX_QUERY), receiver);
        expect(delivered && d.missing === 0 && d.undelivered === 0, 'every lead notified');
        expect(d.twice === 0 && d.repeats === 0, 'each notification delivered once');
        expect(d.forged === 0, 'every webhook signed');
        const sentBy = instances.map((i) => logged(i, 'notification delivered'));

        // An operator logs in on A; the session works on B and through the balancer; logging out on B
        // ends it on A.
        const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
        const login = await request(
          a.url,
          'POST',
          '/api/admin/login',
          { 'content-type': 'application/json', origin: a.url, 'x-forwarded-for': `${block}.250` },
          JSON.stringify(operator),
        );
        const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
        expect(login.code === 204 && cookie.includes('='), `log-in on A (got ${login.code})`);
        const me = (base: string) => request(base, 'GET', '/api/admin/me', { cookie });
        const onA = await me(a.url);
        const onB = await me(b.url);
        const leadsOnB = await request(b.url, 'GET', '/api/admin/leads', { cookie });
        const viaBalancer = [await me(lb.url), await me(lb.url)];
        expect(onA.code === 200 && onA.body.email === operator.email, 'the session works on A');
        expect(onB.code === 200 && onB.body.email === operator.email, 'the session works on B');
        expect(leadsOnB.code === 200, 'the inbox answers on B');
        expect(viaBalancer.every((r) => r.code === 200), 'the session works through the balancer, on both');
        const logout = await request(b.url, 'POST', '/api/admin/logout', { cookie, origin: b.url, 'x-forwarded-for': `${block}.250` });
        const afterOnA = await me(a.url);
        expect(logout.code === 204 && afterOnA.code === 401, `logging out on B ends the session on A (got ${logout.code}, then ${afterOnA.code})`);

        for (const i of instances) await i.stop();
        await lb.close();
        const figures = count(all, await pgRows<StoredLead>(url, 'select id, email from discovery_calls'));
        expect(figures.lost === 0 && figures.duplicates === 0, 'nothing lost, nothing twice');
        expect(figures.stored === figures.acknowledged, 'acknowledged == stored (the refused are not stored)');
        return {
          ...figures,
          notes: [
            `limit 5/10m across A and B: ${codes.map((c, i) => `${c} on ${served[i]}`).join(', ')} (Retry-After ${retryAfter} s)`,
            `webhooks: ${d.arrived} leads, each once (${d.repeats} repeats); sent by A ${sentBy[0]}, by B ${sentBy[1]}`,
            `operator session from A: /me ${onA.code} on A, ${onB.code} on B, ${viaBalancer.map((r) => r.code).join('/')} via the balancer; logout on B, then ${afterOnA.code} on A`,
          ],
          broken,
        };
      },
      ADMIN_DATABASE_URL,
    );
    return 'sent' in result ? result : skipped(result.skipped);
  } finally {
    await redis.connect().catch(() => {});
    for (const pattern of [`limits:*${block}.*`, `limits:*${operator.email}*`]) {
      let cursor = '0';
      do {
        const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = nextCursor;
      } while (cursor !== '0');
    }
    redis.disconnect();
  }
}
