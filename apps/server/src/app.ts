import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import { readLatestMigration, type OpenDatabase } from './database/index.ts';
import { addSecurityHeaders } from './security-headers.ts';
import { errorMessage } from './startup-error.ts';
import { registerWebApp } from './web.ts';
import { ghProxyOptionsFromEnv, registerGhProxy } from './routes/gh-proxy.ts';

export interface BuildAppOptions {
  readonly config: Pick<ServerConfig, 'webDist' | 'logLevel'>;
  /**
   * The database, or the database still opening: the server listens (and serves the web app) at
   * once, and `/api/health` says "starting" until it is open.
   */
  readonly database: Pick<OpenDatabase, 'db' | 'kind'> | OpeningDatabase;
  readonly version: string;
  /** How long the health check waits for the database before answering 503. */
  readonly healthTimeoutMs?: number;
}

export interface OpeningDatabase {
  readonly kind: OpenDatabase['kind'];
  readonly opening: Promise<Pick<OpenDatabase, 'db' | 'kind'>>;
}

export type HealthResponse =
  | { status: 'ok'; version: string; database: { kind: string; ok: true; migrations: string | null } }
  | { status: 'starting'; version: string; database: { kind: string; ok: false } }
  | { status: 'error'; version: string; database: { kind: string; ok: false; error: string } };

/** The HTTP application, ready for `listen` (main) or `inject` (tests). */
export async function buildApp({
  config,
  database,
  version,
  healthTimeoutMs = 5000,
}: BuildAppOptions): Promise<FastifyInstance> {
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const app = Fastify({
    logger: { level: config.logLevel },
    // One line per request is noise for a local app serving dozens of assets; debug shows them.
    logController: new LogController({ disableRequestLogging: !verbose }),
  });

  addSecurityHeaders(app);

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  let opened = 'opening' in database ? undefined : database;
  if ('opening' in database) {
    database.opening.then(
      (db) => (opened = db),
      () => undefined, // main reports the failure and stops the server
    );
  }

  app.get('/api/health', async (request, reply): Promise<HealthResponse> => {
    if (!opened) {
      reply.code(503);
      return { status: 'starting', version, database: { kind: database.kind, ok: false } };
    }
    try {
      const migrations = await withTimeout(readLatestMigration(opened.db), healthTimeoutMs);
      return { status: 'ok', version, database: { kind: database.kind, ok: true, migrations } };
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database did not answer');
      reply.code(503);
      return { status: 'error', version, database: { kind: database.kind, ok: false, error: errorMessage(error) } };
    }
  });

  registerGhProxy(app, ghProxyOptionsFromEnv(process.env));
  await registerWebApp(app, config.webDist);
  return app;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
