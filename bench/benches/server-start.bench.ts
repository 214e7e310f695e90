// The built server's start, as `npm start` runs it after building: a new data folder each run
// (a class's first start), from spawning Node until the first page (GET /) is served and until
// the database is open (/api/health 200). The baseline, measured in the same rounds: a bare Node
// HTTP server spawned the same way, the floor any Node server pays on this machine at this load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from '../../e2e/harness/server.ts';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const runs = Number(process.env['BENCH_RUNS'] ?? 5);
const entry = join(repoRoot, 'apps/server/dist/main.mjs');
const bare = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

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

async function start(args: string[], paths: string[]): Promise<number[]> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'blockyard-bench-'));
  const since = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  try {
    const deadline = since + 120_000;
    const times: number[] = [];
    for (const path of paths) times.push(await answered(`http://127.0.0.1:${port}${path}`, since, deadline));
    return times;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const firstPage: number[] = [];
const databaseOpen: number[] = [];
const floor: number[] = [];
for (let run = 0; run < runs; run++) {
  const [page, health] = await start(['--enable-source-maps', entry], ['/', '/api/health']);
  firstPage.push(page!);
  databaseOpen.push(health!);
  floor.push((await start(['-e', bare], ['/']))[0]!);
}

const ratio = (values: number[]) => summarize(values.map((value, i) => value / floor[i]!));
const metrics = {
  startToFirstPageMs: summarize(firstPage),
  startToDatabaseOpenMs: summarize(databaseOpen),
  bareNodeServerToFirstResponseMs: summarize(floor),
  firstPageToBareNodeRatio: ratio(firstPage),
  databaseOpenToBareNodeRatio: ratio(databaseOpen),
};
const path = writeResult({
  name: 'server-start',
  description:
    'The built server (apps/server/dist/main.mjs, what `npm start` runs after building) with a new data folder (embedded PGlite) per run: from spawning Node until GET / is served, and until /api/health says the database is open. Baseline in the same rounds: a bare Node HTTP server spawned the same way.',
  metrics,
  targets: {
    startToFirstPageMs:
      'the first page at once: a small multiple of a bare Node server (it was about 15 s on a loaded machine, behind initdb)',
  },
  notes: [
    '`npm start` builds before it starts the server (vite and the server bundles, about 50 s on an idle 2-core machine); that build is not in these figures.',
  ],
});
const median = (summary: { median: number }, digits = 0) => summary.median.toFixed(digits);
console.log(
  `server-start: first page ${median(metrics.startToFirstPageMs)} ms (${median(metrics.firstPageToBareNodeRatio, 1)}x a bare Node server, ${median(metrics.bareNodeServerToFirstResponseMs)} ms), database open ${median(metrics.startToDatabaseOpenMs)} ms (${median(metrics.databaseOpenToBareNodeRatio, 1)}x) -> ${path}`,
);
