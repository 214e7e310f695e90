import type { ColumnType, Generated, JSONColumnType } from 'kysely';

// The database schema as Kysely sees it. It must match what the migrations build: add a
// migration first, then the columns here.

/** A timestamptz the database fills in by default; reads come back as Date on PGlite and pg. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Instance-wide facts and settings, one JSON value per key. */
interface AppMetaTable {
  key: string;
  /** Any JSON value; write it with JSON.stringify (both drivers accept a JSON string for jsonb). */
  value: ColumnType<unknown, string, string>;
  updated_at: UpdatedAt;
}

/** A person, as known to one identity provider. */
interface UsersTable {
  id: Generated<string>;
  username: string;
  avatar_url: string | null;
  /** Which identity provider vouches for this user, e.g. 'local' or 'github'. */
  idp_provider: string;
  /** The user's stable id at that provider; unique together with idp_provider. */
  idp_subject: string;
  created_at: CreatedAt;
}

type UserPreferences = Record<string, unknown>;

interface UserPreferencesTable {
  user_id: string;
  /** Write with JSON.stringify (both drivers accept a JSON string for jsonb). */
  preferences: JSONColumnType<UserPreferences>;
  updated_at: UpdatedAt;
}

/** A JSON column: reads come back parsed, writes take JSON text (JSON.stringify). */
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** How a user signs in: one row per account at an identity provider. */
interface IdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  display_name: string;
  username: string;
  /** The provider's picture, copied in at sign-in (never loaded from the provider by browsers). */
  picture: NullableJson<{ mimeType: string; encoded: string }>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A sign-in on its way through the identity provider; its id is the state sent there. */
interface AuthLoginsTable {
  id: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  persistent: boolean;
  /** SHA-256 of the authCodeVerifier handed to the browser (it claims the session with it). */
  verifier_hash: string;
  created_at: CreatedAt;
  expires_at: Date | string;
}

/** A signed-in browser. Only hashes of its secrets are stored. */
interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  /** Until claimed through /api/otac/check; null afterwards. */
  verifier_hash: string | null;
  /** Set when claimed: the cookie that must come with the token. */
  cookie_hash: string | null;
  persistent: boolean;
  created_at: CreatedAt;
  expires_at: Date | string;
}

/** The local identity provider's records (sessions, codes, grants, interactions), by kind. */
interface OidcPayloadsTable {
  kind: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | string | null;
  consumed_at: Date | string | null;
}

/** A user's project in the cloud. Its id is chosen by the first device that uploaded it. */
export interface ProjectsTable {
  owner_id: string;
  id: string;
  name: string;
  files: Json<Record<string, string>>;
  /** Grows by one with every saved change (compare-and-set). */
  revision: number;
  /** Total characters of the files. */
  size: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: Date | string | null;
}

interface ProjectVersionsTable {
  owner_id: string;
  project_id: string;
  revision: number;
  name: string;
  files: Json<Record<string, string>>;
  size: number;
  saved_at: CreatedAt;
}

/** A published, immutable snapshot of a project (spec 001 §5 script id). */
interface SharedScriptsTable {
  id: string;
  /** The signed-in publisher; null for anonymous shares. */
  owner_id: string | null;
  name: string;
  description: string;
  editor: string;
  files: Json<Record<string, string>>;
  thumbnail: string | null;
  history: NullableJson<Array<{ time: number; name: string; files: Record<string, string> }>>;
  size: number;
  unpublish_key_hash: string;
  /** A keyed hash of the publisher's address, for abuse limits; never the address itself. */
  publisher_hash: string;
  created_at: CreatedAt;
  unpublished_at: Date | string | null;
}

interface ShareReportsTable {
  id: Generated<string>;
  script_id: string;
  reason: string;
  details: string;
  reporter_hash: string;
  created_at: CreatedAt;
}

/** Fixed-window counters shared by every server process (rate limits and quotas). */
interface RateCountersTable {
  bucket: string;
  window_start: Date | string;
  count: number;
}

/** Spec 001 §7 shared storage (the local development store on port 3232). */
interface SharedStoreTable {
  area: string;
  key: string;
  type: string;
  value: string;
  updated_at: UpdatedAt;
}

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  user_preferences: UserPreferencesTable;
  identities: IdentitiesTable;
  auth_logins: AuthLoginsTable;
  sessions: SessionsTable;
  oidc_payloads: OidcPayloadsTable;
  projects: ProjectsTable;
  project_versions: ProjectVersionsTable;
  shared_scripts: SharedScriptsTable;
  share_reports: ShareReportsTable;
  rate_counters: RateCountersTable;
  shared_store: SharedStoreTable;
}
