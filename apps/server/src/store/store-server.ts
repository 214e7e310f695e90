import { TARGET_HEADER } from '@blockyard/cloud/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../database/index.ts';
import { installErrorHandler } from '../api/api-error.ts';
import { registerStoreRoutes } from './store-routes.ts';

export interface SharedStoreServer {
  /** Where browsers reach it, e.g. http://localhost:3232. */
  readonly url: string;
  close(): Promise<void>;
}

export interface SharedStoreServerOptions {
  db: Kysely<Database>;
  port: number;
  host: string;
  /** Pages allowed to use it from the browser (CORS): the app's own origin. */
  allowedOrigins: () => readonly string[];
  onWarning: (message: string) => void;
}

/**
 * Spec 001 §7's shared storage for local development: its own port (3232), so editors served
 * from different local ports share one store. Pages call it across origins, so it answers CORS
 * for the app's origin only (the app's client sends JSON and the target header, never cookies);
 * other sites' pages cannot read or write it. Returns null (with a
 * warning) when the port is taken, e.g. by another Blockyard: clients then keep values in memory.
 */
export async function startSharedStoreServer(options: SharedStoreServerOptions): Promise<SharedStoreServer | null> {
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 2_500_000 });
  installErrorHandler(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
    const origin = request.headers.origin;
    if (origin !== undefined && options.allowedOrigins().includes(origin)) {
      reply
        .header('access-control-allow-origin', origin)
        .header('vary', 'Origin')
        .header('access-control-allow-methods', 'GET, POST, DELETE')
        .header('access-control-allow-headers', `content-type, ${TARGET_HEADER}`);
    }
    if (request.method === 'OPTIONS') {
      void reply.code(204).send();
      return;
    }
    done();
  });
  app.options('/*', (_request, reply) => reply.code(204).send());
  registerStoreRoutes(app, options.db);
  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    options.onWarning(
      code === 'EADDRINUSE'
        ? `Port ${options.port} is in use, so the shared storage for local development is not started (pages keep such values in memory). Set SHARED_STORE_PORT to another port or "off".`
        : `The shared storage for local development could not start: ${(error as Error).message}`,
    );
    return null;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { url: `http://localhost:${port}`, close: () => app.close() };
}
