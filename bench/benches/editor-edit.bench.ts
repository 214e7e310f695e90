// Editing a 1,000-block project in the editor (headless Chromium, built server, fresh profile per
// run; the project is imported as a file, as a learner would):
// - edit -> simulator running again: a number typed into a block's field (Enter) until the
//   simulator reports running the new program (block editor settle, code from the blocks and
//   compile in the worker, restart in the frame);
// - JavaScript -> Blocks: a click on the Blocks tab until every block is drawn;
// - long tasks (> 50 ms) on the page's main thread while typing in the code editor and while
//   dragging a block stack around;
// - the page's JS heap with the project open (after a garbage collection).
import type { Page } from 'playwright-core';
import { launchChromium } from '../../e2e/harness/chromium.ts';
import { otherWebBuildEnv, startBuiltServer } from '../../e2e/harness/server.ts';
import { blockProject } from '../lib/block-program.ts';
import { firstRunning, marks, runningAgainAfter, watchEditor } from '../lib/editor-page.ts';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const runs = 3;
const editsPerRun = 5;
const project = blockProject(1000);
// BENCH_WEB_DIST: measure another web build instead (e.g. main's, copied aside), one run after
// the other (this bench has no same-round baseline: edit-run has).
const webDist = process.env['BENCH_WEB_DIST'];
const server = await startBuiltServer(webDist ? otherWebBuildEnv(webDist) : {});
const browser = await launchChromium();

const editMs: number[] = [];
const toBlocksMs: number[] = [];
const toBlocksCompleteMs: number[] = [];
const typingLongTasks: number[] = [];
const typingLongestMs: number[] = [];
const draggingLongTasks: number[] = [];
const draggingLongestMs: number[] = [];
const heapMb: number[] = [];
const openMs: number[] = [];
/** Where an edit's time goes: performance measures of the page and the worker, per edit. */
const breakdown = new Map<string, number[]>();
const addStep = (name: string, ms: number) => {
  const list = breakdown.get(name) ?? [];
  list.push(ms);
  breakdown.set(name, list);
};

const workspaceBlocks = 'svg.blocklySvg > g.blocklyWorkspace > g.blocklyBlockCanvas g.blocklyBlock';

/** A point near the top left of the first element matching `selector` whose start is in view. */
async function visiblePoint(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const point = await page.evaluate<{ x: number; y: number } | null>(`(() => {
    const svg = document.querySelector('svg.blocklySvg').getBoundingClientRect();
    const toolbox = document.querySelector('.blocklyToolbox');
    const left = Math.max(svg.left, toolbox ? toolbox.getBoundingClientRect().right : 0) + 10;
    for (const element of document.querySelectorAll(${JSON.stringify(selector)})) {
      const r = element.getBoundingClientRect();
      // The point pressed must be in view, not the whole element (a function stack may be wider).
      const x = r.left + Math.min(r.width / 2, 20);
      const y = r.top + Math.min(r.height / 2, 12);
      if (r.width > 0 && r.left > left && x < svg.right - 80 && r.top > svg.top + 10 && y < svg.bottom - 30) {
        return { x, y };
      }
    }
    return null;
  })()`);
  if (!point) {
    await page.screenshot({ path: '/tmp/shots/bench-nothing.png' });
    throw new Error(`nothing in view matches ${selector}`);
  }
  return point;
}

