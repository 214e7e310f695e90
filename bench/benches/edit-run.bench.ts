// Issue 12: edit -> the simulator running the new program, in headless Chromium against the
// built app, with a 1,000-block project (imported as a file, as a learner would). Each edit types
// a new number into a number block in view and presses Enter; the time runs until the simulator
// reports running again. Besides the wall time (inflated on a shared machine), each edit records
// the page main thread's CPU time (CDP Performance metrics), which load disturbs far less.
//
// With BENCH_BASELINE_DIST naming another web build (e.g. main's apps/web/dist copied aside before
// building), every round also runs that build, served by a second server, in alternating order:
// read the ratios (this build / baseline, same rounds), not the absolute times.
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/harness/chromium.ts';
import { otherWebBuildEnv, startBuiltServer, type RunningServer } from '../../e2e/harness/server.ts';
import { blockProject } from '../lib/block-program.ts';
import { editStages, stageSamples, type Entry } from '../lib/edit-stages.ts';
import { marks, runningAgainAfter, watchEditor, importAndRun } from '../lib/editor-page.ts';
import { writeResult } from '../lib/report.ts';
import { summarize, type Summary } from '../lib/stats.ts';

const rounds = Number(process.env['BENCH_RUNS'] ?? 3);
const editsPerRound = 5;
const baselineDist = process.env['BENCH_BASELINE_DIST'];
const project = blockProject(1000);
const workspaceBlocks = 'svg.blocklySvg > g.blocklyWorkspace > g.blocklyBlockCanvas g.blocklyBlock';

interface Samples {
  editMs: number[];
  mainThreadCpuMs: number[];
  /** From the simulator leaving "running" (the new program posted to its frame) to running again. */
  restartMs: number[];
  /** Per edit, where its time went (edit-stages.ts). */
  stages: Record<string, number>[];
}

const emptySamples = (): Samples => ({ editMs: [], mainThreadCpuMs: [], restartMs: [], stages: [] });

/** The page's blockyard:* measures and the simulator frame's latest marks, on the page's clock. */
async function stageTimes(page: Page): Promise<{ measures: Entry[]; frameMarks: Record<string, number> }> {
  const read = `(() => ({
    origin: performance.timeOrigin,
    measures: performance.getEntriesByType('measure').filter((m) => m.name.startsWith('blockyard:')).map((m) => [m.name, m.startTime, m.duration]),
    marks: performance.getEntriesByType('mark').filter((m) => m.name.startsWith('blockyard:frame:')).map((m) => [m.name, m.startTime]),
  }))()`;
  type Read = { origin: number; measures: Entry[]; marks: [string, number][] };
  const own = await page.evaluate<Read>(read);
  const frameMarks: Record<string, number> = {};
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    const theirs = await frame.evaluate<Read>(read).catch(() => undefined);
    for (const [name, start] of theirs?.marks ?? []) frameMarks[name] = theirs!.origin + start - own.origin;
  }
  return { measures: own.measures, frameMarks };
}

/** The middle of the text of a number block fully in view on the workspace. */
async function numberField(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.evaluate<{ x: number; y: number } | null>(`(() => {
    const svg = document.querySelector('svg.blocklySvg').getBoundingClientRect();
    const toolbox = document.querySelector('.blocklyToolbox');
    const left = Math.max(svg.left, toolbox ? toolbox.getBoundingClientRect().right : 0) + 10;
    for (const element of document.querySelectorAll(${JSON.stringify(`${workspaceBlocks}.math_number text`)})) {
      const r = element.getBoundingClientRect();
      if (r.width > 0 && r.left > left && r.right < svg.right - 80 && r.top > svg.top + 10 && r.bottom < svg.bottom - 30) {
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }
    }
    return null;
  })()`);
  if (!point) throw new Error('no number block in view');
  return point;
}

/** The page main thread's CPU time so far (ms). */
async function mainThreadMs(cdp: Awaited<ReturnType<BrowserContext['newCDPSession']>>): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const thread = metrics.find((m) => m.name === 'ThreadTime') ?? metrics.find((m) => m.name === 'TaskDuration');
  return (thread?.value ?? Number.NaN) * 1000;
}

