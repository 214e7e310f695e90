// The built server's start, as `npm start` runs it after building: a new data folder each run
// (a class's first start), from spawning Node until the first page (GET /) is served and until
// the database is open (/api/health 200). The baseline, measured in the same rounds: a bare Node
// HTTP server spawned the same way, the floor any Node server pays on this machine at this load.
import { join } from 'node:path';
import { repoRoot } from '../../e2e/harness/server.ts';
import { writeResult } from '../lib/report.ts';
import { BARE_NODE_SERVER, timeServerStart } from '../lib/spawned-server.ts';
import { summarize } from '../lib/stats.ts';

const runs = Number(process.env['BENCH_RUNS'] ?? 5);
const entry = join(repoRoot, 'apps/server/dist/main.mjs');

const firstPage: number[] = [];
const databaseOpen: number[] = [];
const floor: number[] = [];
for (let run = 0; run < runs; run++) {
  const [page, health] = await timeServerStart(['--enable-source-maps', entry], { paths: ['/', '/api/health'] });
  firstPage.push(page!);
  databaseOpen.push(health!);
  floor.push((await timeServerStart(['-e', BARE_NODE_SERVER]))[0]!);
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
