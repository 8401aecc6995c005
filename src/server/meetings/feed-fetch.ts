// Fetching an operator's calendar feed without letting its address reach anything else: `https` only,
// to a public address only, and redirects followed only within the same origin, unless the host is one
// MEETING_BUSY_ICS_ALLOW_HOSTS names (an on-premises calendar server, or a test's stand-in on loopback).
// The address checked is the one connected to (the check is in the connection's own DNS lookup), so a
// name that resolves to a public address once and a private one the next time gets no further. A
// timeout, and a size cap counted as the body arrives.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { feedAddressProblem, isPrivateAddress } from '../http/outbound-address.ts';

export interface FeedFetchOptions {
  /** Hosts that may be fetched over http and at a private address. */
  allowedHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
}

const MAX_REDIRECTS = 3;

/** The connection's DNS lookup, refusing a name that resolves to a private address. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as LookupAddress[];
    const blocked = list.find((a) => isPrivateAddress(a.address));
    if (blocked || list.length === 0) return callback(Object.assign(new Error('the address is private or loopback'), { code: 'EPRIVATE' }), '', 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/** One GET: its status, its Location, and its body up to the cap. */
function get(url: URL, options: FeedFetchOptions, signal: AbortSignal): Promise<{ status: number; location: string | undefined; body: string }> {
  const allowed = options.allowedHosts.includes(url.hostname.toLowerCase());
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { signal, headers: { accept: 'text/calendar' }, ...(allowed ? {} : { lookup: publicLookup }) }, (response) => {
      const status = response.statusCode ?? 0;
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) {
        response.destroy();
        return reject(new Error(`larger than ${options.maxBytes} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > options.maxBytes) {
          response.destroy();
          reject(new Error(`larger than ${options.maxBytes} bytes`));
        } else chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, location: response.headers.location, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', (err: NodeJS.ErrnoException) => reject(err.name === 'AbortError' ? new Error('no answer within the timeout') : err));
  });
}

/** The feed's text; throws with a reason that names no part of the (secret) address. */
export async function fetchFeed(address: string, options: FeedFetchOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(address);
  const origin = url.origin;
  for (let hop = 0; ; hop++) {
    const problem = feedAddressProblem(url, options.allowedHosts);
    if (problem) throw new Error(problem);
    const { status, location, body } = await get(url, options, signal);
    if (status >= 300 && status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== origin) throw new Error(`answered ${status} to another address, which is not followed`);
      if (hop >= MAX_REDIRECTS) throw new Error('too many redirects');
      url = next;
      continue;
    }
    if (status < 200 || status >= 300) throw new Error(`answered ${status}`);
    return body;
  }
}
