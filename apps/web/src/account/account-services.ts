import { AuthClient, CloudApi, protocol, type CallbackOutcome, type PageAddress } from '@blockyard/cloud';
import type { Clock, HttpClient, KeyValueStore } from '@blockyard/core';

type ClientConfig = protocol.ClientConfig;
type UserProfile = protocol.UserProfile;
type IdentityProviderInfo = protocol.IdentityProviderInfo;

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
      this.options.log?.(`Sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
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
    this.update();
    if (this.auth.token() !== null) {
      await this.auth.refreshProfile().catch((error: unknown) => {
        this.options.log?.(`Could not load the profile: ${error instanceof Error ? error.message : String(error)}`);
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
      this.options.log?.(`Sign-in could not start: ${error instanceof Error ? error.message : String(error)}`);
      this.problem = 'signInFailed';
      this.setBusy(false);
    }
  }

  async signOut(): Promise<void> {
    this.setBusy(true);
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
    for (const listener of this.listeners) listener();
  }
}
