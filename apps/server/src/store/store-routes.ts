import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { ApiError } from '../api/api-error.ts';
import { parseInput } from '../api/validate.ts';
import type { Database } from '../database/index.ts';

/** Characters of one stored value. */
const MAX_STORE_VALUE = 1_000_000;

const keyParams = v.object({
  area: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'not an area name')),
  key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'not a key')),
});

const storeBody = v.object({
  type: v.picklist(['json', 'text']),
  val: v.unknown(),
});

/**
 * Spec 001 §7 shared storage: GET (204 when missing), POST `{ type, val }` and DELETE on
 * `/api/store/{area}/{key}`. Values live in the database, so every process sees the same store.
 */
export function registerStoreRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get('/api/store/:area/:key', async (request, reply) => {
    const { area, key } = parseInput(keyParams, request.params, 'storage address');
    const row = await db
      .selectFrom('shared_store')
      .select(['type', 'value'])
      .where('area', '=', area)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return reply.code(204).send();
    return row.type === 'json'
      ? reply.type('application/json; charset=utf-8').send(row.value)
      : reply.type('text/plain; charset=utf-8').send(row.value);
  });

  app.post('/api/store/:area/:key', { bodyLimit: MAX_STORE_VALUE * 2 }, async (request) => {
    const { area, key } = parseInput(keyParams, request.params, 'storage address');
    const body = parseInput(storeBody, request.body, 'stored value');
    const value =
      body.type === 'json'
        ? JSON.stringify(body.val ?? null)
        : typeof body.val === 'string'
          ? body.val
          : JSON.stringify(body.val ?? '');
    if (value.length > MAX_STORE_VALUE) throw new ApiError(413, 'That value is too big to store.', 'too-large');
    await db
      .insertInto('shared_store')
      .values({ area, key, type: body.type, value })
      .onConflict((oc) => oc.columns(['area', 'key']).doUpdateSet({ type: body.type, value, updated_at: new Date() }))
      .execute();
    return { stored: true };
  });

  app.delete('/api/store/:area/:key', async (request) => {
    const { area, key } = parseInput(keyParams, request.params, 'storage address');
    await db.deleteFrom('shared_store').where('area', '=', area).where('key', '=', key).execute();
    return { deleted: true };
  });
}
