// A stand-in on loopback for Vapi's `POST /call`, answering as Vapi's API does: `201` with the call
// (`queued`, or `scheduled` when a schedulePlan asks for later), `401` for another key, `400` with
// NestJS's `{message: [...], error, statusCode}` for a body Vapi refuses (no assistant, no phone
// number, a customer number not in E.164, a property its CreateCallDto does not list). `DELETE /call/:id` takes a call back (`404` for one it
// does not know). A test may script the next answers. Closed after the block. `serverMessage` writes
// what Vapi then sends the server URL about a call: the message with the call as Vapi echoes it (its
// id, type, customer and metadata).
import { randomUUID } from 'node:crypto';
import type { Vapi } from '@vapi-ai/server-sdk';
import http from 'node:http';
import { useLoopbackServer } from './receivers.ts';

export const VAPI_TEST_KEY = 'vapi-private-key-for-tests';

/** The properties of Vapi's CreateCallDto (@vapi-ai/server-sdk): any other is refused. */
const CREATE_CALL_KEYS: ReadonlySet<string> = new Set<string>([
  'assistantVersion', 'transport', 'customers', 'name', 'schedulePlan', 'assistantId', 'assistant', 'assistantOverrides', 'squadId', 'squad',
  'squadOverrides', 'workflowId', 'workflow', 'workflowOverrides', 'phoneNumberId', 'phoneNumber', 'customerId', 'customer',
] satisfies (keyof Vapi.CreateCallDto)[]);

export interface PlacedCall {
  id: string;
  body: {
    assistantId?: string;
    phoneNumberId?: string;
    customer?: { number?: string; name?: string };
    assistantOverrides?: { variableValues?: Record<string, string>; metadata?: { lead?: string } };
    schedulePlan?: { earliestAt: string; latestAt: string };
  };
}

export function useVapiCalls() {
  const calls: PlacedCall[] = [];
  /** The ids of the calls taken back. */
  const deleted: string[] = [];
  /** Set: Vapi answers every DELETE with a 503. */
  const control = { refuseDeletes: false };
  const answers: { status: number; body: unknown; headers?: Record<string, string> }[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const deleting = req.method === 'DELETE' ? /^\/call\/([\w-]+)$/.exec(req.url ?? '') : null;
      if (deleting && req.headers.authorization === `Bearer ${VAPI_TEST_KEY}`) {
        if (control.refuseDeletes) return send(503, { message: 'Service Unavailable', error: 'Service Unavailable', statusCode: 503 });
        const call = calls.find((c) => c.id === deleting[1]);
        if (!call) return send(404, { message: 'Call not found', error: 'Not Found', statusCode: 404 });
        deleted.push(call.id);
        return send(200, { id: call.id, type: 'outboundPhoneCall', status: 'ended', endedReason: 'scheduled-call-deleted' });
      }
      if (req.method !== 'POST' || req.url !== '/call') return send(404, { message: `Cannot ${req.method} ${req.url}`, error: 'Not Found', statusCode: 404 });
      if (req.headers.authorization !== `Bearer ${VAPI_TEST_KEY}`) {
        return send(401, { message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.', error: 'Unauthorized', statusCode: 401 });
      }
      let body: PlacedCall['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PlacedCall['body'];
      } catch {
        return send(400, { message: ['body must be JSON'], error: 'Bad Request', statusCode: 400 });
      }
      const scripted = answers.shift();
      const id = randomUUID();
      calls.push({ id, body });
      for (const w of waiting.filter((x) => calls.length >= x.count)) w.resolve();
      if (scripted) return send(scripted.status, scripted.body, scripted.headers);
      // NestJS's whitelist, as Vapi's API has it: a property CreateCallDto does not list is refused.
      const unknown = Object.keys(body).filter((key) => !CREATE_CALL_KEYS.has(key));
      const problems = [
        ...unknown.map((key) => `property ${key} should not exist`),
        ...(body.assistantId ? [] : ['assistantId or assistant must be provided']),
        ...(body.phoneNumberId ? [] : ['phoneNumberId or phoneNumber must be provided']),
        ...(/^\+[1-9]\d{6,14}$/.test(body.customer?.number ?? '') ? [] : ['customer.number must be a valid phone number in the E.164 format']),
      ];
      if (problems.length) return send(400, { message: problems, error: 'Bad Request', statusCode: 400 });
      return send(201, { id, type: 'outboundPhoneCall', status: body.schedulePlan ? 'scheduled' : 'queued', assistantId: body.assistantId, phoneNumberId: body.phoneNumberId, customer: body.customer, createdAt: new Date().toISOString() });
    });
  });
  const base = useLoopbackServer(server);
  return {
    calls,
    answers,
    deleted,
    control,
    until: (count: number) => (calls.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }))),
    get url() {
      return base.url;
    },
  };
}

/** What Vapi sends the server URL about a call it placed: `message` with the call as Vapi echoes it. */
export function serverMessage(call: PlacedCall, message: Record<string, unknown>) {
  return {
    message: {
      timestamp: Date.now(),
      ...message,
      call: {
        id: call.id,
        type: 'outboundPhoneCall',
        assistantId: call.body.assistantId,
        phoneNumberId: call.body.phoneNumberId,
        customer: call.body.customer,
        assistantOverrides: call.body.assistantOverrides,
      },
    },
  };
}
