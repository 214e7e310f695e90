import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { DEFAULT_LIMITS, AUTH_CALLBACK_PATH, type ApiLimits } from '@blockyard/cloud/protocol';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { registerAuthRoutes } from '../auth/auth-routes.ts';
import { SessionStore } from '../auth/session-store.ts';
import { OidcSignIn, type SignInProvider } from '../auth/sign-in-provider.ts';
import type { AuthConfig } from '../config.ts';
import { registerContentRoutes } from '../content/content-routes.ts';
import type { Database } from '../database/index.ts';
import { pruneOidcPayloads } from '../local-idp/kysely-adapter.ts';
import {
  LOCAL_CLIENT_ID,
  LOCAL_ISSUER_PATH,
  LOCAL_PROVIDER_ID,
  LOCAL_PROVIDER_NAME,
  LocalIdentityProvider,
} from '../local-idp/local-provider.ts';
import { QuotaCounter } from '../limits/quota-counter.ts';
import { registerProjectRoutes } from '../projects/project-routes.ts';
import { registerShareRoutes } from '../shares/share-routes.ts';
import { registerUserRoutes } from '../users/user-routes.ts';
import type { ApiContext } from './api-context.ts';
import { installErrorHandler } from './api-error.ts';
import { loadServerSecrets, type ServerSecrets } from './server-secrets.ts';
import { injectFetch } from './inject-fetch.ts';

export interface ApiOptions {
  db: Kysely<Database>;
  auth: AuthConfig;
  publicUrl: () => string;
  webDist: string;
  contentDir: string;
  sharedStoreUrl: () => string | null;
  /** Requests per minute one address may make to /api; null: no such limit. */
  rateLimitPerMinute: number | null;
  limits?: Partial<ApiLimits>;
  now?: () => number;
}

/** How often expired sign-ins, sessions, provider records and old counters are dropped. */
const PRUNE_EVERY_MS = 10 * 60_000;

/** Registers the whole /api (and the local identity provider when it is on). */
export async function registerApi(app: FastifyInstance, options: ApiOptions): Promise<ApiContext> {
  const { db } = options;
  const now = options.now ?? Date.now;
  let loading: Promise<ServerSecrets> | undefined;
  const secrets = (): Promise<ServerSecrets> =>
    (loading ??= loadServerSecrets(db).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  installErrorHandler(app);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 10_000 });
  if (options.rateLimitPerMinute !== null) {
    // Per process and in memory: it keeps one address from flooding this process. Limits that
    // must hold across processes (sign-ins, shares, saves) are database quotas (QuotaCounter).
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimitPerMinute,
      timeWindow: 60_000,
      // Only the API counts: the app's own files and pages are cheap and cached.
      allowList: (request) => !request.url.startsWith('/api/'),
    });
  }

  const providers: SignInProvider[] = [];
  const redirectUri = () => `${options.publicUrl()}${AUTH_CALLBACK_PATH}`;
  if (options.auth.mode === 'local') {
    const local = new LocalIdentityProvider({
      db,
      secrets,
      issuer: () => `${options.publicUrl()}${LOCAL_ISSUER_PATH}`,
      redirectUri,
    });
    await local.register(app);
    providers.push(
      new OidcSignIn({
        id: LOCAL_PROVIDER_ID,
        displayName: LOCAL_PROVIDER_NAME,
        issuer: () => `${options.publicUrl()}${LOCAL_ISSUER_PATH}`,
        clientId: LOCAL_CLIENT_ID,
        clientSecret: async () => (await secrets()).localClientSecret,
        redirectUri,
        // The provider is this very server: ask it in-process, whatever the network looks like.
        fetch: injectFetch(app, options.publicUrl),
      }),
    );
  } else if (options.auth.mode === 'oidc') {
    const { issuer, clientId, clientSecret, providerName } = options.auth;
    providers.push(
      new OidcSignIn({
        id: 'oidc',
        displayName: providerName,
        issuer: () => issuer,
        clientId,
        clientSecret: () => clientSecret,
        redirectUri,
      }),
    );
  }

  const context: ApiContext = {
    db,
    secrets,
    sessions: new SessionStore(db, now),
    quotas: new QuotaCounter(db, now),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    publicUrl: options.publicUrl,
    providers,
    webDist: options.webDist,
    contentDir: options.contentDir,
    now,
  };
  registerAuthRoutes(app, context);
  registerUserRoutes(app, context);
  registerProjectRoutes(app, context);
  registerShareRoutes(app, context);
  registerContentRoutes(app, context, options.sharedStoreUrl);

  const prune = () =>
    Promise.all([context.sessions.prune(), context.quotas.prune(), pruneOidcPayloads(db, now())]).catch(
      (error: unknown) => app.log.warn({ err: error }, 'Pruning expired records failed'),
    );
  const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
  return context;
}
