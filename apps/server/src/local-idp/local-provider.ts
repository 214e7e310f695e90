import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as OidcProviderModule from 'oidc-provider';
import type { KoaContextLike, Provider } from 'oidc-provider';
import type { ServerSecrets } from '../api/server-secrets.ts';
import { escapeHtml } from '../auth/html.ts';
import type { Database } from '../database/index.ts';
import { contentSecurityPolicy } from '../security-headers.ts';
import { demoUsers, findDemoUser } from './demo-users.ts';
import { KyselyOidcAdapter } from './kysely-adapter.ts';
import { accountButtons, cancelButton, idpPage } from './pages.ts';

/** Where the provider lives on this server; its issuer is `{publicUrl}/oidc`. */
export const LOCAL_ISSUER_PATH = '/oidc';
/** Its sign-in pages (outside /oidc, which belongs to oidc-provider itself). */
const INTERACTION_PATH = '/oidc-login';
export const LOCAL_CLIENT_ID = 'blockyard';
export const LOCAL_PROVIDER_ID = 'local';
export const LOCAL_PROVIDER_NAME = 'Blockyard demo accounts';

export interface LocalProviderOptions {
  db: Kysely<Database>;
  secrets: () => Promise<ServerSecrets>;
  /** `{publicUrl}/oidc`, known once the server listens. */
  issuer: () => string;
  /** Our sign-in callback, `{publicUrl}/api/auth/callback`. */
  redirectUri: () => string;
}

/**
 * oidc-provider 9 supports Node 22 and later and says so on import; it runs on Node 20 all the
 * same (its tests here prove the flow). The notice would alarm every `npm start`, so it is held
 * back during the import only.
 */
async function importProvider(): Promise<typeof OidcProviderModule> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

/**
 * A real OpenID Connect provider (oidc-provider) inside the server, with demo accounts: what
 * `npm start` and the tests sign in with, so no outside service is needed. Everything it stores
 * is in the database (KyselyOidcAdapter), and its keys are the server's shared secrets, so any
 * server process can finish a sign-in another one started.
 */
export class LocalIdentityProvider {
  #provider: Promise<Provider> | undefined;

  constructor(private readonly options: LocalProviderOptions) {}

