import { AUTH_COOKIE, TARGET_HEADER } from '@blockyard/cloud/protocol';
import { TARGET_ID } from '@blockyard/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api/api-error.ts';
import { secureCookies, type ApiContext } from '../api/api-context.ts';
import type { SignedIn } from './session-store.ts';

/** The bearer token of a request, or undefined when it sends none. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/.exec(header.trim());
  return match?.[1];
}

/**
 * The signed-in user, or undefined for a request without a token. A token that does not open
 * a live session (expired, signed out, cookie missing) is a 401: the client then signs out
 * (spec 000 §8).
 */
export async function optionalUser(context: ApiContext, request: FastifyRequest): Promise<SignedIn | undefined> {
  const token = bearerToken(request);
  if (token === undefined) {
    if (request.headers.authorization !== undefined) throw unauthorized();
    return undefined;
  }
  const signedIn = await context.sessions.find(token, request.cookies[AUTH_COOKIE]);
  if (!signedIn) throw unauthorized();
  return signedIn;
}

export async function requireUser(context: ApiContext, request: FastifyRequest): Promise<SignedIn> {
  const signedIn = await optionalUser(context, request);
  if (!signedIn) throw unauthorized();
  return signedIn;
}

function unauthorized(): ApiError {
  return new ApiError(401, 'You are not signed in (or your sign-in has ended). Please sign in again.', 'signed-out');
}

/** Account calls name their target (spec 000 §7); a call for another target is refused. */
export function requireTarget(request: FastifyRequest): void {
  const target = request.headers[TARGET_HEADER];
  if (target !== TARGET_ID) {
    throw new ApiError(
      400,
      target === undefined
        ? `This request did not say which editor it is for (the ${TARGET_HEADER} header).`
        : `This server works for ${TARGET_ID}, not for "${String(target).slice(0, 40)}".`,
      'wrong-target',
    );
  }
}

export function setAuthCookie(
  context: ApiContext,
  reply: FastifyReply,
  value: string,
  maxAgeMs: number | undefined,
): void {
  void reply.setCookie(AUTH_COOKIE, value, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(context),
    ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  });
}

export function clearAuthCookie(context: ApiContext, reply: FastifyReply): void {
  void reply.clearCookie(AUTH_COOKIE, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(context),
  });
}
