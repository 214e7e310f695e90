// Opening an example from the home page until its program runs in the simulator, in headless
// Chromium on the built server, a fresh profile per run (nothing cached, the way a class meets
// it), with where the time goes: the editor on screen, the compiler worker started, its first
// answer (TypeScript loaded and warm), the first run compiled, the simulator running.
//
// The machines are shared and their load swings by several times within minutes, so each round
// measures three things back to back and the ratios between them are the result:
// - shipped: the editor as built (the compiler worker starts as the editor opens);
// - late worker: the same page with the compiler worker held back until the editor is on screen
//   (how it was before, the baseline; an init script wraps Worker for that);
// - new project: home -> New project -> running, the figure editor-load claims (under 1.4 s);
// - baseline build (when BENCH_BASELINE_DIST names another web build, e.g. main's apps/web/dist
//   copied aside): the same press on that build, served by a second server in the same rounds,
//   so a change is measured against what it replaced at the same machine load.
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/harness/chromium.ts';
import { otherWebBuildEnv, startBuiltServer } from '../../e2e/harness/server.ts';
import { firstRunning, marks, watchEditor } from '../lib/editor-page.ts';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const runs = Number(process.env['BENCH_RUNS'] ?? 5);
const example = process.env['BENCH_EXAMPLE'] ?? 'Thermometer';

interface Breakdown {
  total: number;
  editor: number;
  workerStart: number;
  workerFirstReply: number;
  compiled: number;
}

// Holds the compiler worker back until the editor marks itself interactive (the old order).
// A string: tsx wraps named inner functions with a helper the page does not have.
const lateWorkerScript = `(() => {
  const Real = window.Worker;
  window.Worker = function (url, options) {
    if (!String(url).includes('compiler.worker')) return new Real(url, options);
    let real;
    const messages = [];
    const listeners = [];
    const wait = () => {
      if (!performance.getEntriesByName('blockyard:editor:interactive').length) return setTimeout(wait, 10);
      real = new Real(url, options);
      for (const [type, listener] of listeners) real.addEventListener(type, listener);
      for (const message of messages) real.postMessage(message);
    };
    wait();
    return {
      postMessage(message) { real ? real.postMessage(message) : messages.push(message); },
      addEventListener(type, listener) { real ? real.addEventListener(type, listener) : listeners.push([type, listener]); },
      terminate() { real?.terminate(); },
    };
  };
})();`;

const baselineDist = process.env['BENCH_BASELINE_DIST'];

async function openAndTime(
  browser: Browser,
  url: string,
  variant: 'shipped' | 'late' | 'new' | 'baseline',
): Promise<Breakdown> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page: Page = await context.newPage();
    await watchEditor(page);
    if (variant === 'late') await page.addInitScript({ content: lateWorkerScript });
    await page.goto(url + '/');
    if (variant === 'new') {
      await page.getByRole('button', { name: 'New project' }).click();
      const name = page.getByRole('dialog', { name: 'New project' }).getByLabel('Project name');
      await name.waitFor();
      await name.press('Enter');
    } else {
      const button = page.getByRole('button', { name: `Open ${example}` });
      await button.waitFor({ timeout: 60_000 });
      await button.click();
    }
    await page.locator('[aria-label="Simulator"][data-state="running"]').waitFor({ timeout: 120_000 });
    const m = await marks(page);
    const timeline = await page.evaluate<{
      editor?: number;
      workerStart?: number;
      workerFirstReply?: number;
      compiledAt?: number;
    }>(`(() => {
      const at = (name) => performance.getEntriesByName(name)[0];
      const compile = at('blockyard:session:compile');
      return {
        editor: at('blockyard:editor:interactive')?.startTime,
        workerStart: at('blockyard:worker:start')?.startTime,
        workerFirstReply: at('blockyard:worker:first-reply')?.startTime,
        compiledAt: compile ? compile.startTime + compile.duration : undefined,
      };
    })()`);
    const pressed = m.lastInput;
    const running = firstRunning(m.states);
    if (pressed === undefined || running === undefined || timeline.editor === undefined) {
      throw new Error(`missing marks: ${JSON.stringify({ m, timeline })}`);
    }
    const since = (at: number | undefined) => (at ?? Number.NaN) - pressed;
    return {
      total: running - pressed,
      editor: since(timeline.editor),
      workerStart: since(timeline.workerStart),
      workerFirstReply: since(timeline.workerFirstReply),
      compiled: since(timeline.compiledAt),
    };
  } finally {
    await context.close();
  }
}

