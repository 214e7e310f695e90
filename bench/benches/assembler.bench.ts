// The Thumb assembler (issue 11) on 10,000 instructions of back-end-shaped code
// (packages/native/test/program-generator.ts), for the micro:bit V1 (v6m) and V2 (v7m) cores.
// Ours: in-process, first call (cold JIT) and warm calls. Baseline measured in the same run on the
// same input: GNU `arm-none-eabi-as` as a process (object file only), and as + ld + objcopy to the
// same flat binary we produce (whose bytes must equal ours).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { assemble, type Cpu } from '@blockyard/native';
import { generateProgram } from '../../packages/native/test/program-generator.ts';
import { writeResult } from '../lib/report.ts';
import { type Summary, summarize } from '../lib/stats.ts';

const INSTRUCTIONS = 10_000;
const warmups = 3;
const runs = 10;
const gnuRuns = 5;
const GNU = {
  as: '/usr/bin/arm-none-eabi-as',
  ld: '/usr/bin/arm-none-eabi-ld',
  objcopy: '/usr/bin/arm-none-eabi-objcopy',
};
const haveGnu = Object.values(GNU).every((path) => existsSync(path));
const dir = mkdtempSync(join(tmpdir(), 'blockyard-asm-bench-'));

function run(command: string, args: string[]): void {
  const child = spawnSync(command, args, { cwd: dir, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`${command} failed: ${child.stderr}`);
}

function timed(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

const metrics: Record<string, Summary> = {};
const notes: string[] = [`Runs: ours ${warmups} warm-up + ${runs} measured; GNU ${gnuRuns} each, in one Node process.`];
const lines: string[] = [];

for (const cpu of ['v6m', 'v7m'] as const satisfies readonly Cpu[]) {
  const program = generateProgram(INSTRUCTIONS, cpu, 11);
  const first = timed(() => assemble(program.text, { cpu, listing: false }));
  for (let i = 0; i < warmups; i++) assemble(program.text, { cpu, listing: false });
  const warm: number[] = [];
  let bytes: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < runs; i++) {
    warm.push(
      timed(() => {
        const result = assemble(program.text, { cpu, listing: false });
        if (!result.ok) throw new Error(`assembly failed: ${result.errors[0]?.message}`);
        bytes = result.bytes;
      }),
    );
  }
  const withListing = timed(() => assemble(program.text, { cpu }));
  metrics[`${cpu}FirstCallMs`] = summarize([first]);
  metrics[`${cpu}WarmMs`] = summarize(warm);
  metrics[`${cpu}WithListingMs`] = summarize([withListing]);
  metrics[`${cpu}Instructions`] = summarize([program.instructions]);
  metrics[`${cpu}ImageBytes`] = summarize([bytes.length]);
  metrics[`${cpu}InstructionsPerMs`] = summarize(warm.map((ms) => program.instructions / ms));
  let line = `${cpu}: ${program.instructions} instructions, first call ${first.toFixed(0)} ms, warm ${summarize(warm).median.toFixed(1)} ms`;

  if (haveGnu) {
    writeFileSync(join(dir, 'in.s'), program.text);
    const asOnly: number[] = [];
    const toBinary: number[] = [];
    const gnuCpu = cpu === 'v6m' ? 'cortex-m0' : 'cortex-m4';
    for (let i = 0; i < gnuRuns; i++) {
      asOnly.push(timed(() => run(GNU.as, [`-mcpu=${gnuCpu}`, '-o', 'in.o', 'in.s'])));
      toBinary.push(
        timed(() => {
          run(GNU.as, [`-mcpu=${gnuCpu}`, '-o', 'in.o', 'in.s']);
          run(GNU.ld, ['-Ttext=0', '-e', '0', '-o', 'out.elf', 'in.o']);
          run(GNU.objcopy, ['-O', 'binary', '-j', '.text', 'out.elf', 'out.bin']);
        }),
      );
    }
    const gnuBytes = readFileSync(join(dir, 'out.bin'));
    if (Buffer.compare(gnuBytes, Buffer.from(bytes)) !== 0)
      throw new Error(`${cpu}: our image differs from GNU as + ld`);
    metrics[`${cpu}GnuAsProcessMs`] = summarize(asOnly);
    metrics[`${cpu}GnuAsLdObjcopyMs`] = summarize(toBinary);
    metrics[`${cpu}WarmToGnuAsRatio`] = summarize(warm.map((ms, i) => ms / asOnly[i % asOnly.length]!));
    line += `; GNU as ${summarize(asOnly).median.toFixed(1)} ms, as+ld+objcopy ${summarize(toBinary).median.toFixed(1)} ms (same bytes)`;
  } else {
    notes.push(`${GNU.as} is missing: no GNU baseline (install binutils-arm-none-eabi).`);
  }
  lines.push(line);
}
rmSync(dir, { recursive: true, force: true });

notes.push(
  `Machine load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} (shared machine: compare ours with GNU as from the same run).`,
  'GNU times are wall-clock times of whole processes (start-up included): what a build pays to use them.',
  'Ours runs in the calling process (the CLI, the editor worker); first call includes JIT warm-up.',
);
const path = writeResult({
  name: 'assembler',
  description:
    'Assemble 10,000 instructions of back-end-shaped Thumb code (v6m and v7m) to a flat image; GNU as (and as + ld + objcopy to the same image) on the same input as the baseline. Wall-clock ms.',
  metrics,
  targets: {
    v6mWarmMs: 'no target in the issue; read against GNU as on the same input (v6mGnuAsProcessMs)',
  },
  notes,
});
console.log(`assembler: ${lines.join(' | ')}\n  -> ${path}`);
