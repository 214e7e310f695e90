import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** A TCP port nothing listens on now (the benches use it too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  // Generous: on a shared 2-core machine under load the server has taken over 30 s to start.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early (code ${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy within 90 s:\n${log()}`);
}

/**
 * The environment that serves another web build (a baseline in the benches): its test pages are
 * its sibling `dist-test/` when it has one, else inside it (builds from before they were split).
 */
export function otherWebBuildEnv(webDist: string): Record<string, string> {
  const testPages = join(webDist, '..', 'dist-test');
  return { WEB_DIST: webDist, TEST_PAGES_DIST: existsSync(testPages) ? testPages : '' };
}

/**
 * Starts the real built server (apps/server/dist) on a free port with a throw-away data folder.
 * `env` adds to its environment (the benches serve a baseline web build with WEB_DIST).
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const entry = join(repoRoot, 'apps/server/dist/main.mjs');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" first.`);
  // The test pages (/sim-test/, /blocks-test/) have their own build, served only when asked for.
  const testPages = join(repoRoot, 'apps/web/dist-test');
  if (!existsSync(testPages)) throw new Error(`${testPages} is missing: run "npm run build" first.`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'blockyard-e2e-'));
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      TEST_PAGES_DIST: testPages,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    // Never leave a half-started server behind (it would hold a port and a core).
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the local code host (apps/server/src/code-host, the fixture extension repositories) as
 * its own process on a free port, as `npm start` does; the server's /api/gh proxy is pointed at it.
 */
export async function startCodeHost(): Promise<RunningServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/code-host/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, CODE_HOST_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The code host exited early (code ${child.exitCode}):\n${output}`);
    try {
      // Any answer means it listens (the repositories are built before it does).
      await fetch(`${url}/repos/blockyard-test/pxt-distance-sensor`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The code host did not start within 60 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
