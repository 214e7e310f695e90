import { sql, type Kysely, type Migration } from 'kysely';

// Accounts (identities, sign-in transactions, sessions, the local provider's records), cloud
// projects and their history, shared snapshots and their reports, rate counters and the
// shared storage of spec 001 §7. Every per-user row carries its owner's id and goes with them.

export const accountsAndSharing: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('identities')
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('display_name', 'text', (col) => col.notNull())
      .addColumn('username', 'text', (col) => col.notNull())
      .addColumn('picture', 'jsonb')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('identities_pkey', ['provider', 'subject'])
      .execute();
    await db.schema.createIndex('identities_user_idx').on('identities').column('user_id').execute();

    await db.schema
      .createTable('auth_logins')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('code_verifier', 'text', (col) => col.notNull())
      .addColumn('nonce', 'text', (col) => col.notNull())
      .addColumn('redirect_uri', 'text', (col) => col.notNull())
      .addColumn('persistent', 'boolean', (col) => col.notNull())
      .addColumn('verifier_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('verifier_hash', 'text', (col) => col.unique())
      .addColumn('cookie_hash', 'text')
      .addColumn('persistent', 'boolean', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('oidc_payloads')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('id', 'text', (col) => col.notNull())
      .addColumn('payload', 'jsonb', (col) => col.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'timestamptz')
      .addColumn('consumed_at', 'timestamptz')
      .addPrimaryKeyConstraint('oidc_payloads_pkey', ['kind', 'id'])
      .execute();
    await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').execute();
    await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').column('uid').execute();

    await db.schema
      .createTable('projects')
      .addColumn('owner_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('files', 'jsonb', (col) => col.notNull())
      .addColumn('revision', 'integer', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('deleted_at', 'timestamptz')
      .addPrimaryKeyConstraint('projects_pkey', ['owner_id', 'id'])
      .execute();

    await db.schema
      .createTable('project_versions')
      .addColumn('owner_id', 'uuid', (col) => col.notNull())
      .addColumn('project_id', 'text', (col) => col.notNull())
      .addColumn('revision', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('files', 'jsonb', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('saved_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('project_versions_pkey', ['owner_id', 'project_id', 'revision'])
      .addForeignKeyConstraint(
        'project_versions_project_fkey',
        ['owner_id', 'project_id'],
        'projects',
        ['owner_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();

    await db.schema
      .createTable('shared_scripts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('owner_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('editor', 'text', (col) => col.notNull())
      .addColumn('files', 'jsonb', (col) => col.notNull())
      .addColumn('thumbnail', 'text')
      .addColumn('history', 'jsonb')
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('unpublish_key_hash', 'text', (col) => col.notNull())
      .addColumn('publisher_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('unpublished_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('shared_scripts_owner_idx').on('shared_scripts').column('owner_id').execute();

    await db.schema
      .createTable('share_reports')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('script_id', 'text', (col) => col.notNull().references('shared_scripts.id').onDelete('cascade'))
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('details', 'text', (col) => col.notNull())
      .addColumn('reporter_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('share_reports_once_key', ['script_id', 'reporter_hash'])
      .execute();

    await db.schema
      .createTable('rate_counters')
      .addColumn('bucket', 'text', (col) => col.notNull())
      .addColumn('window_start', 'timestamptz', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('rate_counters_pkey', ['bucket', 'window_start'])
      .execute();

    await db.schema
      .createTable('shared_store')
      .addColumn('area', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('shared_store_pkey', ['area', 'key'])
      .execute();

    // Users made before identities existed keep theirs.
    await sql`
      insert into identities (provider, subject, user_id, display_name, username)
      select idp_provider, idp_subject, id, username, username from users
      on conflict do nothing
    `.execute(db);
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'shared_store',
      'rate_counters',
      'share_reports',
      'shared_scripts',
      'project_versions',
      'projects',
      'oidc_payloads',
      'sessions',
      'auth_logins',
      'identities',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
