import type { ApiLimits } from '@blockyard/cloud/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/index.ts';
import type { SessionStore } from '../auth/session-store.ts';
import type { SignInProvider } from '../auth/sign-in-provider.ts';
import type { QuotaCounter } from '../limits/quota-counter.ts';
import type { ServerSecrets } from './server-secrets.ts';

/** What the /api routes share. Everything stateful is in the database, never in this process. */
export interface ApiContext {
  readonly db: Kysely<Database>;
  /** Loaded from the database on first use (shared by every process). */
  readonly secrets: () => Promise<ServerSecrets>;
  readonly sessions: SessionStore;
  readonly quotas: QuotaCounter;
  readonly limits: ApiLimits;
  /** The address people reach the server at (known once it listens), without a trailing slash. */
  readonly publicUrl: () => string;
  /** Identity providers people can sign in with; empty when sign-in is off. */
  readonly providers: readonly SignInProvider[];
  /** The built web app (its `locales/` folder holds the translations). */
  readonly webDist: string;
  /** Our own content (`docs/*.md`). */
  readonly contentDir: string;
  readonly now: () => number;
}

/** Cookies get the Secure flag when people reach the server over https. */
export function secureCookies(context: Pick<ApiContext, 'publicUrl'>): boolean {
  return context.publicUrl().startsWith('https:');
}
