// Device builds (issue 11): a learner program -> Thumb code -> linked V1 and V2 images -> the
// Universal Hex, for programs of 10, 100 and 1,000 statements (bench/lib/programs.ts).
// Cold: a fresh `node` process running the bundled `blockyard build`. Warm: repeated builds in one
// process with one compiler and the firmware already loaded (the editor's Download). Code size:
// our program bytes against MakeCode's for the same program (its reference build, installed on
// first use by @blockyard/makecode-reference; skipped with a note when it cannot be installed).
// Baseline in the same run: the simulator's compile (`compiler.compile`, the JavaScript back end)
// of the same program with the same warm compiler, interleaved with the device builds, so
// `warmToSimulatorCompileRatio<size>` reads the same on a loaded machine as on a quiet one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import {
  buildDeviceImages,
  compileForDevice,
  FirmwareStore,
  linkVariant,
  ProgramTooBigError,
  readProgramHeader,
  writeVariantHex,
} from '@blockyard/native';
import ts from 'typescript';
import { buildWithMakeCode, makeCodeAvailability } from '@blockyard/makecode-reference';
import { nodeFirmwareLoader } from '../../packages/native/test/support/node-firmware.ts';
import { programOfSize } from '../lib/programs.ts';
import { writeResult } from '../lib/report.ts';
import { type Summary, summarize } from '../lib/stats.ts';

const sizes = [10, 100, 1000];
/** Code size against MakeCode only (no timing). */
const sizeOnly = [300, 500];
const coldRuns = 3;
const warmRuns = 10;
const jitWarmups = 10;
const bin = join(import.meta.dirname, '..', '..', 'apps', 'cli', 'bin', 'blockyard.mjs');
const dir = mkdtempSync(join(tmpdir(), 'blockyard-native-bench-'));

const metrics: Record<string, Summary> = {};
const notes: string[] = [];
const lines: string[] = [];
const compiler = createMicrobitCompiler(ts);
const store = new FirmwareStore(nodeFirmwareLoader);
await Promise.all([store.get('v1'), store.get('v2')]);
const makeCode = await makeCodeAvailability();
if (!makeCode.ok) notes.push(`No MakeCode comparison: ${makeCode.reason}`);

/** Program bytes (header + code) of a MakeCode image: the header's size field. */
function makeCodeProgramBytes(hex: string, programStart: number): number {
  let base = 0;
  const program = new Uint8Array(64);
  for (const line of hex.split(/\r?\n/)) {
    if (!line.startsWith(':')) continue;
    const type = parseInt(line.slice(7, 9), 16);
    if (type === 4) base = parseInt(line.slice(9, 13), 16) << 16;
    if (type !== 0) continue;
    const address = base + parseInt(line.slice(3, 7), 16);
    const count = parseInt(line.slice(1, 3), 16);
    for (let i = 0; i < count; i++) {
      const at = address + i - programStart;
      if (at >= 0 && at < 64) program[at] = parseInt(line.slice(9 + 2 * i, 11 + 2 * i), 16);
    }
  }
  return readProgramHeader(program).sizeBytes;
}

