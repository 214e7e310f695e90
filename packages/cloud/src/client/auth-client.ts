import type { Clock, KeyValueStore } from '@blockyard/core';
import {
  AUTH_CALLBACK_PARAM,
  type ClientConfig,
  type LoginResponse,
  type LogoutResponse,
  type UserProfile,
} from '../protocol/api-types.ts';
import { LOGOUT_PATH, type CloudApi } from './cloud-api.ts';
import { parseUrl, queryString } from './web-url.ts';

/** Spec 000 §9: after a sign-out the next sign-in shows the account picker for this long. */
export const ACCOUNT_PICKER_AFTER_SIGN_OUT_MS = 60_000;

export const AUTH_STORAGE_KEYS = {
  /** The sign-in under way (spec 000 §3 "pending sign-in state"). */
  pending: 'blockyard.auth.pending',
  token: 'blockyard.auth.token',
  /** The signed-in user's profile (the user state; preferences are kept by PreferenceSync). */
  profile: 'blockyard.auth.profile',
  interactiveLoginUntil: 'blockyard.auth.interactiveLoginUntil',
} as const;

/** What is saved before the browser leaves for the provider, to check and finish the callback. */
export interface PendingSignIn {
  key: string;
  /** The page's query parameters and hash, restored after the sign-in. */
  callbackState: { hash: string; params: Record<string, string> };
  callbackPathname: string;
  idp: string;
  persistent: boolean;
  authCodeVerifier?: string;
}

/** The page address as an effect: read it, leave for another site, or rewrite it in place. */
export interface PageAddress {
  href(): string;
  /** Leaves the page (the provider's sign-in page). */
  assign(url: string): void;
  /** Changes the address without loading a page (history.replaceState). */
  replace(url: string): void;
}

export type CallbackOutcome =
  | { kind: 'none' }
  /** The stored state was missing or differed: nothing was stored. */
  | { kind: 'rejected'; reason: string }
  /** The provider or server reported an error; the user is back at the default location. */
  | { kind: 'error'; error: string; description: string }
  | { kind: 'no-token' }
  | { kind: 'signed-in'; profile: UserProfile };

export interface AuthClientOptions {
  readonly api: CloudApi;
  readonly store: KeyValueStore;
  readonly clock: Pick<Clock, 'now'>;
  readonly page: PageAddress;
  /** A fresh unguessable key for the sign-in state. */
  readonly newStateKey: () => string;
  /** Where the user goes when a callback is refused or failed (spec 000 §5). */
  readonly defaultLocation?: string;
  readonly log?: (message: string) => void;
}

/** Callback parameters that never survive into the restored address. */
const CALLBACK_PARAMS = [AUTH_CALLBACK_PARAM, 'state', 'token', 'error', 'error_description'];

/**
 * The sign-in of spec 000 §2-§5 on injected effects: start (state saved, then redirect), the
 * callback (state checked, session claimed, address restored), sign-out, and 401 handling.
 */
