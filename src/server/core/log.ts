// What a long-lived service writes its lines to: the server's logger (pino), a child of it, or nothing.
// Here, below every feature, so the store, the limits and the notifications can all take one.
import type { FastifyBaseLogger } from 'fastify';

export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };
