import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/index.ts';
import { hashSecret, newSecret, sameHash } from './secrets.ts';

/** A sign-in waits this long for the identity provider (then the browser must start again). */
const LOGIN_TTL_MS = 10 * 60_000;
/** The browser has this long after the callback to claim its session (POST /api/otac/check). */
const CLAIM_TTL_MS = 5 * 60_000;
/** "Remember me": the session and its cookie last this long. */
const PERSISTENT_SESSION_MS = 30 * 24 * 3_600_000;
/** Otherwise the cookie ends with the browser, and the session on the server after this long. */
const SHORT_SESSION_MS = 12 * 3_600_000;

export interface PendingLogin {
  id: string;
  provider: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  persistent: boolean;
  verifierHash: string;
}

export interface SignedIn {
  sessionId: string;
  userId: string;
}

/**
 * Sign-ins in progress and signed-in browsers, all in the database (any server process can
 * finish what another started). Only hashes of the secrets are stored.
 */
export class SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async saveLogin(login: PendingLogin): Promise<void> {
    await this.db
      .insertInto('auth_logins')
      .values({
        id: login.id,
        provider: login.provider,
        code_verifier: login.codeVerifier,
        nonce: login.nonce,
        redirect_uri: login.redirectUri,
        persistent: login.persistent,
        verifier_hash: login.verifierHash,
        expires_at: new Date(this.now() + LOGIN_TTL_MS),
      })
      .execute();
  }

  /** Takes a pending sign-in out (each can be finished once); undefined when unknown or too old. */
  async takeLogin(id: string): Promise<PendingLogin | undefined> {
    const row = await this.db.deleteFrom('auth_logins').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() < this.now()) return undefined;
    return {
      id: row.id,
      provider: row.provider,
      codeVerifier: row.code_verifier,
      nonce: row.nonce,
      redirectUri: row.redirect_uri,
      persistent: row.persistent,
      verifierHash: row.verifier_hash,
    };
  }

  /** A session for `userId`, claimable with the login's verifier; returns its token. */
  async createSession(userId: string, login: Pick<PendingLogin, 'verifierHash' | 'persistent'>): Promise<string> {
    const token = newSecret();
    await this.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashSecret(token),
        verifier_hash: login.verifierHash,
        cookie_hash: null,
        persistent: login.persistent,
        expires_at: new Date(this.now() + CLAIM_TTL_MS),
      })
      .execute();
    return token;
  }

  /**
   * Claims the session made for `verifier` (once, within CLAIM_TTL_MS): returns the cookie
   * secret to set and whether it should outlive the browser, or undefined.
   */
  async claim(verifier: string): Promise<{ cookie: string; persistent: boolean; maxAgeMs: number } | undefined> {
    const cookie = newSecret();
    const row = await this.db
      .updateTable('sessions')
      .set({
        verifier_hash: null,
        cookie_hash: hashSecret(cookie),
        expires_at: sql<Date>`case when persistent then ${new Date(this.now() + PERSISTENT_SESSION_MS)}::timestamptz else ${new Date(this.now() + SHORT_SESSION_MS)}::timestamptz end`,
      })
      .where('verifier_hash', '=', hashSecret(verifier))
      .where('cookie_hash', 'is', null)
      .where('expires_at', '>', new Date(this.now()))
      .returning(['persistent'])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      cookie,
      persistent: row.persistent,
      maxAgeMs: row.persistent ? PERSISTENT_SESSION_MS : SHORT_SESSION_MS,
    };
  }

  /** The signed-in user for a token and its cookie; both must match a live, claimed session. */
  async find(token: string, cookie: string | undefined): Promise<SignedIn | undefined> {
    if (!cookie) return undefined;
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'cookie_hash', 'expires_at'])
      .where('token_hash', '=', hashSecret(token))
      .executeTakeFirst();
    if (!row?.cookie_hash || new Date(row.expires_at).getTime() <= this.now()) return undefined;
    if (!sameHash(row.cookie_hash, hashSecret(cookie))) return undefined;
    return { sessionId: row.id, userId: row.user_id };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  /** Drops expired sign-ins and sessions (called now and then). */
  async prune(): Promise<void> {
    const now = new Date(this.now());
    await this.db.deleteFrom('auth_logins').where('expires_at', '<', now).execute();
    await this.db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  }
}
