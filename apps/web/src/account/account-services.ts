import {
  AuthClient,
  CloudApi,
  PreferenceSync,
  protocol,
  type CallbackOutcome,
  type PageAddress,
} from '@blockyard/cloud';
import type { Clock, HttpClient, KeyValueStore } from '@blockyard/core';

type ClientConfig = protocol.ClientConfig;
type UserProfile = protocol.UserProfile;
type IdentityProviderInfo = protocol.IdentityProviderInfo;
type UserPreferences = protocol.UserPreferences;

/** What the header shows: nothing (no server or sign-in off), a Sign in button, or the account. */
export type AccountState =
  | { status: 'unavailable' }
  | { status: 'signed-out'; providers: readonly IdentityProviderInfo[]; busy: boolean; problem: string | null }
  | { status: 'signed-in'; profile: UserProfile; busy: boolean };

export interface AccountServicesOptions {
  readonly http: HttpClient;
  readonly store: KeyValueStore;
  readonly clock: Pick<Clock, 'now'>;
  readonly page: PageAddress;
  readonly newStateKey: () => string;
  /** The desktop app signs in nowhere (spec 000 §5). */
  readonly desktopApp?: boolean;
  readonly log?: (message: string) => void;
  /**
   * Preference sync (spec 000 §9) on this clock: the preferences live here, signed in or not,
   * and follow the account while signed in. `language` is the default language.
   */
  readonly preferences?: { readonly clock: Clock; readonly language: string };
  /** Told the server's client config once it is read at start (null: no server answered). */
  readonly onClientConfig?: (config: ClientConfig | null) => void;
}

/** The target named in every account call. */
export const TARGET = 'microbit';

/**
 * The signed-in account for the screens: the server's client config, the sign-in callback at
 * start, sign-in and sign-out. A store for useSyncExternalStore.
 */
export class AccountServices {
  readonly api: CloudApi;
  readonly auth: AuthClient;
  /** The learner's preferences (none without `options.preferences`). */
  readonly preferences: PreferenceSync | null;
  private syncedUser: string | null = null;
  private config: ClientConfig | null = null;
  private busy = false;
  private problem: string | null = null;
  private state: AccountState = { status: 'unavailable' };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: AccountServicesOptions) {
    // The 401 handler needs the auth client, which needs the API: tied here.
    // eslint-disable-next-line prefer-const
    let auth: AuthClient | undefined;
    this.api = new CloudApi({
      http: options.http,
      baseUrl: '',
      target: TARGET,
      token: () => auth?.token() ?? null,
      onUnauthorized: () => auth?.clearUser(),
    });
    auth = new AuthClient({
      api: this.api,
      store: options.store,
      clock: options.clock,
      page: options.page,
      newStateKey: options.newStateKey,
      ...(options.log ? { log: options.log } : {}),
    });
    this.auth = auth;
    this.preferences = options.preferences
      ? new PreferenceSync({
          clock: options.preferences.clock,
          store: options.store,
          language: options.preferences.language,
          send: async (operations) => {
            await this.api.call('PATCH', '/api/user/preferences', operations);
          },
          // Spec 000 §8: reported as an identity error; PreferenceSync retries it.
          onError: (error) => this.options.log?.(`Could not save your settings to your account: ${message(error)}`),
        })
      : null;
    auth.subscribe(() => this.update());
  }

  getState = (): AccountState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** True when the page is the provider's callback: main finishes it before the router reads the address. */
  isCallback(): boolean {
    return new URL(this.options.page.href()).searchParams.get(protocol.AUTH_CALLBACK_PARAM) === '1';
  }

  /** Finishes a sign-in callback; failures leave the user signed out with a plain message. */
  async completeSignIn(): Promise<CallbackOutcome> {
    let outcome: CallbackOutcome;
    try {
      outcome = await this.auth.completeSignIn();
    } catch (error) {
      this.options.log?.(`Sign-in failed: ${message(error)}`);
      this.auth.clearUser();
      outcome = { kind: 'error', error: 'server_error', description: '' };
    }
    if (outcome.kind === 'error' || outcome.kind === 'rejected') this.problem = 'signInFailed';
    this.update();
    return outcome;
  }

  /** Loads the server's client config and, with a stored token, the profile. Never throws. */
  async start(): Promise<void> {
    try {
      this.config = await this.api.call<ClientConfig>('GET', '/api/clientconfig');
    } catch {
      this.config = null; // no server behind this page (static hosting) or it is down: no sign-in
    }
    this.options.onClientConfig?.(this.config);
    this.update();
    if (this.auth.token() !== null) {
      await this.auth.refreshProfile().catch((error: unknown) => {
        this.options.log?.(`Could not load the profile: ${message(error)}`);
      });
    }
    this.update();
  }

  async signIn(providerId: string): Promise<void> {
    this.problem = null;
    this.setBusy(true);
    try {
      await this.auth.signIn(providerId);
    } catch (error) {
      this.options.log?.(`Sign-in could not start: ${message(error)}`);
      this.problem = 'signInFailed';
      this.setBusy(false);
    }
  }

  async signOut(): Promise<void> {
    this.setBusy(true);
    // Settings changed just now go to the account first; if that fails they stay on this device.
    await this.preferences?.flush();
    await this.auth.signOut();
    this.setBusy(false);
  }

  dismissProblem(): void {
    this.problem = null;
    this.update();
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.update();
  }

  private update(): void {
    const profile = this.auth.profile();
    const providers = AuthClient.providers(this.config, this.options.desktopApp);
    let next: AccountState;
    if (this.auth.signedIn && profile) next = { status: 'signed-in', profile, busy: this.busy };
    else if (providers.length > 0) next = { status: 'signed-out', providers, busy: this.busy, problem: this.problem };
    else next = { status: 'unavailable' };
    this.state = next;
    this.followAccount(next);
    for (const listener of this.listeners) listener();
  }

  /** Starts preference sync when someone signs in, stops it when they sign out (or a 401 ends it). */
  private followAccount(state: AccountState): void {
    const user = state.status === 'signed-in' ? state.profile.id : null;
    if (!this.preferences || user === this.syncedUser) return;
    if (this.syncedUser !== null) this.preferences.stopSync();
    this.syncedUser = user;
    if (user !== null) void this.startPreferenceSync(user);
  }

  private async startPreferenceSync(user: string): Promise<void> {
    let server: UserPreferences | null = null;
    try {
      server = await this.api.call<UserPreferences>('GET', '/api/user/preferences');
    } catch (error) {
      // Offline or the server failed: carry on with this device's values and send changes later.
      this.options.log?.(`Could not load your settings from your account: ${message(error)}`);
    }
    if (this.syncedUser === user) this.preferences?.startSync(server);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
