// A load balancer in a few lines: a TCP proxy on loopback that hands each new connection to the next
// instance in turn, and remembers which one each connection went to.
import net from 'node:net';
import { onCleanup, port } from './harness.ts';

export interface RoundRobin {
  url: string;
  /** For each connection so far, the index of the instance it went to. */
  chosen: number[];
  close(): Promise<void>;
}

export async function roundRobin(instances: string[]): Promise<RoundRobin> {
  const targets = instances.map((u) => new URL(u));
  const chosen: number[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const index = chosen.length % targets.length;
    chosen.push(index);
    const target = targets[index]!;
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port(), '127.0.0.1', resolve));
  const balancer: RoundRobin = {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    chosen,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
  onCleanup(() => balancer.close());
  return balancer;
}