  provider(): Promise<Provider> {
    this.#provider ??= this.create().catch((error: unknown) => {
      this.#provider = undefined;
      throw error;
    });
    return this.#provider;
  }

  private async create(): Promise<Provider> {
    const { default: ProviderClass, interactionPolicy } = await importProvider();
    const { db } = this.options;
    const secrets = await this.options.secrets();
    const policy = interactionPolicy.base();
    // spec 000 §4: after signing out, the next sign-in asks which account (prompt=select_account).
    policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

    const provider = new ProviderClass(this.options.issuer(), {
      adapter: class {
        constructor(name: string) {
          return new KyselyOidcAdapter(db, name);
        }
      },
      clients: [
        {
          client_id: LOCAL_CLIENT_ID,
          client_secret: secrets.localClientSecret,
          redirect_uris: [this.options.redirectUri()],
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [secrets.localSigningKey] },
      cookies: { keys: [...secrets.cookieKeys] },
      findAccount: (_ctx: unknown, id: string) => {
        const user = findDemoUser(id);
        if (!user) return undefined;
        return {
          accountId: user.id,
          claims: () => ({ sub: user.id, name: user.name, preferred_username: user.username }),
        };
      },
      claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
      scopes: ['openid', 'profile'],
      // The ID token carries the profile, so the server needs no userinfo call.
      conformIdTokenClaims: false,
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}`,
        policy,
      },
      features: {
        devInteractions: { enabled: false },
        // Switching accounts at the picker ends the provider's session first (its own
        // auto-submitted form, whose script the provider allows by hash in our policy).
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: (ctx: KoaContextLike, form: string) => {
            ctx.body = idpPage(
              'Sign out',
              `<h1>Sign out of the demo accounts?</h1>${form}<p><button class="secondary" type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign out</button></p>`,
            );
          },
          postLogoutSuccessSource: (ctx: KoaContextLike) => {
            ctx.body = idpPage('Signed out', '<h1>Signed out</h1><p><a href="/">Back to Blockyard</a></p>');
          },
        },
      },
      pkce: { required: () => true },
      clientBasedCORS: () => false,
      // Blockyard is the provider's only client and its own app: no consent screen.
      loadExistingGrant: async (ctx: KoaContextLike) => {
        const { oidc } = ctx;
        const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
        const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
        if (existing) return existing;
        if (!oidc.session.accountId) return undefined;
        const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
        grant.addOIDCScope('openid profile');
        await grant.save();
        return grant;
      },
      renderError: (ctx: KoaContextLike, out: { error?: string; error_description?: string }) => {
        ctx.type = 'html';
        ctx.body = idpPage(
          'Sign-in problem',
          `<h1>Sign-in could not continue</h1><p>${escapeHtml(out.error_description ?? out.error ?? 'Something went wrong.')}</p>` +
            `<p><a href="/">Back to Blockyard</a></p>`,
        );
      },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
        Interaction: 600,
        Session: 14 * 24 * 3600,
        Grant: 14 * 24 * 3600,
      },
    });
    provider.proxy = true;
    return provider;
  }

  /** Mounts the provider at /oidc and its sign-in pages at /oidc-login. */
  async register(app: FastifyInstance): Promise<void> {
    await app.register(middie, { hook: 'onRequest' });
    app.use(LOCAL_ISSUER_PATH, (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
      // These replies bypass Fastify's reply: give them the server's headers here.
      res.setHeader('content-security-policy', contentSecurityPolicy);
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('referrer-policy', 'no-referrer');
      this.provider().then((provider) => provider.callback()(req, res), next);
    });

    app.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, (request, reply) =>
      this.showInteraction(request, reply),
    );
    app.post<{ Params: { uid: string }; Body: { account?: string } }>(
      `${INTERACTION_PATH}/:uid/login`,
      (request, reply) => this.login(request, reply),
    );
    app.post<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid/abort`, (request, reply) =>
      this.finish(request, reply, { error: 'access_denied', error_description: 'The sign-in was cancelled.' }),
    );
  }

  private async showInteraction(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    const provider = await this.provider();
    let details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return this.expired(reply);
    }
    const uid = encodeURIComponent(details.uid);
    const current = details.session?.accountId ? findDemoUser(details.session.accountId) : undefined;
    const choosing = details.prompt.name === 'select_account';
    const accounts = demoUsers.map((user) => ({ ...user, ...(user === current ? { note: 'signed in here' } : {}) }));
    // The account signed in at the provider comes first when choosing.
    if (current) accounts.sort((a, b) => Number(b.id === current.id) - Number(a.id === current.id));
    const body = choosing
      ? `<h1>Choose an account</h1><p>Which account should Blockyard use?</p>`
      : `<h1>Sign in to Blockyard</h1><p>Pick a demo account.</p>`;
    const note =
      '<p class="note">These are demo accounts for trying Blockyard out. They have no password: anyone using this server can pick them.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        idpPage(
          choosing ? 'Choose an account' : 'Sign in',
          body +
            accountButtons(`${INTERACTION_PATH}/${uid}/login`, accounts) +
            note +
            cancelButton(`${INTERACTION_PATH}/${uid}/abort`),
        ),
      );
  }

  private async login(
    request: FastifyRequest<{ Params: { uid: string }; Body: { account?: string } }>,
    reply: FastifyReply,
  ) {
    const user = findDemoUser(String(request.body?.account ?? ''));
    if (!user)
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(idpPage('Sign in', '<h1>Unknown account</h1><p>Please go back and pick one of the accounts.</p>'));
    const provider = await this.provider();
    let details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return this.expired(reply);
    }
    const result: Record<string, unknown> = { login: { accountId: user.id } };
    if (details.prompt.name === 'select_account') result.select_account = {};
    return this.finish(request, reply, result);
  }

  private async finish(request: FastifyRequest, reply: FastifyReply, result: Record<string, unknown>) {
    const provider = await this.provider();
    let redirectTo: string;
    try {
      redirectTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    } catch {
      return this.expired(reply);
    }
    return reply.redirect(redirectTo, 303);
  }

  private expired(reply: FastifyReply) {
    return reply
      .code(400)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        idpPage(
          'Sign-in expired',
          '<h1>This sign-in page has expired</h1><p>Go back to Blockyard and press Sign in again.</p><p><a href="/">Back to Blockyard</a></p>',
        ),
      );
  }
}
