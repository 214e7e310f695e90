import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './database/index.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import { immutableCache } from './web.ts';

// The web app needs no database: a stand-in that is never queried.
const database = { db: {} as Kysely<Database>, kind: 'pglite' as const };
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function buildDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'blockyard-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'sim'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>editor</title>');
  writeFileSync(join(dist, 'sim', 'index.html'), '<!doctype html><title>simulator</title>');
  writeFileSync(join(dist, 'assets', 'main-Ab12Cd34.js'), 'console.log("app");');
  writeFileSync(join(dist, 'assets', 'sim-Ef56Gh78.js'), 'console.log("sim");');
  writeFileSync(join(dist, 'assets', 'big-Zz99Yy88.js'), 'console.log("big");');
  writeFileSync(join(dist, 'assets', 'big-Zz99Yy88.js.gz'), gzipSync('console.log("big");'));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, '.env'), 'SECRET=1');
  return dist;
}

describe('serving the built web app', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = buildDist();
    app = await buildApp({ config: { webDist: dist, logLevel: 'silent' }, database, version: '0.0.0' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('serves index.html at / without caching, with the security headers', async () => {
    const response = await get('/', html);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>editor</title>');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toBeDefined();
  });

  it('answers a revalidation with 304', async () => {
    const first = await get('/');
    const again = await get('/', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('caches hashed assets forever and lets the opaque-origin simulator load them', async () => {
    const response = await get('/assets/main-Ab12Cd34.js', { origin: 'null' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app");');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe(immutableCache);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('sends the precompressed twin to browsers that accept gzip', async () => {
    const compressed = await get('/assets/big-Zz99Yy88.js', { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.rawPayload).toEqual(gzipSync('console.log("big");'));
    const plain = await get('/assets/big-Zz99Yy88.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("big");');
  });

  it('revalidates unhashed files', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers client-side routes with index.html when the browser asks for a page', async () => {
    for (const url of ['/projects/123', '/settings?tab=sound', '/a/b/c']) {
      const response = await get(url, html);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>editor</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toBe(contentSecurityPolicy);
    }
  });

  it('answers 404, not a page, when the request is not for a page', async () => {
    expect((await get('/projects/123')).statusCode).toBe(404);
    expect((await get('/missing.js', { accept: '*/*' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/projects', headers: html })).statusCode).toBe(404);
    // A missing hashed asset must never be answered with HTML (it would be cached as the asset).
    const asset = await get('/assets/main-Old00000.js', html);
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('serves the simulator page at /sim, /sim/ and below', async () => {
    for (const url of ['/sim/', '/sim', '/sim/run?board=microbit', '/sim/deep/link']) {
      const response = await get(url, html);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>simulator</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      // Framable by our own pages (the editor embeds it), by no one else.
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('answers HEAD like GET', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/projects/1', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('does not serve dotfiles or escape the folder', async () => {
    expect((await get('/.env')).statusCode).toBe(404);
    expect((await get('/../package.json')).statusCode).toBe(404);
    expect((await get('/assets/..%2f..%2fpackage.json')).statusCode).toBe(404);
  });

  it('keeps /api routes JSON', async () => {
    const response = await get('/api/unknown', html);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'no-route' });
  });
});

describe('when the web app is not built', () => {
  let app: FastifyInstance;
  const dist = join(tmpdir(), 'blockyard-never-built', String(process.pid));

  beforeAll(async () => {
    app = await buildApp({ config: { webDist: dist, logLevel: 'silent' }, database, version: '0.0.0' });
  });
  afterAll(() => app.close());

  it('says so at / and for pages, naming the folder and the command', async () => {
    for (const headers of [{}, html]) {
      const response = await app.inject({ method: 'GET', url: '/', headers });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toContain('web app is not built');
      expect(response.body).toContain(dist);
      expect(response.body).toContain('npm run build');
    }
    expect((await app.inject({ method: 'GET', url: '/sim/', headers: html })).statusCode).toBe(503);
  });

  it('still answers 404 for other files and JSON for /api', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/x.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/x' })).json()).toMatchObject({
      statusCode: 404,
      code: 'no-route',
    });
  });

  it('serves the app once it has been built, without a restart', async () => {
    mkdirSync(dist, { recursive: true });
    try {
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>late</title>');
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('late');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the test pages', () => {
  let dist: string;
  let testPages: string;
  beforeAll(() => {
    dist = buildDist();
    testPages = mkdtempSync(join(tmpdir(), 'blockyard-web-test-pages-'));
    for (const folder of ['sim-test', 'blocks-test', 'test-assets']) mkdirSync(join(testPages, folder));
    writeFileSync(join(testPages, 'sim-test', 'index.html'), '<!doctype html><title>sim test page</title>');
    writeFileSync(join(testPages, 'blocks-test', 'index.html'), '<!doctype html><title>blocks test page</title>');
    writeFileSync(join(testPages, 'test-assets', 'simTest-Ab12Cd34.js'), 'console.log("test");');
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
    rmSync(testPages, { recursive: true, force: true });
  });

  it('are served from their own build when the server is told where it is', async () => {
    const app = await buildApp({
      config: { webDist: dist, testPagesDist: testPages, logLevel: 'silent' },
      database,
      version: '0.0.0',
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/sim-test/', headers: html })).body).toContain('sim test page');
      expect((await app.inject({ method: 'GET', url: '/blocks-test/' })).body).toContain('blocks test page');
      const script = await app.inject({ method: 'GET', url: '/test-assets/simTest-Ab12Cd34.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain('test');
      // The product is still served beside them.
      expect((await app.inject({ method: 'GET', url: '/assets/main-Ab12Cd34.js' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/', headers: html })).body).toContain('editor');
    } finally {
      await app.close();
    }
  });

  it('are not there otherwise (production)', async () => {
    const app = await buildApp({ config: { webDist: dist, logLevel: 'silent' }, database, version: '0.0.0' });
    try {
      expect((await app.inject({ method: 'GET', url: '/test-assets/simTest-Ab12Cd34.js' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/sim-test/', headers: html })).body).not.toContain('test page');
    } finally {
      await app.close();
    }
  });
});
