// A gzip-compressing reverse proxy for benchmarks that run MakeCode over an emulated network:
// `pxt serve --just` sends every file uncompressed, while MakeCode's real site (a CDN) sends
// them compressed. Throttled, that difference alone would cost MakeCode seconds it does not pay
// for real, so its files go through this proxy first. Each body is compressed once (at gzip's
// default level, what CDNs commonly serve) and kept, as a CDN's edge would keep it: `prime()`
// fills the store before timed rounds, so no round pays for compressing.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { freePort } from '../../e2e/harness/server.ts';

export interface CompressingProxy {
  readonly url: string;
  /** How many responses went out compressed, and their bytes before and after. */
  readonly stats: { compressed: number; rawBytes: number; sentBytes: number };
  stop(): Promise<void>;
}

const compressible = /^(text\/|application\/(javascript|json|xml|wasm|manifest\+json)|image\/svg\+xml)/;

interface Stored {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  gzipped: boolean;
}

/** Proxies `target` (an http origin) on a free loopback port. */
export async function startCompressingProxy(target: string): Promise<CompressingProxy> {
  const origin = new URL(target);
  const store = new Map<string, Stored>();
  const stats = { compressed: 0, rawBytes: 0, sentBytes: 0 };

  const fetchUpstream = (method: string, path: string, headers: IncomingHttpHeaders, body: Buffer) =>
    new Promise<Stored>((resolve, reject) => {
      const upstream = request(
        {
          host: origin.hostname,
          port: origin.port,
          method,
          path,
          headers: { ...headers, host: origin.host, 'accept-encoding': 'identity' },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const raw = Buffer.concat(chunks);
            const type = String(response.headers['content-type'] ?? '');
            const gzipped = !response.headers['content-encoding'] && compressible.test(type) && raw.length > 1024;
            resolve({
              status: response.statusCode ?? 502,
              headers: response.headers,
              body: gzipped ? gzipSync(raw) : raw,
              gzipped,
            });
            if (gzipped) {
              stats.compressed++;
              stats.rawBytes += raw.length;
            }
          });
          response.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const key = `${method} ${req.url}`;
      const cached = method === 'GET' ? store.get(key) : undefined;
      const answer = cached
        ? Promise.resolve(cached)
        : fetchUpstream(method, req.url ?? '/', req.headers, Buffer.concat(chunks));
      answer.then(
        (stored) => {
          if (method === 'GET' && stored.status === 200) store.set(key, stored);
          const headers = { ...stored.headers };
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          delete headers['connection'];
          const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
          if (stored.gzipped && !acceptsGzip) {
            // Never the case for Chromium; answered honestly all the same.
            res.writeHead(502, { 'content-type': 'text/plain' }).end('this proxy only sends gzip');
            return;
          }
          if (stored.gzipped) headers['content-encoding'] = 'gzip';
          res.writeHead(stored.status, { ...headers, 'content-length': String(stored.body.length) });
          res.end(stored.body);
          stats.sentBytes += stored.body.length;
        },
        (error: Error) => res.writeHead(502, { 'content-type': 'text/plain' }).end(error.message),
      );
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    stats,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
