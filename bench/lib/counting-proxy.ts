// A pass-through HTTP proxy in front of a server that counts every response byte it forwards, as
// sent (compressed when the server compressed it). The browser's own counters miss requests
// made by workers and the service worker; every request passes through here.
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  readonly url: string;
  /** Bytes forwarded since the last reset, and by path. */
  read(): { total: number; byPath: Map<string, number> };
  reset(): void;
  stop(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  let byPath = new Map<string, number>();
  const server: Server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    const name = path.split('?', 1)[0] ?? path;
    const proxied = forward(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.on('data', (chunk: Buffer) => byPath.set(name, (byPath.get(name) ?? 0) + chunk.length));
        response.pipe(outgoing);
      },
    );
    proxied.on('error', () => outgoing.destroy());
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    read: () => ({ total: [...byPath.values()].reduce((sum, bytes) => sum + bytes, 0), byPath: new Map(byPath) }),
    reset: () => {
      byPath = new Map();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
