import type { ColumnType, Generated, JSONColumnType } from 'kysely';

// The database schema as Kysely sees it. It must match what the migrations build: add a
// migration first, then the columns here.

/** A timestamptz the database fills in by default; reads come back as Date on PGlite and pg. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Instance-wide facts and settings, one JSON value per key. */
export interface AppMetaTable {
  key: string;
  /** Any JSON value; write it with JSON.stringify (both drivers accept a JSON string for jsonb). */
  value: ColumnType<unknown, string, string>;
  updated_at: UpdatedAt;
}

/** A person, as known to one identity provider. */
export interface UsersTable {
  id: Generated<string>;
  username: string;
  avatar_url: string | null;
  /** Which identity provider vouches for this user, e.g. 'local' or 'github'. */
  idp_provider: string;
  /** The user's stable id at that provider; unique together with idp_provider. */
  idp_subject: string;
  created_at: CreatedAt;
}

export type UserPreferences = Record<string, unknown>;

export interface UserPreferencesTable {
  user_id: string;
  /** Write with JSON.stringify (both drivers accept a JSON string for jsonb). */
  preferences: JSONColumnType<UserPreferences>;
  updated_at: UpdatedAt;
}

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  user_preferences: UserPreferencesTable;
}
