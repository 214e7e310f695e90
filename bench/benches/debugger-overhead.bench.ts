// The debugger's cost (issue 18): each workload runs on a board as the normal simulator runs it
// (release build) and as a debug build with the RuntimeDebugger attached and no breakpoints, back
// to back in the same process. Target: the debug run within 1.5x of the normal one.
import { ManualClock } from '@blockyard/core';
import { Board, createMicrobitCompiler } from '@blockyard/board-microbit';
import { RuntimeDebugger } from '@blockyard/runtime';
import ts from 'typescript';
import { writeResult } from '../lib/report.ts';
import { type Summary, summarize } from '../lib/stats.ts';

const runs = Number(process.env.BENCH_RUNS ?? 7);

const workloads: Record<string, string> = {
  // A learner's loop: statements, a helper function, a list.
  program: `let readings: number[] = []
function smooth(a: number, b: number): number {
    let mixed = (a * 3 + b) / 4
    return Math.round(mixed)
}
let last = 0
for (let i = 0; i < 400000; i++) {
    let value = (i * 7) % 256
    last = smooth(last, value)
    if (readings.length < 50) {
        readings.push(last)
    } else {
        readings[i % 50] = last
    }
}
control.panic(last % 1000)`,
  loop: `let sum = 0
for (let i = 0; i < 3000000; i++) {
    sum = (sum + i * 3) % 1000003
}
control.panic(sum % 1000)`,
  recursion: `function fib(n: number): number {
    return n < 2 ? n : fib(n - 1) + fib(n - 2)
}
control.panic(fib(24) % 1000)`,
};

const compiler = createMicrobitCompiler(ts);

function run(source: string, debug: boolean): [number, number] {
  const result = compiler.compile({ 'main.ts': source }, { debug });
  if (!result.program) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  const clock = new ManualClock();
  const board = new Board({ clock });
  if (debug) new RuntimeDebugger(board.runtime);
  let answer = Number.NaN;
  board.onError((error) => (answer = error.panicCode ?? Number.NaN));
  const started = performance.now();
  board.start(result.program);
  while (Number.isNaN(answer) && board.runtime.running) clock.advance(1000);
  return [performance.now() - started, answer];
}

const metrics: Record<string, Summary> = {};
const summaryText: string[] = [];
for (const [name, source] of Object.entries(workloads)) {
  const normal: number[] = [];
  const debugged: number[] = [];
  const ratios: number[] = [];
  run(source, false); // warm-up
  run(source, true);
  for (let i = 0; i < runs; i++) {
    const [normalMs, normalAnswer] = run(source, false);
    const [debugMs, debugAnswer] = run(source, true);
    if (normalAnswer !== debugAnswer) throw new Error(`${name}: ${normalAnswer} normally, ${debugAnswer} debugged`);
    normal.push(normalMs);
    debugged.push(debugMs);
    ratios.push(debugMs / normalMs);
  }
  metrics[`${name}NormalMs`] = summarize(normal);
  metrics[`${name}DebuggerMs`] = summarize(debugged);
  metrics[`${name}Ratio`] = summarize(ratios);
  summaryText.push(`${name} ${summarize(ratios).median.toFixed(2)}x`);
}

const path = writeResult({
  name: 'debugger-overhead',
  description:
    'Release build vs debug build with the RuntimeDebugger attached and no breakpoints, on a board with a virtual clock: a typical learner loop (helper function, list), a tight arithmetic loop, recursive fib(24).',
  metrics,
  targets: { programRatio: '< 1.5x (issue 18)', loopRatio: '< 1.5x (issue 18)' },
  notes: [
    'Debug builds make every function a generator (so a step can enter it) and test $rt.trap before each statement; with nothing to watch the trap is down and no hook runs.',
    'Recursion of tiny functions pays for the generators: read recursionRatio as the worst case.',
  ],
});
console.log(`debugger-overhead: ${summaryText.join(', ')} -> ${path}`);
