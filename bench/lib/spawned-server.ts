// Starting a server process for the start-up benches (npm-start, server-start): spawn it on a free
// port with a new data folder, time how long until each path answers 200, then stop it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from '../../e2e/harness/server.ts';

/** A bare Node HTTP server: the floor any Node server pays on this machine at this load. */
export const BARE_NODE_SERVER = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

/** Polls `url` every 20 ms until it answers 200; the ms since `since`. */
async function answered(url: string, since: number, deadline: number): Promise<number> {
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer in time`);
}

export interface SpawnOptions {
  /** Paths polled in order; each time is measured from the spawn. Default: just `/`. */
  paths?: string[];
  /** Give up after this long (ms). */
  timeoutMs?: number;
  /** Run in a process group of its own and stop the whole group (for a script that spawns the server). */
  group?: boolean;
  env?: Record<string, string>;
}

/**
 * Spawns `node <args>` from the repository root with PORT, HOST and a new DATA_DIR, and returns
 * the ms from spawning until each of `paths` answered.
 */
export async function timeServerStart(args: string[], options: SpawnOptions = {}): Promise<number[]> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'blockyard-bench-'));
  const since = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    detached: options.group ?? false,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: 'ignore',
  });
  try {
    const deadline = since + (options.timeoutMs ?? 120_000);
    const times: number[] = [];
    for (const path of options.paths ?? ['/']) {
      times.push(await answered(`http://127.0.0.1:${port}${path}`, since, deadline));
    }
    return times;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (options.group) process.kill(-child.pid!, 'SIGTERM');
    else child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
