import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A Kysely handle for a database that is still opening (main listens before the embedded
 * database is ready). It forwards to the real one once open; before that every use throws, so
 * callers must wait for the opening first (app.ts holds /api requests until it is done).
 */
export function deferredDatabase(opening: Promise<{ db: Kysely<Database> }>): Kysely<Database> {
  let real: Kysely<Database> | undefined;
  opening.then(
    (database) => (real = database.db),
    () => undefined, // main reports the failure and stops the server
  );
  return new Proxy({} as Kysely<Database>, {
    get(_target, property) {
      if (!real) throw new Error('The database is still opening.');
      const value: unknown = Reflect.get(real, property, real);
      // Kysely keeps its state in private fields, so methods must run on the real instance.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real) : value;
    },
  });
}
