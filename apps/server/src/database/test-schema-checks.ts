import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Writes and reads every table of the current schema, checking the types that come back. Shared
 * by the PGlite and the PostgreSQL tests, so both drivers are held to the same behaviour.
 */
export async function exerciseSchema(db: Kysely<Database>): Promise<void> {
  const user = await db
    .insertInto('users')
    .values({ username: 'ada', avatar_url: null, idp_provider: 'local', idp_subject: 'ada-1' })
    .returningAll()
    .executeTakeFirstOrThrow();
  expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(user.created_at).toBeInstanceOf(Date);
  expect(user.avatar_url).toBeNull();

  // One account per identity at a provider.
  await expect(
    db.insertInto('users').values({ username: 'ada again', idp_provider: 'local', idp_subject: 'ada-1' }).execute(),
  ).rejects.toThrow(/unique|duplicate/i);

  await db
    .insertInto('user_preferences')
    .values({ user_id: user.id, preferences: JSON.stringify({ theme: 'dark', zoom: 1.5, recent: ['a', 'b'] }) })
    .execute();
  const prefs = await db
    .selectFrom('user_preferences')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  expect(prefs.preferences).toEqual({ theme: 'dark', zoom: 1.5, recent: ['a', 'b'] });
  expect(prefs.updated_at).toBeInstanceOf(Date);

  const updated = await db
    .updateTable('user_preferences')
    .set({ preferences: JSON.stringify({ theme: 'light' }), updated_at: new Date() })
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  expect(updated.numUpdatedRows).toBe(1n);

  await db
    .insertInto('app_meta')
    .values({ key: 'greeting', value: JSON.stringify('hello') })
    .execute();
  const meta = await db.selectFrom('app_meta').select('value').where('key', '=', 'greeting').executeTakeFirstOrThrow();
  expect(meta.value).toBe('hello');

  // Deleting a user deletes their preferences.
  const deleted = await db.deleteFrom('users').where('id', '=', user.id).executeTakeFirst();
  expect(deleted.numDeletedRows).toBe(1n);
  expect(await db.selectFrom('user_preferences').selectAll().execute()).toEqual([]);
  await db.deleteFrom('app_meta').where('key', '=', 'greeting').execute();
}