const shipped: Breakdown[] = [];
const late: Breakdown[] = [];
const fresh: Breakdown[] = [];
const baseline: Breakdown[] = [];
const server = await startBuiltServer();
const baselineServer = baselineDist ? await startBuiltServer(otherWebBuildEnv(baselineDist)) : undefined;
const browser = await launchChromium();
try {
  for (let run = 0; run < runs; run++) {
    // Alternate the order so neither variant always meets the machine's same moment.
    const order: ('shipped' | 'late' | 'new' | 'baseline')[] =
      run % 2 === 0 ? ['shipped', 'late', 'new'] : ['late', 'shipped', 'new'];
    if (baselineServer) order.splice(run % 2 === 0 ? 1 : 0, 0, 'baseline');
    for (const variant of order) {
      const row = await openAndTime(browser, variant === 'baseline' ? baselineServer!.url : server.url, variant);
      ({ shipped, late, new: fresh, baseline })[variant].push(row);
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await baselineServer?.stop();
}

const pick = (rows: Breakdown[], key: keyof Breakdown) =>
  summarize(rows.map((row) => row[key]).filter(Number.isFinite));
const ratios = (a: Breakdown[], b: Breakdown[]) => summarize(a.map((row, i) => row.total / b[i]!.total));
const rounded = (rows: Breakdown[]) =>
  JSON.stringify(
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]: [string, number]) => [k, Math.round(v)]))),
  );
const metrics = {
  exampleToSimulatorRunningMs: pick(shipped, 'total'),
  exampleToEditorShownMs: pick(shipped, 'editor'),
  exampleToCompilerStartMs: pick(shipped, 'workerStart'),
  exampleToCompilerFirstReplyMs: pick(shipped, 'workerFirstReply'),
  exampleToCompiledMs: pick(shipped, 'compiled'),
  lateWorkerExampleToSimulatorRunningMs: pick(late, 'total'),
  lateWorkerExampleToEditorShownMs: pick(late, 'editor'),
  newProjectToSimulatorRunningMs: pick(fresh, 'total'),
  shippedToLateWorkerRatio: ratios(shipped, late),
  exampleToNewProjectRatio: ratios(shipped, fresh),
  ...(baseline.length
    ? {
        baselineBuildExampleToSimulatorRunningMs: pick(baseline, 'total'),
        baselineBuildExampleToCompilerFirstReplyMs: pick(baseline, 'workerFirstReply'),
        shippedToBaselineBuildRatio: ratios(shipped, baseline),
      }
    : {}),
};
const path = writeResult({
  name: 'example-open',
  description: `Home page, press "Open ${example}", until the simulator runs it: headless Chromium, 1366x768, fresh profile per run, built server; times from the press. Each round also opens it with the compiler worker held back until the editor is on screen (the old order, baseline) and makes a new project, back to back; ratios are per round.`,
  metrics,
  targets: {
    exampleToSimulatorRunningMs:
      'as fast as a new project (exampleToNewProjectRatio about 1): editor-load claims newProjectToSimulatorRunningMs under 1.4 s on an idle machine',
    shippedToLateWorkerRatio: 'below 1: starting the compiler with the editor must beat starting it after',
    shippedToBaselineBuildRatio: 'below 1: this build against the baseline build (BENCH_BASELINE_DIST)',
  },
  notes: [
    'editor shown: blocks or code interactive (mark blockyard:editor:interactive); compiler start: the worker made (blockyard:worker:start); first reply: TypeScript loaded, the library parsed and the warm-up answered (blockyard:worker:first-reply); compiled: the first run compiled (blockyard:session:compile ends).',
    `shipped: ${rounded(shipped)}`,
    `late worker: ${rounded(late)}`,
    `new project: ${rounded(fresh)}`,
    ...(baseline.length ? [`baseline build (${baselineDist}): ${rounded(baseline)}`] : []),
  ],
});
const median = (summary: { median: number }, digits = 0) => summary.median.toFixed(digits);
console.log(
  `example-open: running ${median(metrics.exampleToSimulatorRunningMs)} ms (editor ${median(metrics.exampleToEditorShownMs)}, compiler first reply ${median(metrics.exampleToCompilerFirstReplyMs)}, compiled ${median(metrics.exampleToCompiledMs)}); late worker ${median(metrics.lateWorkerExampleToSimulatorRunningMs)} ms, ratio ${median(metrics.shippedToLateWorkerRatio, 2)}; new project ${median(metrics.newProjectToSimulatorRunningMs)} ms, ratio ${median(metrics.exampleToNewProjectRatio, 2)} -> ${path}`,
);
