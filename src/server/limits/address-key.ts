// The key a client address is counted under: an IPv4 address as it is, an IPv6 address by its /64 (one
// visitor's network: a host picks any of its 2^64 addresses at will), an IPv4 address mapped into IPv6
// as the IPv4 address. The same keys @fastify/rate-limit makes for the booking and funnel limits.
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (a zone index dropped, a dotted IPv4 tail read). */
function groupsOf(address: string): number[] {
  // A dotted IPv4 tail (`::ffff:192.0.2.1`) written as its two groups.
  const text = address
    .split('%')[0]!
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a: string, b: string, c: string, d: string) =>
      [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((g) => g.toString(16)).join(':'),
    );
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return parse(head);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export function addressKey(address: string): string {
  if (isIPv4(address) || !isIPv6(address)) return address.toLowerCase();
  const groups = groupsOf(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
