import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

// A Kysely dialect for an embedded PGlite database. PGlite is a single Postgres session, so the
// driver hands out one connection at a time: a transaction holds the session until it ends and
// other queries wait their turn instead of running inside someone else's transaction.

/** Commands whose row count Kysely reports as numAffectedRows (as its pg driver does). */
const countedCommands = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

export function createPGliteDialect(client: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(client),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class PGliteDriver implements Driver {
  readonly #client: PGlite;
  /** Settles when the connection currently handed out is released. */
  #turn: Promise<void> = Promise.resolve();
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(client: PGlite) {
    this.#client = client;
  }

  async init(): Promise<void> {
    await this.#client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#turn;
    let release!: () => void;
    this.#turn = new Promise((resolve) => (release = resolve));
    await previous;
    const connection = new PGliteConnection(this.#client);
    this.#releases.set(connection, release);
    return connection;
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#releases.get(connection)?.();
    this.#releases.delete(connection);
    return Promise.resolve();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const options = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter(Boolean);
    await connection.executeQuery(CompiledQuery.raw(['begin', ...options].join(' ')));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`));
  }

  async destroy(): Promise<void> {
    if (!this.#client.closed) await this.#client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #client: PGlite;

  constructor(client: PGlite) {
    this.#client = client;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#client.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const counted = result.command !== undefined && countedCommands.has(result.command.toUpperCase());
    return {
      rows: result.rows,
      numAffectedRows: counted ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over the wire protocol: run the query, then hand the rows out in chunks.
    const { rows } = await this.executeQuery<R>(compiledQuery);
    const size = Number.isInteger(chunkSize) && chunkSize > 0 ? chunkSize : 100;
    for (let start = 0; start < rows.length; start += size) yield { rows: rows.slice(start, start + size) };
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
