import type { FastifyInstance } from 'fastify';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type HealthResponse } from './app.ts';
import { latestMigrationName, openDatabase, type Database, type OpenDatabase } from './database/index.ts';
import { contentSecurityPolicy, simulatorContentSecurityPolicy } from './security-headers.ts';

const missingWebDist = join(import.meta.dirname, 'no-such-web-dist');
const config = { webDist: missingWebDist, logLevel: 'silent' as const };

describe('GET /api/health', () => {
  let database: OpenDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    app = await buildApp({ config, database, version: '1.2.3' });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('reports the version, the database kind and its newest migration', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<HealthResponse>()).toEqual({
      status: 'ok',
      version: '1.2.3',
      database: { kind: 'pglite', ok: true, migrations: latestMigrationName },
    });
  });

  it('sends the security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  // Issue 21: a program loaded plain JavaScript through a blob: script.
  it('allows no blob: scripts and no string evaluation on any page, the simulator its own policy', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/health' });
    const sim = await app.inject({ method: 'GET', url: '/sim/#frame', headers: { accept: 'text/html' } });
    const policies = [page, sim].map((r) => String(r.headers['content-security-policy']));
    expect(policies[1]).toBe(simulatorContentSecurityPolicy);
    // The page connects to itself, and to GitHub's raw files for tutorial links only.
    expect(/connect-src ([^;]*)/.exec(policies[0]!)?.[1]).toBe("'self' data: blob: https://raw.githubusercontent.com");
    for (const policy of policies) {
      const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scripts).not.toMatch(/blob:|data:|'unsafe-eval'|'unsafe-inline'|\*/);
    }
    // The simulator page may start blob: workers (the program's), which inherit its policy:
    // no connections, no frames.
    expect(policies[1]).toContain('worker-src blob:');
    expect(policies[1]).toContain("connect-src 'none'");
    expect(policies[0]).not.toMatch(/worker-src[^;]*blob:/);
  });

  it('answers unknown /api routes with a JSON 404, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/projects'],
      ['GET', '/api'],
      ['DELETE', '/api/health/x?y=1'],
    ] as const) {
      const response = await app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'There is nothing at this API address.',
        code: 'no-route',
      });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('GET /api/health while the database opens', () => {
  it('waits until the database is open, then answers ok', async () => {
    let finish: (database: OpenDatabase) => void = () => undefined;
    const opening = new Promise<OpenDatabase>((resolve) => (finish = resolve));
    const app = await buildApp({ config, database: { kind: 'pglite', opening }, version: '1.2.3' });
    let settled = false;
    const pending = app.inject({ method: 'GET', url: '/api/health' }).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);

    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    finish(database);
    const after = await pending;
    expect(after.statusCode).toBe(200);
    expect(after.json<HealthResponse>().status).toBe('ok');
    await app.close();
    await database.close();
  }, 60_000);
});

describe('the API while the database opens', () => {
  it('holds /api requests until the database is open, then answers them', async () => {
    let finish: (database: OpenDatabase) => void = () => undefined;
    const opening = new Promise<OpenDatabase>((resolve) => (finish = resolve));
    const app = await buildApp({ config, database: { kind: 'pglite', opening }, version: '1.2.3' });
    let settled = false;
    const pending = app.inject({ method: 'GET', url: '/api/_aaaaaaaaaaaa' }).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);

    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    finish(database);
    const response = await pending;
    expect(response.statusCode).toBe(404);
    await app.close();
    await database.close();
  }, 60_000);

  it('answers 503 with a plain message when the database could not be opened', async () => {
    const opening = Promise.reject(new Error('disk on fire'));
    opening.catch(() => undefined);
    const app = await buildApp({ config, database: { kind: 'pglite', opening }, version: '1.2.3' });
    const response = await app.inject({ method: 'GET', url: '/api/_aaaaaaaaaaaa' });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toMatch(/could not open its database/);
    await app.close();
  });
});

describe('GET /api/health when the database fails', () => {
  it('answers 503 with the error once the database is gone', async () => {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    const app = await buildApp({ config, database, version: '1.2.3' });
    await database.close();

    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    const body = response.json<HealthResponse>();
    expect(body).toMatchObject({ status: 'error', version: '1.2.3', database: { kind: 'pglite', ok: false } });
    expect('error' in body.database && body.database.error).toMatch(/\S/);
    await app.close();
  }, 60_000);

  it('answers 503 when the database does not answer in time', async () => {
    const stuck: Driver = {
      init: () => Promise.resolve(),
      acquireConnection: () => new Promise<DatabaseConnection>(() => undefined),
      beginTransaction: () => Promise.resolve(),
      commitTransaction: () => Promise.resolve(),
      rollbackTransaction: () => Promise.resolve(),
      releaseConnection: () => Promise.resolve(),
      destroy: () => Promise.resolve(),
    };
    const db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => stuck,
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const app = await buildApp({ config, database: { db, kind: 'postgres' }, version: '1.2.3', healthTimeoutMs: 50 });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'error',
      version: '1.2.3',
      database: { kind: 'postgres', ok: false, error: 'no answer within 50 ms' },
    });
    await app.close();
  });
});
