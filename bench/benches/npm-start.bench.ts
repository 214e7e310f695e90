// `npm start` -> first page, the way a teacher starts Blockyard again on an unchanged checkout
// (issue 20 item 6): `node scripts/start.mjs` (what `npm start` runs) with the build current, so
// it skips building, until GET / is served. Measured in the same rounds: the built server spawned
// alone (what start.mjs adds is the difference: the dependency check and hashing the sources) and
// a bare Node HTTP server (the floor on this machine at this moment). BENCH_REBUILD_RUNS rounds
// (default 1) also time a start that builds (`--rebuild`), how every start behaved before.
import { join } from 'node:path';
import { repoRoot } from '../../e2e/harness/server.ts';
import { writeResult } from '../lib/report.ts';
import { BARE_NODE_SERVER, timeServerStart } from '../lib/spawned-server.ts';
import { summarize } from '../lib/stats.ts';

const runs = Number(process.env['BENCH_RUNS'] ?? 5);
const rebuildRuns = Number(process.env['BENCH_REBUILD_RUNS'] ?? 1);

/** ms until GET / answers; start.mjs runs in a group of its own (it spawns the server). */
async function start(args: string[]): Promise<number> {
  const [page] = await timeServerStart(args, { group: true, timeoutMs: 600_000, env: { BLOCKYARD_REBUILD: '' } });
  return page!;
}

const startScript = join(repoRoot, 'scripts/start.mjs');
const serverEntry = join(repoRoot, 'apps/server/dist/main.mjs');
const unchanged: number[] = [];
const serverAlone: number[] = [];
const floor: number[] = [];
// Makes sure the build is current first, so the measured starts skip it.
await start([startScript]);
for (let run = 0; run < runs; run++) {
  unchanged.push(await start([startScript]));
  serverAlone.push(await start(['--enable-source-maps', serverEntry]));
  floor.push(await start(['-e', BARE_NODE_SERVER]));
}
const rebuilding: number[] = [];
for (let run = 0; run < rebuildRuns; run++) rebuilding.push(await start([startScript, '--rebuild']));

const ratio = (values: number[], base: number[]) => summarize(values.map((value, i) => value / base[i]!));
const metrics = {
  npmStartToFirstPageMs: summarize(unchanged),
  serverAloneToFirstPageMs: summarize(serverAlone),
  bareNodeServerToFirstResponseMs: summarize(floor),
  npmStartToServerAloneRatio: ratio(unchanged, serverAlone),
  npmStartToBareNodeRatio: ratio(unchanged, floor),
  ...(rebuilding.length
    ? {
        rebuildingStartToFirstPageMs: summarize(rebuilding),
        rebuildingToUnchangedStartRatio: summarize(rebuilding.map((value) => value / summarize(unchanged).median)),
      }
    : {}),
};
const path = writeResult({
  name: 'npm-start',
  description:
    '`node scripts/start.mjs` (what `npm start` runs) on an unchanged checkout until GET / is served, against the built server spawned alone and a bare Node HTTP server in the same rounds; and a start that builds (--rebuild), as every start did before.',
  metrics,
  targets: {
    npmStartToServerAloneRatio: 'close to 1: an unchanged checkout starts without building',
  },
  notes: [
    'Each start gets a new data folder (embedded PGlite). The rebuilding start is the old behaviour of every `npm start`.',
  ],
});
const median = (values: { median: number }, digits = 0) => values.median.toFixed(digits);
console.log(
  `npm-start: ${median(metrics.npmStartToFirstPageMs)} ms unchanged, server alone ${median(metrics.serverAloneToFirstPageMs)} ms (ratio ${median(metrics.npmStartToServerAloneRatio, 2)}), bare Node ${median(metrics.bareNodeServerToFirstResponseMs)} ms${rebuilding.length ? `; rebuilding ${median(metrics.rebuildingStartToFirstPageMs!)} ms` : ''} -> ${path}`,
);
