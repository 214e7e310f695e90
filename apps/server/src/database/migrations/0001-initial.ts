import { sql, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<unknown>: they run against whatever schema existed before them, not
// against today's Database interface.

/** The first schema: instance metadata, users and their preferences. */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('app_meta')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('value', 'jsonb', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('username', 'text', (col) => col.notNull())
      .addColumn('avatar_url', 'text')
      .addColumn('idp_provider', 'text', (col) => col.notNull())
      .addColumn('idp_subject', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('users_idp_identity_key', ['idp_provider', 'idp_subject'])
      .execute();

    await db.schema
      .createTable('user_preferences')
      .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('preferences', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('user_preferences').execute();
    await db.schema.dropTable('users').execute();
    await db.schema.dropTable('app_meta').execute();
  },
};