async function startLongTasks(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.benchLongTasks = [];
    window.benchObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
    });
    window.benchObserver.observe({ type: 'longtask' });
  })()`);
}

async function stopLongTasks(page: Page): Promise<number[]> {
  return page.evaluate<number[]>(`(() => {
    window.benchObserver.disconnect();
    return window.benchLongTasks;
  })()`);
}

/**
 * The edit's steps: measures named `blockyard:<where>:<step>` (page: blocks:save, session:toCode
 * = post to answer, session:compile = compile request to the run posted to the frame; worker:
 * toCode:read/generate, ahead:* = the compile done right after toCode, by phase), plus the
 * settle time (Enter to the save starting: Blockly and the block editor's debounce) and the
 * restart (run posted to the frame reporting running).
 */
async function recordBreakdown(page: Page, pressed: number, running: number): Promise<void> {
  const measures = await page.evaluate<[string, number, number][]>(
    `performance.getEntriesByType('measure').filter((m) => m.name.startsWith('blockyard:')).map((m) => [m.name, m.startTime, m.duration])`,
  );
  const totals = new Map<string, number>();
  for (const [name, , duration] of measures) totals.set(name, (totals.get(name) ?? 0) + duration);
  for (const [name, ms] of totals) addStep(name.slice('blockyard:'.length), ms);
  const save = measures.find(([name]) => name === 'blockyard:blocks:save');
  // Before the save: Blockly delivering the change and the block editor's 20 ms debounce.
  if (save) addStep('settle', save[1] - pressed);
  // Blocks edits are one `edit` request (code and compile); the run is posted as it ends.
  const compile = measures
    .filter(([name]) => name === 'blockyard:session:edit' || name === 'blockyard:session:compile')
    .at(-1);
  if (compile) addStep('restart', running - (compile[1] + compile[2]));
}

try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await watchEditor(page);
    await page.goto(server.url + '/');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const opened = Date.now();
    await (
      await chooser
    ).setFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(project.files)) });
    await page.locator('[aria-label="Simulator"][data-state="running"]').waitFor({ timeout: 120_000 });
    openMs.push(Date.now() - opened);
    // The block editor draws the stacks near the view in small slices: wait until they are there.
    let drawn = 0;
    for (let last = -1; drawn !== last;) {
      last = drawn;
      await page.waitForTimeout(1000);
      drawn = await page.locator(workspaceBlocks).count();
    }
    // Stacks far from the view wait unbuilt (packages/blocks far-stacks.ts; builds before it draw all).
    if (drawn === 0) throw new Error(`no blocks drawn for ${project.blocks}`);

    // Heap with the project open.
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    heapMb.push(heap.usedSize / (1024 * 1024));

    // Edits: type a number into a number field in view.
    for (let edit = 0; edit < editsPerRun; edit++) {
      const field = await visiblePoint(page, `${workspaceBlocks}.math_number text`);
      await page.mouse.click(field.x, field.y);
      const input = page.locator('.blocklyHtmlInput');
      await input.waitFor();
      // The edit starts when the new number is typed (the block editor reports it at once, before
      // Enter closes the field).
      await page.evaluate('performance.clearMeasures()');
      const pressed = await page.evaluate<number>('performance.now()');
      await input.fill(String(100 + run * 10 + edit));
      await page.keyboard.press('Enter');
      let again: number | undefined;
      const deadline = Date.now() + 60_000;
      while (again === undefined && Date.now() < deadline) {
        await page.waitForTimeout(50);
        again = runningAgainAfter((await marks(page)).states, pressed);
      }
      if (again === undefined) throw new Error('the simulator did not run again');
      editMs.push(again - pressed);
      await recordBreakdown(page, pressed, again);
    }

    // Dragging a stack (a function of about ten blocks) around for 1.5 s.
    const box = await visiblePoint(page, `${workspaceBlocks}.function_definition`);
    await startLongTasks(page);
    await page.mouse.move(box.x, box.y);
    await page.mouse.down();
    for (let step = 0; step < 30; step++) {
      await page.mouse.move(box.x + step * 6, box.y + (step % 10) * 4);
      await page.waitForTimeout(50);
    }
    await page.mouse.up();
    await page.waitForTimeout(1000);
    const dragTasks = await stopLongTasks(page);
    draggingLongTasks.push(dragTasks.length);
    draggingLongestMs.push(Math.max(0, ...dragTasks));

    // Typing in the code editor (JavaScript of the same 1,000 blocks).
    await page.getByRole('tab', { name: 'JavaScript' }).click();
    const code = page.getByRole('textbox', { name: 'JavaScript (main.ts)' });
    await code.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    await code.click();
    await page.keyboard.press('ControlOrMeta+Home');
    await startLongTasks(page);
    await page.keyboard.type('basic.showNumber(12345)\n', { delay: 80 });
    await page.waitForTimeout(1500);
    const typeTasks = await stopLongTasks(page);
    typingLongTasks.push(typeTasks.length);
    typingLongestMs.push(Math.max(0, ...typeTasks));

    // JavaScript -> Blocks.
    await page.waitForTimeout(1000);
    const expected = drawn;
    // Until the first blocks are drawn (the editor is usable: the block editor draws the stacks
    // in view first and the rest in small slices) and until every block is.
    const drawnAt = page.evaluate<[number, number]>(
      `new Promise((resolve) => {
        const started = { at: 0, first: 0 };
        addEventListener('pointerup', () => (started.at = performance.now()), { capture: true, once: true });
        const poll = () => {
          const count = started.at ? document.querySelectorAll(${JSON.stringify(workspaceBlocks)}).length : 0;
          if (count > 0 && !started.first) started.first = performance.now();
          if (count >= ${expected}) resolve([started.first - started.at, performance.now() - started.at]);
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      })`,
    );
    await page.getByRole('tab', { name: 'Blocks' }).click();
    const [first, complete] = await drawnAt;
    toBlocksMs.push(first);
    toBlocksCompleteMs.push(complete);
    const m = await marks(page);
    if (firstRunning(m.states) === undefined) throw new Error('never ran');
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const path = writeResult({
  name: 'editor-edit',
  description: `A ${project.blocks}-block project (${project.drawn} blocks with shadows, main.ts of ${project.files['main.ts']!.split('\n').length} lines) in the editor, headless Chromium, built server${webDist ? ` serving ${webDist}` : ''}, fresh profile per run (${runs} runs, ${editsPerRun} edits each).`,
  metrics: {
    importToRunningMs: summarize(openMs),
    editToSimulatorRunningMs: summarize(editMs),
    javaScriptToBlocksMs: summarize(toBlocksMs),
    javaScriptToAllBlocksDrawnMs: summarize(toBlocksCompleteMs),
    typingLongTasks: summarize(typingLongTasks),
    typingLongestTaskMs: summarize(typingLongestMs),
    draggingLongTasks: summarize(draggingLongTasks),
    draggingLongestTaskMs: summarize(draggingLongestMs),
    pageJsHeapMb: summarize(heapMb),
    ...Object.fromEntries(
      [...breakdown].map(([step, samples]) => [
        `edit.${step.replace(/:(\w)/g, (_, c: string) => c.toUpperCase())}Ms`,
        summarize(samples),
      ]),
    ),
  },
  targets: {
    editToSimulatorRunningMs: 'under 150 ms at 1,000 blocks (MakeCode: 2.9 s at any size)',
    javaScriptToBlocksMs: 'under 600 ms at 1,000 blocks (MakeCode: 2.2-2.7 s)',
    typingLongTasks: 'no main-thread task longer than 50 ms while typing',
    draggingLongTasks: 'no main-thread task longer than 50 ms while dragging',
    pageJsHeapMb: 'under 150 MB with a 1,000-block project open',
  },
  notes: [
    'Edit: time from typing a new number into a number field (the block editor reports the value as it is typed; Enter then closes the field) to the simulator reporting the new program running; includes the block editor settling, the code from the blocks and the compile in the worker, and the restart in the frame.',
    'edit.* breaks an edit down (sums per edit of performance measures named blockyard:*): settle = typing to the save starting (Blockly delivering the change and the 20 ms debounce); blocksSave = main.blocks text from the workspace (main thread); sessionToCode = toCode request to answer, of which workerToCodeRead (blocks XML read) and workerToCodeGenerate (TypeScript written); sessionCompile = compile request to the run posted to the frame, the compile itself done by the worker right after toCode (workerAhead*: program = Program update, syntax, check = type check, analysis = wait analysis, emit = transform and print); restart = run posted to the frame reporting running.',
    'Heap: the editor page only (the compiler worker and the simulator frame have their own heaps).',
    "Since the breakdown (2026-11-22): saving after an edit writes only the stacks it touched (about 200 ms -> 2 ms of main thread at this size), the worker reparses only changed stacks (about 80 ms -> 2 ms) and the block editor reports edits in the next task instead of after 20 ms; the median went from 444 ms to about 250 ms on this machine. Still above the 150 ms goal: settle is Blockly closing the field editor and Chromium laying out and painting the 2,000-block SVG (Layerize/Paint, about 35-50 ms) plus the benchmark's own typing; the compile done ahead is about 70 ms (emit about half, type check about a third); the frame restart about 35 ms.",
    "Dragging: no long task left at 1,000 blocks (the 66 ms task was the whole-workspace save right after the drop). At 2,000 blocks (profiled by hand) what remains is Blockly's and Chromium's: pointer down on a stack (Blockly brings it to the front and moves focus; style and layout of the whole SVG, 100-400 ms), the drag start (moving the stack to the drag layer, caching connection pairs, about 100 ms) and the drop (about 80 ms); Blockly 13 offers no option for these.",
  ],
});
console.log(
  `editor-edit: edit -> running ${summarize(editMs).median.toFixed(0)} ms, JS -> Blocks ${summarize(toBlocksMs).median.toFixed(0)} ms, heap ${summarize(heapMb).median.toFixed(0)} MB -> ${path}`,
);