for (const size of sizes) {
  const source = programOfSize(size);
  const file = join(dir, `program-${size}.ts`);
  writeFileSync(file, source);

  const cold: number[] = [];
  for (let run = 0; run < coldRuns; run++) {
    const started = performance.now();
    const child = spawnSync(process.execPath, [bin, 'build', file, '-o', join(dir, `out-${size}.hex`)], {
      encoding: 'utf8',
    });
    cold.push(performance.now() - started);
    // A program too big for V1 exits 1 with "program too big"; it was still compiled and linked.
    if (child.status !== 0 && !/too big/.test(child.stderr)) {
      throw new Error(`blockyard build failed: ${child.stdout}${child.stderr}`);
    }
  }

  /** Phase milliseconds of the measured builds, by phase (compileForDevice's timings + images). */
  const phases = new Map<string, number[]>();
  const build = async (variant: number, record = false) => {
    const result = compileForDevice(
      compiler,
      { 'main.ts': programOfSize(size, variant) },
      { name: 'bench', now: () => performance.now() },
    );
    if (!result.object) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
    const started = performance.now();
    let built: { bytes: number; fitsV1: boolean };
    try {
      const images = await buildDeviceImages(store, result.object);
      built = { bytes: images.v1.size, fitsV1: true };
    } catch (error) {
      // Too big for V1's 24 KB: what Download does then is the V2 image alone.
      if (!(error instanceof ProgramTooBigError)) throw error;
      const v2 = linkVariant(await store.get('v2'), result.object);
      writeVariantHex(v2);
      built = { bytes: v2.size, fitsV1: false };
    }
    if (record) {
      for (const [phase, ms] of [...Object.entries(result.timings ?? {}), ['images', performance.now() - started]]) {
        phases.set(phase as string, [...(phases.get(phase as string) ?? []), ms as number]);
      }
    }
    return built;
  };
  for (let run = 0; run < jitWarmups; run++) await build(1000 + run);
  for (let run = 0; run < jitWarmups; run++) compiler.compile({ 'main.ts': programOfSize(size, 2000 + run) });
  const warm: number[] = [];
  const simulator: number[] = [];
  const ratios: number[] = [];
  let programBytes = 0;
  let fitsV1 = true;
  for (let run = 0; run < warmRuns; run++) {
    let started = performance.now();
    const compiled = compiler.compile({ 'main.ts': programOfSize(size, 3000 + run) });
    simulator.push(performance.now() - started);
    if (compiled.diagnostics.some((d) => d.category === 'error')) throw new Error('the simulator compile failed');
    started = performance.now();
    const built = await build(run + 1, true);
    warm.push(performance.now() - started);
    ratios.push(warm[run]! / simulator[run]!);
    programBytes = built.bytes;
    fitsV1 = built.fitsV1;
  }
  // Incremental: builds back to back, each the one before with one literal changed (an edit, then
  // Download), against the simulator's compile doing the same (its emit cache reuses statements).
  const incremental: number[] = [];
  const simulatorIncremental: number[] = [];
  for (let run = 0; run <= warmRuns; run++) {
    const started = performance.now();
    await build(4000 + run);
    if (run > 0) incremental.push(performance.now() - started);
  }
  for (let run = 0; run <= warmRuns; run++) {
    const started = performance.now();
    compiler.compile({ 'main.ts': programOfSize(size, 5000 + run) });
    if (run > 0) simulatorIncremental.push(performance.now() - started);
  }
  metrics[`warmIncremental${size}Ms`] = summarize(incremental);
  metrics[`simulatorIncremental${size}Ms`] = summarize(simulatorIncremental);
  metrics[`warmIncrementalToSimulatorRatio${size}`] = summarize([
    summarize(incremental).median / summarize(simulatorIncremental).median,
  ]);
  for (const [phase, samples] of phases) metrics[`phase${size}_${phase}Ms`] = summarize(samples);
  notes.push(
    `${size} statements, warm build phases (median ms): ${[...phases]
      .map(([phase, samples]) => `${phase} ${summarize(samples).median.toFixed(1)}`)
      .join(
        ', ',
      )}; incremental (one literal changed, back to back) ${summarize(incremental).median.toFixed(0)} ms against the simulator's incremental compile ${summarize(simulatorIncremental).median.toFixed(0)} ms.`,
  );
  if (!fitsV1)
    notes.push(`${size} statements: too big for V1 (24,576 bytes); warm times are compile + V2 link + V2 .hex.`);
  metrics[`cold${size}Ms`] = summarize(cold);
  metrics[`warm${size}Ms`] = summarize(warm);
  metrics[`simulatorCompile${size}Ms`] = summarize(simulator);
  metrics[`warmToSimulatorCompileRatio${size}`] = summarize(ratios);
  metrics[`program${size}Bytes`] = summarize([programBytes]);
  let line = `${size} statements: cold ${summarize(cold).median.toFixed(0)} ms, warm ${summarize(warm).median.toFixed(0)} ms (${summarize(ratios).median.toFixed(2)}x the simulator's compile), ${programBytes} bytes`;

  if (makeCode.ok) {
    try {
      const started = performance.now();
      const reference = await buildWithMakeCode(`bench-${size}`, { 'main.ts': source });
      const makeCodeMs = performance.now() - started;
      const theirs = fitsV1
        ? makeCodeProgramBytes(reference.v1Hex, 0x35400)
        : makeCodeProgramBytes(reference.v2Hex, 0x47000);
      metrics[`makeCode${size}Bytes`] = summarize([theirs]);
      metrics[`sizeRatio${size}`] = summarize([programBytes / theirs]);
      metrics[`makeCodeBuild${size}Ms`] = summarize([makeCodeMs]);
      line += ` (MakeCode ${theirs} bytes: ${(programBytes / theirs).toFixed(2)}x)`;
    } catch (error) {
      notes.push(`${size} statements: MakeCode did not build it (${(error as Error).message.slice(0, 200)}).`);
    }
  }
  lines.push(line);
}

