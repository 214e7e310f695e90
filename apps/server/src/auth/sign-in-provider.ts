import * as oidc from 'openid-client';

/** Who the identity provider says signed in. */
export interface IdentityClaims {
  /** The provider's stable id for the person. */
  subject: string;
  displayName: string;
  username: string;
  /** The provider's picture address, if it gave one (copied in, never shown from there). */
  pictureUrl?: string;
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Ask the provider to show its account picker (spec 000 §4: after a sign-out). */
  selectAccount: boolean;
}

/** A configured identity provider, as the sign-in routes use it. */
export interface SignInProvider {
  readonly id: string;
  readonly displayName: string;
  /** The provider's sign-in page for this request. */
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /** Checks the provider's answer (state, nonce, PKCE, signature) and returns who signed in. */
  finish(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<IdentityClaims>;
}

export interface OidcSignInOptions {
  id: string;
  displayName: string;
  /** The issuer's address (its discovery document is at `{issuer}/.well-known/openid-configuration`). */
  issuer: () => string;
  clientId: string;
  clientSecret: () => string | Promise<string>;
  /** Our callback, `{publicUrl}/api/auth/callback`. */
  redirectUri: () => string;
  /** Lets the server reach an issuer on this very server by its listening address. */
  fetch?: oidc.CustomFetch;
}

/**
 * OpenID Connect authorization code flow with PKCE, through `openid-client`. The provider's
 * metadata is discovered on first use and kept (each server process discovers it for itself).
 */
export class OidcSignIn implements SignInProvider {
  readonly id: string;
  readonly displayName: string;
  #config: Promise<oidc.Configuration> | undefined;

  constructor(private readonly options: OidcSignInOptions) {
    this.id = options.id;
    this.displayName = options.displayName;
  }

  private configuration(): Promise<oidc.Configuration> {
    if (!this.#config) {
      const issuer = new URL(this.options.issuer());
      const local = issuer.protocol === 'http:';
      const discoveryOptions: oidc.DiscoveryRequestOptions = {
        ...(local ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(this.options.fetch ? { [oidc.customFetch]: this.options.fetch } : {}),
      };
      this.#config = Promise.resolve(this.options.clientSecret())
        .then((secret) => oidc.discovery(issuer, this.options.clientId, secret, undefined, discoveryOptions))
        .catch((error: unknown) => {
          this.#config = undefined; // try again next time
          throw error;
        });
    }
    return this.#config;
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<string> {
    const config = await this.configuration();
    const parameters: Record<string, string> = {
      redirect_uri: this.options.redirectUri(),
      scope: 'openid profile',
      state: request.state,
      nonce: request.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (request.selectAccount) parameters.prompt = 'select_account';
    return oidc.buildAuthorizationUrl(config, parameters).href;
  }

  async finish(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<IdentityClaims> {
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The identity provider sent no ID token.');
    const text = (value: unknown): string | undefined =>
      typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
    const username = text(claims.preferred_username) ?? text(claims.nickname) ?? text(claims.given_name);
    const displayName = text(claims.name) ?? username ?? 'Learner';
    const picture = text(claims.picture);
    return {
      subject: claims.sub,
      displayName,
      username: username ?? displayName,
      ...(picture ? { pictureUrl: picture } : {}),
    };
  }
}