async function round(server: RunningServer, into: Samples, roundIndex: number): Promise<void> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await watchEditor(page);
    await importAndRun(page, server.url, project.files);
    // The block editor adds the stacks near the view in slices: wait until they are all there.
    let drawn = 0;
    for (let last = -1; drawn !== last;) {
      last = drawn;
      await page.waitForTimeout(1000);
      drawn = await page.locator(workspaceBlocks).count();
    }
    // Stacks far from the view wait unbuilt (packages/blocks far-stacks.ts; builds before it draw all).
    if (drawn === 0) throw new Error(`no blocks drawn for ${project.blocks}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    for (let edit = 0; edit < editsPerRound; edit++) {
      const field = await numberField(page);
      await page.mouse.click(field.x, field.y);
      const input = page.locator('.blocklyHtmlInput');
      await input.waitFor();
      await page.waitForTimeout(500);
      await page.evaluate('performance.clearMeasures()');
      const cpuBefore = await mainThreadMs(cdp);
      const pressed = await page.evaluate<number>('performance.now()');
      await input.fill(String(100 + roundIndex * 10 + edit));
      await page.keyboard.press('Enter');
      let again: number | undefined;
      const deadline = Date.now() + 60_000;
      while (again === undefined && Date.now() < deadline) {
        await page.waitForTimeout(20);
        again = runningAgainAfter((await marks(page)).states, pressed);
      }
      if (again === undefined) throw new Error('the simulator did not run again');
      into.editMs.push(again - pressed);
      const left = (await marks(page)).states.find(([time, state]) => time >= pressed && state !== 'running');
      if (left) into.restartMs.push(again - left[0]);
      into.mainThreadCpuMs.push((await mainThreadMs(cdp)) - cpuBefore);
      const entered = (await marks(page)).lastInput;
      const stages = editStages({ typed: pressed, running: again, ...(await stageTimes(page)) });
      if (entered !== undefined && entered >= pressed) stages['typedToEnter'] = entered - pressed;
      into.stages.push(stages);
      await page.waitForTimeout(500);
    }
    // Whether anything in the round built every stack left waiting far from the view (far-stacks.ts).
    const builtAll = await page.evaluate<number>(
      `performance.getEntriesByName('blockyard:blocks:build-every-stack').length`,
    );
    console.log(`round ${roundIndex + 1}: every waiting stack built ${builtAll} time(s)`);
    await context.close();
  } finally {
    await browser.close();
  }
}

const server = await startBuiltServer();
const baselineServer = baselineDist ? await startBuiltServer(otherWebBuildEnv(baselineDist)) : undefined;
const shipped = emptySamples();
const baseline = emptySamples();
const restartRoundRatios: number[] = [];
const roundRatios: number[] = [];
const cpuRoundRatios: number[] = [];
try {
  for (let r = 0; r < rounds; r++) {
    const now = emptySamples();
    const then = emptySamples();
    // Alternate which goes first, so neither always meets the other's leftovers.
    const order: [RunningServer, Samples][] = [[server, now]];
    if (baselineServer) order[r % 2 ? 'push' : 'unshift']([baselineServer, then]);
    for (const [which, into] of order) await round(which, into, r);
    shipped.editMs.push(...now.editMs);
    shipped.mainThreadCpuMs.push(...now.mainThreadCpuMs);
    shipped.restartMs.push(...now.restartMs);
    shipped.stages.push(...now.stages);
    if (baselineServer) {
      baseline.editMs.push(...then.editMs);
      baseline.mainThreadCpuMs.push(...then.mainThreadCpuMs);
      baseline.restartMs.push(...then.restartMs);
      baseline.stages.push(...then.stages);
      restartRoundRatios.push(summarize(now.restartMs).median / summarize(then.restartMs).median);
      roundRatios.push(summarize(now.editMs).median / summarize(then.editMs).median);
      cpuRoundRatios.push(summarize(now.mainThreadCpuMs).median / summarize(then.mainThreadCpuMs).median);
    }
    console.log(`round ${r + 1}: ${now.editMs.map(Math.round).join(' ')} | ${then.editMs.map(Math.round).join(' ')}`);
  }
} finally {
  await server.stop();
  await baselineServer?.stop();
}

/** `<prefix><Stage>Ms` -> summary, and a table of the medians on the console. */
function stageMetrics(prefix: string, edits: readonly Record<string, number>[]): Record<string, Summary> {
  const metrics: Record<string, Summary> = {};
  for (const [stage, samples] of stageSamples(edits)) {
    const key = stage.replace(/[.:](\w)/g, (_, c: string) => c.toUpperCase());
    metrics[`${prefix}${key[0]!.toUpperCase()}${key.slice(1)}${stage === 'compiles' ? '' : 'Ms'}`] = summarize(samples);
  }
  return metrics;
}

const shippedStages = stageSamples(shipped.stages);
const baselineStages = stageSamples(baseline.stages);
console.log('stage medians (ms): this build | baseline');
for (const stage of new Set([...shippedStages.keys(), ...baselineStages.keys()])) {
  const median = (samples: number[] | undefined) => (samples ? summarize(samples).median.toFixed(1) : '-');
  console.log(
    `  ${stage.padEnd(28)} ${median(shippedStages.get(stage)).padStart(8)} | ${median(baselineStages.get(stage))}`,
  );
}

const path = writeResult({
  name: 'edit-run',
  description: `Edit -> simulator running the new program: a ${project.blocks}-block project (${project.drawn} blocks with shadows) in headless Chromium against the built app, ${rounds} rounds of ${editsPerRound} edits${baselineDist ? `, each round also against the baseline build ${baselineDist}` : ''}.`,
  metrics: {
    editToRunningMs: summarize(shipped.editMs),
    editMainThreadCpuMs: summarize(shipped.mainThreadCpuMs),
    restartMs: summarize(shipped.restartMs),
    ...stageMetrics('stage', shipped.stages),
    ...(baselineServer
      ? {
          baselineEditToRunningMs: summarize(baseline.editMs),
          baselineEditMainThreadCpuMs: summarize(baseline.mainThreadCpuMs),
          baselineRestartMs: summarize(baseline.restartMs),
          restartBaselineRatio: summarize(restartRoundRatios),
          editToRunningBaselineRatio: summarize(roundRatios),
          editMainThreadCpuBaselineRatio: summarize(cpuRoundRatios),
          ...stageMetrics('baselineStage', baseline.stages),
        }
      : {}),
  },
  targets: { editToRunningMs: 'under 150 ms at 1,000 blocks on a quiet machine (issue 12)' },
  notes: [
    'Edit: from typing a new number into a number block (its field editor open) to the simulator reporting the new program running; includes the block editor, the code from the blocks and the compile in the worker, and the restart in the simulator frame.',
    'restartMs: from the simulator pane leaving "running" (the page posted the new program to the simulator frame) to running again: the frame starting a program worker, which evaluates the program and the runtime bundle.',
    'editMainThreadCpuMs: CPU time of the page main thread over the same span (CDP Performance ThreadTime): the block editor, React, style, layout, paint and layerizing of the page.',
    "stage*: where each edit went (bench/lib/edit-stages.ts; the run that ended the edit): typedToEnter (the bench typing, then Enter), changeToSave (typed -> the block change reaching the save), save (main.blocks text from the workspace), saveToRequest, request (edit request -> answer: blocks -> TypeScript -> compile in the worker), of which worker* (the worker's own steps; workerTotal all of it) and requestOutsideWorker (messaging, queueing), answerToFrame (the run posted -> the simulator frame has it), workerToPrepare (the compiler worker done -> the frame has the program through their port), framePreparedAhead (the program's worker, started from that port, was loaded this long before the page's run came), frameWorkerStart (a program worker evaluating the program and the runtime bundle, to its ready, when it was not loaded before the run), frameStart (start -> the program running), frameToPane (the frame says running -> the page's pane shows it), answerToRunning (answer -> running, all of the restart), compiles (edit requests answered during the edit). A stage an older build does not mark is missing from its figures.",
    '*BaselineRatio: per round, the median of this build over the median of the baseline build, both measured in that round; summarized over the rounds.',
  ],
});
console.log(
  `edit-run: edit -> running ${summarize(shipped.editMs).median.toFixed(0)} ms${roundRatios.length ? `, ${summarize(roundRatios).median.toFixed(2)}x the baseline` : ''} -> ${path}`,
);