// Code size only, at sizes between: MakeCode builds these (at 1,000 its V1 build fails "program
// too big"), so the ratio is also known where the goal is read. One board: V1 when ours fits it.
for (const size of sizeOnly) {
  if (!makeCode.ok) break;
  const result = compileForDevice(compiler, { 'main.ts': programOfSize(size) }, { name: 'bench' });
  if (!result.object) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  let ours: number;
  let board: 'v1' | 'v2' = 'v1';
  try {
    ours = (await buildDeviceImages(store, result.object)).v1.size;
  } catch (error) {
    if (!(error instanceof ProgramTooBigError)) throw error;
    board = 'v2';
    ours = linkVariant(await store.get('v2'), result.object).size;
  }
  try {
    const reference = await buildWithMakeCode(`bench-${size}`, { 'main.ts': programOfSize(size) });
    const theirs =
      board === 'v1' ? makeCodeProgramBytes(reference.v1Hex, 0x35400) : makeCodeProgramBytes(reference.v2Hex, 0x47000);
    metrics[`program${size}Bytes`] = summarize([ours]);
    metrics[`makeCode${size}Bytes`] = summarize([theirs]);
    metrics[`sizeRatio${size}`] = summarize([ours / theirs]);
    lines.push(`${size} statements: ${ours} bytes on ${board} (MakeCode ${theirs}: ${(ours / theirs).toFixed(2)}x)`);
  } catch (error) {
    notes.push(`${size} statements: MakeCode did not build it (${(error as Error).message.slice(0, 200)}).`);
  }
}

