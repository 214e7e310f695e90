import type { ClientConfig } from '@blockyard/cloud/protocol';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSharedStoreServer, type SharedStoreServer } from '../src/store/store-server.ts';
import { call, startTestApi, type TestApi } from './support/api-harness.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';

const bigTranslations = JSON.stringify(
  Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`string${i}`, `Un texte traduit numéro ${i}`])),
);

describe('clientconfig, translations, docs markdown and shared storage', () => {
  let db: TestDatabase;
  let api: TestApi;
  const webDist = mkdtempSync(join(tmpdir(), 'blockyard-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDist, 'locales', 'de'), { recursive: true });
    writeFileSync(join(webDist, 'locales', 'de', 'translation.json'), JSON.stringify({ app: { name: 'Blockyard' } }));
    mkdirSync(join(webDist, 'locales', 'fr'), { recursive: true });
    writeFileSync(join(webDist, 'locales', 'fr', 'translation.json'), bigTranslations);
    db = await openTestDatabase('pglite');
    api = await startTestApi(db.database, { webDist });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await db?.dispose();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('tells the client how to sign in and the limits', async () => {
    const config = (await call(api.app, undefined, 'GET', '/api/clientconfig')).json<ClientConfig>();
    expect(config).toMatchObject({
      primaryCdnUrl: 'http://localhost:3000',
      authEnabled: true,
      identityProviders: [{ id: 'local', order: 0, identity: true, displayName: 'Blockyard demo accounts' }],
      sharedStoreUrl: null,
    });
    expect(config.limits.maxPatchOperations).toBe(200);
  });

  it('serves translations with an ETag and answers 304 when unchanged', async () => {
    const first = await call(
      api.app,
      undefined,
      'GET',
      '/api/translations?lang=de&filename=translation.json&approved=true',
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ app: { name: 'Blockyard' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const second = await call(
      api.app,
      undefined,
      'GET',
      '/api/translations?lang=de&filename=translation.json&approved=true',
      {
        headers: { 'if-none-match': etag },
      },
    );
    expect(second.statusCode).toBe(304);
    expect(
      (await call(api.app, undefined, 'GET', '/api/translations?lang=xx&filename=translation.json')).statusCode,
    ).toBe(404);
    // A large file goes compressed to a browser that takes Brotli, with the same ETag.
    const big = await call(api.app, undefined, 'GET', '/api/translations?lang=fr&filename=translation.json', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toContain('accept-encoding');
    expect(big.rawPayload.length).toBeLessThan(bigTranslations.length / 3);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toEqual(JSON.parse(bigTranslations));
    expect(big.headers.etag).toBe(
      (await call(api.app, undefined, 'GET', '/api/translations?lang=fr&filename=translation.json')).headers.etag,
    );
    expect((await call(api.app, undefined, 'GET', '/api/translations?lang=de&filename=../../x.json')).statusCode).toBe(
      400,
    );
  });

  it('serves docs markdown of our target with an ETag', async () => {
    const page = await call(api.app, undefined, 'GET', '/api/md/microbit/hello');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/markdown/);
    expect(page.body).toContain('# Hello');
    const again = await call(api.app, undefined, 'GET', '/api/md/microbit/hello', {
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await call(api.app, undefined, 'GET', '/api/md/arcade/hello')).statusCode).toBe(404);
    expect((await call(api.app, undefined, 'GET', '/api/md/microbit/..%2F..%2Fpackage')).statusCode).toBe(400);
  });

  describe('the shared storage dev server (spec 001 §7)', () => {
    let store: SharedStoreServer | null;
    const warnings: string[] = [];

    beforeAll(async () => {
      store = await startSharedStoreServer({
        db: db.database.db,
        port: 0,
        host: '127.0.0.1',
        allowedOrigins: () => ['http://localhost:3000'],
        onWarning: (message) => warnings.push(message),
      });
    });
    afterAll(() => store?.close());

    it('stores json and text, answers 204 for missing keys, deletes, and lets only the app origin in', async () => {
      if (!store) throw new Error('no store');
      const url = `${store.url.replace('localhost', '127.0.0.1')}/api/store/skillmap/progress`;
      expect((await fetch(url)).status).toBe(204);
      const post = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ type: 'json', val: { done: ['a'] } }),
      });
      expect(post.status).toBe(200);
      expect(post.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      expect(await (await fetch(url)).json()).toEqual({ done: ['a'] });
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'text', val: 'hi' }),
      });
      expect(await (await fetch(url)).text()).toBe('hi');
      // The app's client (SharedStoreClient over CloudApi) sends the target header: allowed.
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-headers': 'x-blockyard-target' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('x-blockyard-target');
      const foreign = await fetch(url, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      expect((await fetch(url, { method: 'DELETE' })).status).toBe(200);
      expect((await fetch(url)).status).toBe(204);
    });

    it('steps aside with a warning when its port is taken', async () => {
      if (!store) throw new Error('no store');
      const second = await startSharedStoreServer({
        db: db.database.db,
        port: Number(new URL(store.url).port),
        host: '127.0.0.1',
        allowedOrigins: () => [],
        onWarning: (message) => warnings.push(message),
      });
      expect(second).toBeNull();
      expect(warnings.at(-1)).toMatch(/is in use/);
    });
  });
});
