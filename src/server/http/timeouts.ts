// How long a client may take, the server's defence against slow and stalled clients: buildApp sets
// Fastify's and Node's timeouts from these (tests make them short).

/**
 * How long a client may take over its request, so that slow or stalled clients cannot hold the
 * server's connections until it has none left (a "slowloris"), and what Node would otherwise allow:
 * 60 s for the headers, 300 s for a request, no limit on a silent connection. docs/reliability.md's
 * "Slow clients are cut off" states these figures; a test holds them to it.
 */
export const SERVER_TIMEOUTS = {
  /** The request line and headers: a browser sends them in one packet; 10 s leaves a bad mobile link time. */
  headersMs: 10_000,
  /** The whole request, headers and body: our largest body is 16 KiB (BODY_LIMIT), seconds even at 2G speeds. */
  requestMs: 30_000,
  /**
   * A connection with nothing sent either way while a request is under way (Fastify's
   * connectionTimeout): our answers are quick, and a download in progress keeps it busy.
   */
  idleMs: 60_000,
  /**
   * An idle kept-alive connection between requests: Fastify's 72 s, above the 60 s after which a proxy
   * in front (nginx, a cloud load balancer) drops its own idle connections, so the proxy always closes
   * first and never sends a request onto a connection we are closing.
   */
  keepAliveMs: 72_000,
  /** How often Node looks for requests past headersMs or requestMs (its default, 30 s, would add up to that). */
  checkEveryMs: 1_000,
};
export type ServerTimeouts = typeof SERVER_TIMEOUTS;