// Against another checkout (e.g. main's, `git worktree add` with node_modules hard-linked):
// BENCH_BASELINE_ROOT=<its root>. Rounds of one child process per checkout (order alternating),
// each doing warm builds back to back (bench/lib/native-warm-child.ts); ratios per round.
const baselineRoot = process.env.BENCH_BASELINE_ROOT;
if (baselineRoot) {
  const rounds = Number(process.env.BENCH_BASELINE_ROUNDS ?? 3);
  const child = join(import.meta.dirname, '..', 'lib', 'native-warm-child.ts');
  const here = join(import.meta.dirname, '..', '..');
  type ChildResult = Record<string, { cpu: number[]; wall: number[] }>;
  const measure = (root: string): ChildResult => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', child, root, sizes.join(',')], {
      encoding: 'utf8',
      cwd: here,
    });
    if (run.status !== 0) throw new Error(`native-warm-child failed for ${root}: ${run.stderr}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as ChildResult;
  };
  const cpu = { ours: new Map<number, number[]>(), base: new Map<number, number[]>() };
  const wall = { ours: new Map<number, number[]>(), base: new Map<number, number[]>() };
  const ratios = new Map<number, number[]>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['ours', 'base'] as const) : (['base', 'ours'] as const);
    const results = {} as Record<'ours' | 'base', ChildResult>;
    for (const which of order) results[which] = measure(which === 'ours' ? here : baselineRoot);
    for (const size of sizes) {
      for (const which of ['ours', 'base'] as const) {
        cpu[which].set(size, [...(cpu[which].get(size) ?? []), ...results[which][size]!.cpu]);
        wall[which].set(size, [...(wall[which].get(size) ?? []), ...results[which][size]!.wall]);
      }
      const ratio = summarize(results.ours[size]!.cpu).median / summarize(results.base[size]!.cpu).median;
      ratios.set(size, [...(ratios.get(size) ?? []), ratio]);
    }
  }
  for (const size of sizes) {
    metrics[`baselineRunWarmCpu${size}Ms`] = summarize(cpu.ours.get(size)!);
    metrics[`baselineRunWarmWall${size}Ms`] = summarize(wall.ours.get(size)!);
    metrics[`baselineWarmCpu${size}Ms`] = summarize(cpu.base.get(size)!);
    metrics[`baselineWarmWall${size}Ms`] = summarize(wall.base.get(size)!);
    metrics[`warmCpuToBaselineRatio${size}`] = summarize(ratios.get(size)!);
    lines.push(
      `${size} statements against ${baselineRoot}: CPU per warm build ${summarize(cpu.ours.get(size)!).median.toFixed(0)} ms vs ${summarize(cpu.base.get(size)!).median.toFixed(0)} ms (${summarize(ratios.get(size)!).median.toFixed(2)}x)`,
    );
  }
  notes.push(
    `Baseline: ${baselineRoot}, ${rounds} rounds alternating one process per checkout, 10 warm builds back to back each (one literal changed each time). baselineRunWarm*: this checkout in those rounds; warmCpuToBaselineRatio<size>: per round, this checkout's median CPU ms over the baseline's; the median of those.`,
  );
}

notes.push(
  `Machine load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} (shared machine).`,
  'Warm builds include compile (type check, lowering, code generation, assembly) and linking both boards plus the Universal Hex, with the firmware loaded once. Phases: program (TypeScript Program update), syntax, check (type check), analysis (wait analysis), lower (to the IR), generate (IR -> Thumb assembly text), assemble (text -> bytes, two origins), object (relocations), images (link V1 + V2 and write the Universal Hex).',
  "warm<size>Ms: each build follows a simulator compile of another program (the compiler's Program switches between the two file sets); warmIncremental<size>Ms: device builds back to back, each with one literal changed from the one before (an edit, then Download).",
  "warmToSimulatorCompileRatio<size>: each warm device build divided by the simulator's compile of the same program just before it (same compiler, same process); the median of those ratios.",
  'Runs under tsx (esbuild keepNames wraps every inner function), as the other benches; the bundled CLI and web worker do not pay that.',
  'makeCodeBuild*Ms is one MakeCode CLI build in a child process (cached by content after the first run: then it is only a read).',
);
const path = writeResult({
  name: 'native-build',
  description:
    'Device builds of 10/100/1,000-statement programs: cold (blockyard build process) and warm (in process) build time to a Universal Hex, and V1 program size against MakeCode for the same program.',
  metrics,
  targets: {
    warm1000Ms: 'issue 11: warm build < 150 ms at 1,000 statements',
    warmToSimulatorCompileRatio1000:
      "read with bench/results/compile.json's quiet-machine warm1000Ms: warm device build ≈ this ratio × that",
    sizeRatio1000: 'issue 11: code size within 1.2x of MakeCode',
  },
  notes,
});
console.log(`native-build: ${lines.join(' | ')}\n  -> ${path}`);
