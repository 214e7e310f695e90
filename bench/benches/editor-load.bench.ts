// Cold load of the editor in headless Chromium on the built server, a fresh profile per run:
// home -> New project -> the blocks interactive (workspace drawn with its toolbox), and the
// simulator running the new project; the JS+CSS the page fetched until the blocks were
// interactive (as sent, and as gzip); and a cold load of an existing project straight from its
// address (the project made in the same profile first, then the page opened anew).
import { launchChromium } from '../../e2e/harness/chromium.ts';
import { startBuiltServer } from '../../e2e/harness/server.ts';
import { firstRunning, marks, scriptBytes, watchEditor } from '../lib/editor-page.ts';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const runs = 5;
const server = await startBuiltServer();
const browser = await launchChromium();
const blocksMs: number[] = [];
const simulatorMs: number[] = [];
const gzipBytes: number[] = [];
const transferBytes: number[] = [];
const directBlocksMs: number[] = [];
const directSimulatorMs: number[] = [];
let files: string[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await watchEditor(page);
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: 'New project' }).click();
    const name = page.getByRole('dialog', { name: 'New project' }).getByLabel('Project name');
    await name.waitFor();
    await name.press('Enter');
    const created = await page.evaluate(() => window.benchMarks?.lastInput ?? Number.NaN);
    await page.locator('svg.blocklySvg g.pxt-on-start').waitFor({ timeout: 60_000 });
    await page.locator('[aria-label="Simulator"][data-state="running"]').waitFor({ timeout: 60_000 });
    const m = await marks(page);
    const running = firstRunning(m.states);
    if (m.blocks === undefined || running === undefined) throw new Error(`no marks: ${JSON.stringify(m)}`);
    blocksMs.push(m.blocks - created);
    simulatorMs.push(running - created);
    const bytes = await scriptBytes(page, m.blocks);
    gzipBytes.push(bytes.gzip);
    transferBytes.push(bytes.transfer);
    files = bytes.files;

    // The same project opened from its address in a new page: navigation to interactive.
    const url = page.url();
    await page.waitForTimeout(1500); // let the autosave finish
    const again = await context.newPage();
    await watchEditor(again);
    await again.goto(url);
    await again.locator('svg.blocklySvg g.pxt-on-start').waitFor({ timeout: 60_000 });
    await again.locator('[aria-label="Simulator"][data-state="running"]').waitFor({ timeout: 60_000 });
    const direct = await marks(again);
    const directRunning = firstRunning(direct.states);
    if (direct.blocks !== undefined) directBlocksMs.push(direct.blocks);
    if (directRunning !== undefined) directSimulatorMs.push(directRunning);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const path = writeResult({
  name: 'editor-load',
  description:
    'Headless Chromium, fresh profile per run, built server. From pressing Create in the New project dialog: blocks interactive (workspace with on start and the toolbox drawn) and simulator running; JS+CSS fetched until interactive; then the same project opened from its address in a new page (times from navigation start, HTTP cache warm).',
  metrics: {
    newProjectToInteractiveBlocksMs: summarize(blocksMs),
    newProjectToSimulatorRunningMs: summarize(simulatorMs),
    jsCssGzipBytesBeforeInteractive: summarize(gzipBytes),
    jsCssTransferBytesBeforeInteractive: summarize(transferBytes),
    openProjectToInteractiveBlocksMs: summarize(directBlocksMs),
    openProjectToSimulatorRunningMs: summarize(directSimulatorMs),
  },
  targets: {
    newProjectToInteractiveBlocksMs: 'under 800 ms (MakeCode here: about 2.2 s)',
    newProjectToSimulatorRunningMs: 'under 1.4 s (MakeCode: 5.5 s after navigation)',
    jsCssGzipBytesBeforeInteractive: 'at most 1.1 MB gzip (MakeCode: 3.3 MB); TypeScript worker after first paint',
  },
  notes: [`JS/CSS before interactive (last run): ${files.join(', ')}`],
});
console.log(
  `editor-load: blocks ${summarize(blocksMs).median.toFixed(0)} ms, simulator ${summarize(simulatorMs).median.toFixed(0)} ms, ${(summarize(gzipBytes).median / 1024).toFixed(0)} KiB gzip -> ${path}`,
);
