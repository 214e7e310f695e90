import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ApiLimits } from '@blockyard/cloud/protocol';
import { join } from 'node:path';
import type { ApiContext } from './api/api-context.ts';
import { errorBody } from './api/api-error.ts';
import { registerApi } from './api/register-api.ts';
import type { AuthConfig, ServerConfig } from './config.ts';
import { findRepoRoot } from './paths.ts';
import { deferredDatabase } from './database/deferred-database.ts';
import { readLatestMigration, type OpenDatabase } from './database/index.ts';
import { LOCAL_ISSUER_PATH } from './local-idp/local-provider.ts';
import { addSecurityHeaders } from './security-headers.ts';
import { errorMessage } from './startup-error.ts';
import { registerWebApp } from './web.ts';
import { ghProxyOptionsFromEnv, registerGhProxy } from './routes/gh-proxy.ts';
import { registerGhWriteProxy } from './routes/gh-write-proxy.ts';

export interface BuildAppOptions {
  readonly config: Pick<ServerConfig, 'webDist' | 'logLevel'> & {
    /** The test pages' build, served beside the app when set (ServerConfig.testPagesDist). */
    readonly testPagesDist?: string | null;
    /** Sign-in; off when omitted. */
    readonly auth?: AuthConfig;
    /** Requests per minute one address may make to /api; null or omitted: no such limit. */
    readonly rateLimitPerMinute?: number | null;
  };
  /**
   * The database, or the database still opening: the server listens (and serves the web app) at
   * once, and /api requests (the health check too) wait until it is open.
   */
  readonly database: Pick<OpenDatabase, 'db' | 'kind'> | OpeningDatabase;
  readonly version: string;
  /** How long the health check waits for the database before answering 503. */
  readonly healthTimeoutMs?: number;
  /** The address people reach the server at, without a trailing slash (known once it listens). */
  readonly publicUrl?: () => string;
  /** The shared storage for local development, once it listens (spec 001 §7). */
  readonly sharedStoreUrl?: () => string | null;
  /** Our content (docs markdown); `content/` of the repository by default. */
  readonly contentDir?: string;
  readonly limits?: Partial<ApiLimits>;
  readonly now?: () => number;
  /** Receives the API's shared context (tests reach the session store through it). */
  readonly onApi?: (context: ApiContext) => void;
}

interface OpeningDatabase {
  readonly kind: OpenDatabase['kind'];
  readonly opening: Promise<Pick<OpenDatabase, 'db' | 'kind'>>;
}

export type HealthResponse =
  | { status: 'ok'; version: string; database: { kind: string; ok: true; migrations: string | null } }
  | { status: 'error'; version: string; database: { kind: string; ok: false; error: string } };

/** The HTTP application, ready for `listen` (main) or `inject` (tests). */
export async function buildApp({
  config,
  database,
  version,
  healthTimeoutMs = 5000,
  publicUrl = () => 'http://localhost:3000',
  sharedStoreUrl = () => null,
  contentDir = join(findRepoRoot() ?? process.cwd(), 'content'),
  limits,
  now,
  onApi,
}: BuildAppOptions): Promise<FastifyInstance> {
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const app = Fastify({
    logger: { level: config.logLevel },
    // One line per request is noise for a local app serving dozens of assets; debug shows them.
    logController: new LogController({ disableRequestLogging: !verbose }),
    // Project files travel as JSON; routes that take more say so themselves.
    bodyLimit: 1_048_576,
  });

  addSecurityHeaders(app, () => {
    const store = sharedStoreUrl();
    return store ? [store] : [];
  });

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
    try {
      // The hook below holds the request while the database opens (a failed opening: 503 there).
      const current = opened ?? (await (database as OpeningDatabase).opening);
      const migrations = await withTimeout(readLatestMigration(current.db), healthTimeoutMs);
      return { status: 'ok', version, database: { kind: database.kind, ok: true, migrations } };
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database did not answer');
      reply.code(503);
      return { status: 'error', version, database: { kind: database.kind, ok: false, error: errorMessage(error) } };
    }
  });

  if ('opening' in database) {
    // The API's routes (and the local provider) need the database: hold them until it is open.
    const { opening } = database;
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url;
      const needsDatabase = path.startsWith('/api/') || path.startsWith(LOCAL_ISSUER_PATH);
      if (!needsDatabase || opened) return;
      try {
        await opening;
      } catch {
        reply.code(503).send(errorBody(503, 'The server could not open its database. Please try again later.'));
        return reply;
      }
    });
  }

  const api = await registerApi(app, {
    db: 'opening' in database ? deferredDatabase(database.opening) : database.db,
    auth: config.auth ?? { mode: 'off' },
    publicUrl,
    webDist: config.webDist,
    contentDir,
    sharedStoreUrl,
    rateLimitPerMinute: config.rateLimitPerMinute ?? null,
    ...(limits ? { limits } : {}),
    ...(now ? { now } : {}),
  });
  onApi?.(api);

  const ghOptions = ghProxyOptionsFromEnv(process.env);
  registerGhProxy(app, ghOptions);
  registerGhWriteProxy(app, { codeHostUrl: ghOptions.codeHostUrl });
  await registerWebApp(app, config.webDist, config.testPagesDist ?? null);
  return app;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
