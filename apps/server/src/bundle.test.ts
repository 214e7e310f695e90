import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from './app.ts';
import { latestMigrationName } from './database/index.ts';

// Builds the real bundle (build.mjs) and runs `node dist/main.mjs` the way `npm start` does.
const serverDir = join(import.meta.dirname, '..');
const bundle = join(serverDir, 'dist', 'main.mjs');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [bundle], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForUrl(server: Started): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /Blockyard is running at (http:\/\/localhost:(\d+))/.exec(server.output());
    if (match?.[2]) return `http://127.0.0.1:${match[2]}`;
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server did not start:\n${server.output()}`);
}

describe('the built server bundle', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'blockyard-bundle-'));
  const webDist = join(dataDir, 'no-web-app-here');
  let server: Started;
  let url: string;

  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'pipe' });
    server = start({ DATA_DIR: dataDir, WEB_DIST: webDist });
    url = await waitForUrl(server);
  }, 90_000);

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /api/health with an embedded database under DATA_DIR', async () => {
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as HealthResponse;
    expect(body).toMatchObject({
      status: 'ok',
      database: { kind: 'pglite', ok: true, migrations: latestMigrationName },
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('says the web app is not built instead of crashing', async () => {
    const response = await fetch(url);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });

  it('refuses a second server on the same DATA_DIR with a message, not a stack trace', async () => {
    const second = start({ DATA_DIR: dataDir, WEB_DIST: webDist });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/^Another Blockyard server \(process \d+\) is already using the data folder/);
    expect(second.output()).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('explains a bad PORT', async () => {
    const bad = start({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT must be a whole number from 0 to 65535 (got "eighty").');
    expect(bad.output()).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('stops cleanly on SIGTERM, releasing the data folder', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 30_000);
});
