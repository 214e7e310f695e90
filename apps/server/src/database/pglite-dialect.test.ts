import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPGliteDialect } from './pglite-dialect.ts';

interface TestDb {
  items: { id: number; label: string };
}

describe('the PGlite dialect', () => {
  let db: Kysely<TestDb>;

  beforeAll(async () => {
    db = new Kysely<TestDb>({ dialect: createPGliteDialect(await PGlite.create('memory://')) });
    await sql`create table items (id int primary key, label text not null)`.execute(db);
  }, 60_000);
  afterAll(() => db.destroy());

  const labels = async () => (await db.selectFrom('items').select('label').orderBy('id').execute()).map((r) => r.label);

  it('reports affected rows like the pg driver', async () => {
    const inserted = await db
      .insertInto('items')
      .values([
        { id: 1, label: 'a' },
        { id: 2, label: 'b' },
      ])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    const updated = await db.updateTable('items').set({ label: 'c' }).where('id', '<', 10).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('items').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });

  it('keeps queries made while a transaction is open out of it', async () => {
    let insideStarted!: () => void;
    const started = new Promise<void>((resolve) => (insideStarted = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('items').values({ id: 3, label: 'rolled back' }).execute();
        insideStarted();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch((error: unknown) => error);
    await started;
    // Issued while the transaction is open: it must wait, then commit on its own.
    await db.insertInto('items').values({ id: 4, label: 'outside' }).execute();
    expect(await transaction).toEqual(new Error('roll back'));
    expect(await labels()).toEqual(['outside']);
    await db.deleteFrom('items').execute();
  });

  it('supports savepoints', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('items').values({ id: 5, label: 'kept' }).execute();
    const nested = await trx.savepoint('before "risky"').execute();
    await nested.insertInto('items').values({ id: 6, label: 'undone' }).execute();
    await nested.rollbackToSavepoint('before "risky"').execute();
    const released = await trx.savepoint('second').execute();
    await released.insertInto('items').values({ id: 7, label: 'also kept' }).execute();
    await released.releaseSavepoint('second').execute();
    await trx.commit().execute();
    expect(await labels()).toEqual(['kept', 'also kept']);
    await db.deleteFrom('items').execute();
  });

  it('streams rows in chunks', async () => {
    await db
      .insertInto('items')
      .values(Array.from({ length: 5 }, (_, i) => ({ id: 10 + i, label: `n${i}` })))
      .execute();
    const seen: string[] = [];
    for await (const row of db.selectFrom('items').select('label').orderBy('id').stream(2)) seen.push(row.label);
    expect(seen).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    await db.deleteFrom('items').execute();
  });

  it('sets transaction isolation and access mode', async () => {
    await expect(
      db
        .transaction()
        .setAccessMode('read only')
        .execute((trx) => trx.insertInto('items').values({ id: 20, label: 'x' }).execute()),
    ).rejects.toThrow(/read-only transaction/);
    const level = await db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(
        async (trx) =>
          (await sql<{ transaction_isolation: string }>`show transaction_isolation`.execute(trx)).rows[0]
            ?.transaction_isolation,
      );
    expect(level).toBe('serializable');
  });
});
