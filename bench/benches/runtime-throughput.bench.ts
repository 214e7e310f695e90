// Simulator speed: learner code compiled and run through our runtime (generators, budget
// checks, stack depth) against the same code as plain JavaScript, timed in the same process.
// Three workloads: a tight arithmetic loop, a recursive function, and list reads and writes at
// computed indexes (each key goes through `$h.propertyKey`, the escape-hatch guard).
import { ManualClock } from '@blockyard/core';
import { Board, createMicrobitCompiler } from '@blockyard/board-microbit';
import ts from 'typescript';
import { writeResult } from '../lib/report.ts';
import { type Summary, summarize } from '../lib/stats.ts';

const runs = 7;
const loopCount = 20_000_000;
const fibOf = 30;
const listLoops = 2_000_000;

const workloads = {
  loop: {
    learner: `let sum = 0
for (let i = 0; i < ${loopCount}; i++) {
    sum = (sum + i * 3) % 1000003
}
control.panic(sum % 1000)`,
    plain: `let sum = 0
for (let i = 0; i < ${loopCount}; i++) {
    sum = (sum + i * 3) % 1000003
}
return sum % 1000`,
  },
  lists: {
    learner: `let list: number[] = []
for (let i = 0; i < 100; i++) list.push(i)
let sum = 0
for (let n = 0; n < ${listLoops}; n++) {
    let i = n % 100
    list[i] = (list[i] + list[(i + 1) % 100]) % 1000003
    sum = (sum + list[i]) % 1000003
}
control.panic(sum % 1000)`,
    plain: `let list = []
for (let i = 0; i < 100; i++) list.push(i)
let sum = 0
for (let n = 0; n < ${listLoops}; n++) {
    let i = n % 100
    list[i] = (list[i] + list[(i + 1) % 100]) % 1000003
    sum = (sum + list[i]) % 1000003
}
return sum % 1000`,
  },
  recursion: {
    learner: `function fib(n: number): number {
    return n < 2 ? n : fib(n - 1) + fib(n - 2)
}
control.panic(fib(${fibOf}) % 1000)`,
    plain: `function fib(n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2)
}
return fib(${fibOf}) % 1000`,
  },
};

const compiler = createMicrobitCompiler(ts);

/** Runs a learner program on a board until it panics with its result; returns [ms, result]. */
function viaRuntime(source: string): [number, number] {
  const result = compiler.compile({ 'main.ts': source });
  if (!result.program) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  const clock = new ManualClock();
  const board = new Board({ clock });
  let answer = Number.NaN;
  board.onError((error) => (answer = error.panicCode ?? Number.NaN));
  const started = performance.now();
  board.start(result.program);
  while (Number.isNaN(answer) && board.runtime.running) {
    clock.advance(1000);
  }
  return [performance.now() - started, answer];
}

function viaPlainJs(body: string): [number, number] {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the baseline: the same code as plain JavaScript
  const fn = new Function(body) as () => number;
  const started = performance.now();
  const answer = fn();
  return [performance.now() - started, answer];
}

const metrics: Record<string, Summary> = {};
const summaryText: string[] = [];
for (const [name, workload] of Object.entries(workloads)) {
  const ours: number[] = [];
  const plain: number[] = [];
  const ratios: number[] = [];
  viaRuntime(workload.learner); // warm-up: compile caches, JIT
  viaPlainJs(workload.plain);
  for (let run = 0; run < runs; run++) {
    // Alternate so load on the machine affects both sides alike.
    const [oursMs, oursAnswer] = viaRuntime(workload.learner);
    const [plainMs, plainAnswer] = viaPlainJs(workload.plain);
    if (oursAnswer !== plainAnswer) throw new Error(`${name}: runtime gave ${oursAnswer}, plain JS ${plainAnswer}`);
    ours.push(oursMs);
    plain.push(plainMs);
    ratios.push(oursMs / plainMs);
  }
  metrics[`${name}RuntimeMs`] = summarize(ours);
  metrics[`${name}PlainJsMs`] = summarize(plain);
  const ratio = summarize(ratios);
  metrics[`${name}Ratio`] = ratio;
  summaryText.push(`${name} ${ratio.median.toFixed(2)}x`);
}

const path = writeResult({
  name: 'runtime-throughput',
  description: `Learner code through the runtime vs the same code as plain JS in the same process: a ${loopCount.toLocaleString('en')}-iteration arithmetic loop, ${listLoops.toLocaleString('en')} list reads and writes at computed indexes, and recursive fib(${fibOf}).`,
  metrics,
  targets: {
    loopRatio: '< 2x plain JS (MakeCode simulator: 4-9x)',
    recursionRatio: '< 5x plain JS (MakeCode simulator: 20-40x)',
  },
  notes: [
    'Runtime time includes preemption: the loop yields every 20 ms of work (virtual clock advanced by the bench), as on the device.',
    'Ratios are per run (runtime/plain measured back to back), then summarised.',
  ],
});
console.log(`runtime-throughput: ${summaryText.join(', ')} -> ${path}`);
