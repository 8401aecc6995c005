// Where the server may send a request of its own to an address someone configured (a calendar feed): the
// public internet over https, unless the host is one the operator named. Kept among the lowest modules,
// so the configuration can refuse such an address at start with the words the fetch would use.
import { BlockList, isIP } from 'node:net';

/** Addresses that are not the public internet: loopback, private networks, link-local, and the like. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an address is one a feed may not be fetched from (an IPv4 address mapped into IPv6 as itself). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a feed's address is refused before any request, or undefined when it may be fetched. */
export function feedAddressProblem(url: URL, allowedHosts: readonly string[]): string | undefined {
  const allowed = allowedHosts.includes(url.hostname.toLowerCase());
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) return 'not an https address';
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && isPrivateAddress(literal) && !allowed) return 'a private or loopback address';
  return undefined;
}
