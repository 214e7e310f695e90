import {
  AUTH_CALLBACK_PARAM,
  AUTH_CALLBACK_PATH,
  type LoginResponse,
  type LogoutResponse,
} from '@blockyard/cloud/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import type { ApiContext } from '../api/api-context.ts';
import { ApiError } from '../api/api-error.ts';
import { parseInput } from '../api/validate.ts';
import { addressHash } from '../limits/address-hash.ts';
import { quotas } from '../limits/quota-counter.ts';
import { fetchPicture, userForIdentity } from '../users/user-accounts.ts';
import { bearerToken, clearAuthCookie, optionalUser, requireTarget, setAuthCookie } from './request-auth.ts';
import { hashSecret, newSecret } from './secrets.ts';
import { escapeHtml } from './html.ts';

const loginQuery = v.object({
  response_type: v.literal('token'),
  provider: v.pipe(v.string(), v.maxLength(40)),
  persistent: v.optional(v.picklist(['true', 'false']), 'false'),
  redirect_uri: v.pipe(v.string(), v.maxLength(2000)),
  prompt: v.optional(v.picklist(['select_account', 'silent']), 'silent'),
});

const callbackQuery = v.object({
  state: v.optional(v.pipe(v.string(), v.maxLength(200))),
  code: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  error: v.optional(v.pipe(v.string(), v.maxLength(200))),
  error_description: v.optional(v.pipe(v.string(), v.maxLength(1000))),
});

const logoutQuery = v.object({
  redirect_uri: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  authcallback: v.optional(v.string()),
});

/**
 * Where the browser may be sent back to: only a page of this server (an open redirect would let
 * anyone's link end a sign-in on their site, token and all).
 */
function checkReturnAddress(context: ApiContext, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(400, 'The return address of the sign-in is not a web address.', 'bad-redirect');
  }
  if (url.origin !== new URL(context.publicUrl()).origin) {
    throw new ApiError(400, 'Sign-in may only return to a page of this Blockyard.', 'bad-redirect');
  }
  return url;
}

/** Spec 000 §7 sign-in: login, the provider's callback, claiming the session, logout. */
export function registerAuthRoutes(app: FastifyInstance, context: ApiContext): void {
  app.get('/api/auth/login', async (request): Promise<LoginResponse> => {
    requireTarget(request);
    const query = parseInput(loginQuery, request.query, 'sign-in request');
    const provider = context.providers.find((p) => p.id === query.provider);
    if (!provider) {
      throw new ApiError(400, `Signing in with "${query.provider}" is not set up on this server.`, 'unknown-provider');
    }
    const returnTo = checkReturnAddress(context, query.redirect_uri);
    if (returnTo.searchParams.get(AUTH_CALLBACK_PARAM) !== '1' || !returnTo.searchParams.get('state')) {
      throw new ApiError(400, 'The return address must carry authcallback=1 and the sign-in state.', 'bad-redirect');
    }
    await context.quotas.take(quotas.loginPerAddress, addressHash((await context.secrets()).hashKey, request.ip));

    const state = newSecret();
    const nonce = newSecret();
    const codeVerifier = newSecret();
    const authCodeVerifier = newSecret();
    let loginUrl: string;
    try {
      loginUrl = await provider.authorizationUrl({
        state,
        nonce,
        codeVerifier,
        selectAccount: query.prompt === 'select_account',
      });
    } catch (error) {
      request.log.error({ err: error }, `Sign-in: the identity provider "${provider.id}" could not be reached`);
      throw new ApiError(
        503,
        `${provider.displayName} cannot be reached right now. Please try again in a moment.`,
        'idp-unavailable',
      );
    }
    await context.sessions.saveLogin({
      id: state,
      provider: provider.id,
      codeVerifier,
      nonce,
      redirectUri: returnTo.href,
      persistent: query.persistent === 'true',
      verifierHash: hashSecret(authCodeVerifier),
    });
    return { success: true, authCodeVerifier, loginUrl };
  });

  // The identity provider sends the browser here (a navigation: no target header, no token).
  app.get(AUTH_CALLBACK_PATH, async (request, reply) => {
    const query = v.safeParse(callbackQuery, request.query);
    const login =
      query.success && query.output.state ? await context.sessions.takeLogin(query.output.state) : undefined;
    if (!query.success || !login) return expiredPage(reply);
    const back = new URL(login.redirectUri);
    const { code, error, error_description: description } = query.output;
    if (error !== undefined || code === undefined) {
      back.searchParams.set('error', error ?? 'invalid_request');
      if (description) back.searchParams.set('error_description', description);
      return reply.redirect(back.href, 303);
    }
    const provider = context.providers.find((p) => p.id === login.provider);
    try {
      if (!provider) throw new Error(`the provider "${login.provider}" is no longer set up`);
      const callbackUrl = new URL(request.url, context.publicUrl());
      const claims = await provider.finish(callbackUrl, {
        state: login.id,
        nonce: login.nonce,
        codeVerifier: login.codeVerifier,
      });
      const picture = await fetchPicture(claims.pictureUrl);
      const userId = await userForIdentity(context.db, provider.id, claims, picture);
      const token = await context.sessions.createSession(userId, login);
      back.searchParams.set('token', token);
    } catch (failure) {
      request.log.warn({ err: failure }, 'Sign-in: the answer of the identity provider was refused');
      back.searchParams.set('error', 'server_error');
      back.searchParams.set('error_description', 'The sign-in could not be completed. Please try again.');
    }
    return reply.redirect(back.href, 303);
  });

  // Claims the session: the verifier proves this browser started the sign-in; the answer sets
  // the cookie that must come with the token from now on.
  app.post('/api/otac/check', async (request, reply) => {
    requireTarget(request);
    const verifier = bearerToken(request);
    const claimed = verifier ? await context.sessions.claim(verifier) : undefined;
    if (!claimed) {
      throw new ApiError(
        400,
        'This sign-in has already been used or has expired. Please sign in again.',
        'otac-invalid',
      );
    }
    setAuthCookie(context, reply, claimed.cookie, claimed.persistent ? claimed.maxAgeMs : undefined);
    return { success: true };
  });

  app.get('/api/auth/logout', async (request, reply): Promise<LogoutResponse> => {
    requireTarget(request);
    const query = parseInput(logoutQuery, request.query, 'sign-out request');
    // Signing out always succeeds: an ended session is as good as one ended now.
    const signedIn = await optionalUser(context, request).catch(() => undefined);
    if (signedIn) await context.sessions.revoke(signedIn.sessionId);
    clearAuthCookie(context, reply);
    let logoutUrl = `${context.publicUrl()}/`;
    if (query.redirect_uri) {
      try {
        logoutUrl = checkReturnAddress(context, query.redirect_uri).href;
      } catch {
        // Not ours: go home instead.
      }
    }
    return { logoutUrl };
  });
}

function expiredPage(reply: FastifyReply): FastifyReply {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in expired</title>` +
        `<link rel="icon" type="image/svg+xml" href="/favicon.svg">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">` +
        `<h1>${escapeHtml('This sign-in has expired')}</h1>` +
        `<p>${escapeHtml('It took too long, or the page was opened twice. Go back to Blockyard and sign in again.')}</p>` +
        `<p><a href="/">${escapeHtml('Back to Blockyard')}</a></p></body></html>`,
    );
}
