// `blockyard run` from a cold start, as a user at the terminal waits for it: a fresh `node`
// process running the bundled CLI on a small program, next to `blockyard compile` of the same
// program. The gap is the run itself, most of it the sandbox: a second Node process under the
// permission model and the runtime bundle evaluated in the program's own context (issue 21).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const runs = 7;
const bin = join(import.meta.dirname, '..', '..', 'apps', 'cli', 'bin', 'blockyard.mjs');
const dir = mkdtempSync(join(tmpdir(), 'blockyard-run-bench-'));
const file = join(dir, 'main.ts');
writeFileSync(file, 'serial.writeLine("hello")\nbasic.showIcon(IconNames.Heart)\n');

function cold(command: 'compile' | 'run'): number {
  const started = performance.now();
  const child = spawnSync(process.execPath, [bin, command, file], { encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`blockyard ${command} failed: ${child.stdout}${child.stderr}`);
  return wallMs;
}

cold('run'); // the launcher rebuilds the bundle when sources changed: not timed
const compile: number[] = [];
const run: number[] = [];
const gap: number[] = [];
for (let i = 0; i < runs; i++) {
  // Back to back, so load on the machine affects both alike.
  const c = cold('compile');
  const r = cold('run');
  compile.push(c);
  run.push(r);
  gap.push(r - c);
}

const path = writeResult({
  name: 'cli-run',
  description: 'Cold `blockyard run` (5 virtual s, one board) vs cold `blockyard compile` of the same small program.',
  metrics: { coldCompileMs: summarize(compile), coldRunMs: summarize(run), runMinusCompileMs: summarize(gap) },
  notes: ['The run includes the sandbox: a second Node process and the runtime bundle evaluated in a fresh context.'],
});
console.log(
  `cli-run: run ${summarize(run).median.toFixed(0)} ms, compile ${summarize(compile).median.toFixed(0)} ms -> ${path}`,
);