export class AuthClient {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: AuthClientOptions) {}

  /** Signed in: a token is stored and the profile has an id (spec 000 §4). */
  get signedIn(): boolean {
    return this.token() !== null && Boolean(this.profile()?.id);
  }

  token(): string | null {
    return this.options.store.get(AUTH_STORAGE_KEYS.token);
  }

  profile(): UserProfile | null {
    const saved = this.options.store.get(AUTH_STORAGE_KEYS.profile);
    if (!saved) return null;
    try {
      return JSON.parse(saved) as UserProfile;
    } catch {
      return null;
    }
  }

  /** Calls `listener` whenever the account state changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The providers a person can sign in with here (spec 000 §5): none when auth is off or in the desktop app. */
  static providers(config: ClientConfig | null, desktopApp = false): ClientConfig['identityProviders'] {
    if (!config?.authEnabled || desktopApp) return [];
    return config.identityProviders.filter((provider) => provider.identity).sort((a, b) => a.order - b.order);
  }

  /** The prompt of the next sign-in: the account picker within 60 s of a sign-out, else silent. */
  prompt(): 'select_account' | 'silent' {
    const until = Number(this.options.store.get(AUTH_STORAGE_KEYS.interactiveLoginUntil) ?? 0);
    return this.options.clock.now() < until ? 'select_account' : 'silent';
  }

  /** Starts a sign-in: saves the state key, asks the server for the provider's page, goes there. */
  async signIn(providerId: string, persistent = true): Promise<void> {
    const here = parseUrl(this.options.page.href());
    const params: Record<string, string> = {};
    here.searchParams.forEach((value, name) => {
      if (!CALLBACK_PARAMS.includes(name)) params[name] = value;
    });
    const pending: PendingSignIn = {
      key: this.options.newStateKey(),
      callbackState: { hash: here.hash, params },
      callbackPathname: here.pathname,
      idp: providerId,
      persistent,
    };
    // Saved before anything else: the callback is refused without it.
    this.savePending(pending);
    const redirect = `${here.origin}${here.pathname}?${queryString({ [AUTH_CALLBACK_PARAM]: '1', state: pending.key })}`;
    const query = queryString({
      response_type: 'token',
      provider: providerId,
      persistent: String(persistent),
      redirect_uri: redirect,
      prompt: this.prompt(),
    });
    const login = await this.options.api.call<LoginResponse>('GET', `/api/auth/login?${query}`);
    this.savePending({ ...pending, authCodeVerifier: login.authCodeVerifier });
    this.options.page.assign(login.loginUrl);
  }

  /** Finishes a sign-in when the page is the provider's callback; call once at start-up. */
  async completeSignIn(): Promise<CallbackOutcome> {
    const here = parseUrl(this.options.page.href());
    if (here.searchParams.get(AUTH_CALLBACK_PARAM) !== '1') return { kind: 'none' };
    const pending = this.takePending();
    const state = here.searchParams.get('state');
    if (!pending || !state || pending.key !== state) {
      const reason = pending ? 'its state does not match this browser’s sign-in' : 'no sign-in was started here';
      this.log(`Sign-in callback ignored: ${reason}.`);
      this.options.page.replace(this.withoutCallbackParams(here.href));
      return { kind: 'rejected', reason };
    }
    const error = here.searchParams.get('error');
    if (error) {
      const description = here.searchParams.get('error_description') ?? '';
      this.log(`Sign-in failed: ${error}${description ? ` (${description})` : ''}`);
      this.options.page.replace(this.options.defaultLocation ?? '/');
      return { kind: 'error', error, description };
    }
    const restored = this.restoredAddress(here.origin, pending);
    const token = here.searchParams.get('token');
    if (!token || !pending.authCodeVerifier) {
      this.options.page.replace(restored);
      return { kind: 'no-token' };
    }
    // The verifier proves this browser started the sign-in; the answer sets the session cookie.
    await this.options.api.call(
      'POST',
      `/api/otac/check?${queryString({ persistent: String(pending.persistent) })}`,
      undefined,
      {
        bearer: pending.authCodeVerifier,
      },
    );
    this.options.store.set(AUTH_STORAGE_KEYS.token, token);
    this.options.page.replace(restored);
    const profile = await this.refreshProfile();
    if (!profile) return { kind: 'no-token' };
    return { kind: 'signed-in', profile };
  }

  /** Loads the profile of the stored token (null when signed out or the session ended). */
  async refreshProfile(): Promise<UserProfile | null> {
    if (this.token() === null) return null;
    const profile = await this.options.api.call<UserProfile>('GET', '/api/user/profile');
    if (this.token() === null) return null; // signed out meanwhile
    this.options.store.set(AUTH_STORAGE_KEYS.profile, JSON.stringify(profile));
    this.notify();
    return profile;
  }

  /**
   * Signs out: the server ends the session (best effort), the token and user state go, and the
   * next sign-in within 60 s shows the account picker.
   */
  async signOut(): Promise<void> {
    const here = parseUrl(this.options.page.href());
    const query = queryString({ redirect_uri: `${here.origin}${here.pathname}${here.hash}`, authcallback: '1' });
    try {
      await this.options.api.call<LogoutResponse>('GET', `${LOGOUT_PATH}?${query}`);
    } catch (error) {
      this.log(`Sign-out: the server could not be told (${error instanceof Error ? error.message : String(error)}).`);
    }
    this.options.store.set(
      AUTH_STORAGE_KEYS.interactiveLoginUntil,
      String(this.options.clock.now() + ACCOUNT_PICKER_AFTER_SIGN_OUT_MS),
    );
    this.clearUser();
  }

  /** Forgets the token and the user state (sign-out, a deleted account, any 401). */
  clearUser(): void {
    const had = this.token() !== null || this.profile() !== null;
    this.options.store.remove(AUTH_STORAGE_KEYS.token);
    this.options.store.remove(AUTH_STORAGE_KEYS.profile);
    if (had) this.notify();
  }

  private restoredAddress(origin: string, pending: PendingSignIn): string {
    const query = queryString(pending.callbackState.params);
    return `${origin}${pending.callbackPathname}${query ? `?${query}` : ''}${pending.callbackState.hash}`;
  }

  private withoutCallbackParams(href: string): string {
    const url = parseUrl(href);
    for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
    const query = url.searchParams.toString();
    return `${url.origin}${url.pathname}${query ? `?${query}` : ''}${url.hash}`;
  }

  private savePending(pending: PendingSignIn): void {
    this.options.store.set(AUTH_STORAGE_KEYS.pending, JSON.stringify(pending));
  }

  private takePending(): PendingSignIn | null {
    const saved = this.options.store.get(AUTH_STORAGE_KEYS.pending);
    this.options.store.remove(AUTH_STORAGE_KEYS.pending);
    if (!saved) return null;
    try {
      const pending = JSON.parse(saved) as PendingSignIn;
      return typeof pending.key === 'string' && pending.key !== '' ? pending : null;
    } catch {
      return null;
    }
  }

  private log(message: string): void {
    this.options.log?.(message);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
