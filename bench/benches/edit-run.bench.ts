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
import { marks, runningAgainAfter, watchEditor, importAndRun } from '../lib/editor-page.ts';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

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
const shipped: Samples = { editMs: [], mainThreadCpuMs: [], restartMs: [] };
const baseline: Samples = { editMs: [], mainThreadCpuMs: [], restartMs: [] };
const restartRoundRatios: number[] = [];
const roundRatios: number[] = [];
const cpuRoundRatios: number[] = [];
try {
  for (let r = 0; r < rounds; r++) {
    const now: Samples = { editMs: [], mainThreadCpuMs: [], restartMs: [] };
    const then: Samples = { editMs: [], mainThreadCpuMs: [], restartMs: [] };
    // Alternate which goes first, so neither always meets the other's leftovers.
    const order: [RunningServer, Samples][] = [[server, now]];
    if (baselineServer) order[r % 2 ? 'push' : 'unshift']([baselineServer, then]);
    for (const [which, into] of order) await round(which, into, r);
    shipped.editMs.push(...now.editMs);
    shipped.mainThreadCpuMs.push(...now.mainThreadCpuMs);
    shipped.restartMs.push(...now.restartMs);
    if (baselineServer) {
      baseline.editMs.push(...then.editMs);
      baseline.mainThreadCpuMs.push(...then.mainThreadCpuMs);
      baseline.restartMs.push(...then.restartMs);
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

const path = writeResult({
  name: 'edit-run',
  description: `Edit -> simulator running the new program: a ${project.blocks}-block project (${project.drawn} blocks with shadows) in headless Chromium against the built app, ${rounds} rounds of ${editsPerRound} edits${baselineDist ? `, each round also against the baseline build ${baselineDist}` : ''}.`,
  metrics: {
    editToRunningMs: summarize(shipped.editMs),
    editMainThreadCpuMs: summarize(shipped.mainThreadCpuMs),
    restartMs: summarize(shipped.restartMs),
    ...(baselineServer
      ? {
          baselineEditToRunningMs: summarize(baseline.editMs),
          baselineEditMainThreadCpuMs: summarize(baseline.mainThreadCpuMs),
          baselineRestartMs: summarize(baseline.restartMs),
          restartBaselineRatio: summarize(restartRoundRatios),
          editToRunningBaselineRatio: summarize(roundRatios),
          editMainThreadCpuBaselineRatio: summarize(cpuRoundRatios),
        }
      : {}),
  },
  targets: { editToRunningMs: 'under 150 ms at 1,000 blocks on a quiet machine (issue 12)' },
  notes: [
    'Edit: from typing a new number into a number block (its field editor open) to the simulator reporting the new program running; includes the block editor, the code from the blocks and the compile in the worker, and the restart in the simulator frame.',
    'restartMs: from the simulator pane leaving "running" (the page posted the new program to the simulator frame) to running again: the frame starting a program worker, which evaluates the program and the runtime bundle.',
    'editMainThreadCpuMs: CPU time of the page main thread over the same span (CDP Performance ThreadTime): the block editor, React, style, layout, paint and layerizing of the page.',
    '*BaselineRatio: per round, the median of this build over the median of the baseline build, both measured in that round; summarized over the rounds.',
  ],
});
console.log(
  `edit-run: edit -> running ${summarize(shipped.editMs).median.toFixed(0)} ms${roundRatios.length ? `, ${summarize(roundRatios).median.toFixed(2)}x the baseline` : ''} -> ${path}`,
);
