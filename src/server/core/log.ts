// What a long-lived service writes its lines to: the server's logger (pino), a child of it, or nothing.
// Here, below every feature, so the store, the limits and the notifications can all take one.
import type { FastifyBaseLogger } from 'fastify';

export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A log whose lines go wherever it is pointed last: a service is built before the server's logger
 * exists (services.ts), and its start() hands that logger over.
 */
export function forwardingLog(initial: Log = silentLog): { log: Log; pointAt(log: Log): void } {
  let current = initial;
  return {
    log: {
      info: (...args: Parameters<Log['info']>) => current.info(...args),
      warn: (...args: Parameters<Log['warn']>) => current.warn(...args),
      error: (...args: Parameters<Log['error']>) => current.error(...args),
    },
    pointAt(log) {
      current = log;
    },
  };
}
