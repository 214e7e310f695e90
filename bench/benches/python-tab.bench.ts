// The Python tab at 1,000 blocks (issue 13: "Python tab switch under 300 ms at 1,000 blocks"):
// a 1,000-block project imported in headless Chromium (built server, fresh profile per run);
// a click on the Python tab until its editor shows main.py (`blocksToPythonMs`: blocks ->
// TypeScript -> Python in the worker, then CodeMirror), and the click back on Blocks until the
// first blocks are drawn (`pythonToBlocksMs`). The same switch to JavaScript in the same rounds
// (`blocksToJavaScriptMs`) is the baseline: `blocksToPythonToJavaScriptRatio` (per round).
import type { Page } from 'playwright-core';
import { launchChromium } from '../../e2e/harness/chromium.ts';
import { startBuiltServer } from '../../e2e/harness/server.ts';
import { blockProject } from '../lib/block-program.ts';
import { watchEditor, importAndRun } from '../lib/editor-page.ts';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const runs = Number(process.env['BENCH_RUNS'] ?? 2);
const switchesPerRun = 3;
const project = blockProject(1000);
const server = await startBuiltServer();
const browser = await launchChromium();
const workspaceBlocks = 'svg.blocklySvg > g.blocklyWorkspace > g.blocklyBlockCanvas g.blocklyBlock';

const toPythonMs: number[] = [];
const toJavaScriptMs: number[] = [];
const backToBlocksMs: number[] = [];
const ratio: number[] = [];

/** Milliseconds from the click on tab `tab` until `ready` (a page expression) holds. */
async function timeSwitch(page: Page, tab: string, ready: string): Promise<number> {
  const done = page.evaluate<number>(
    `new Promise((resolve) => {
      let at = 0;
      addEventListener('pointerup', () => (at = performance.now()), { capture: true, once: true });
      const poll = () => (at && (${ready}) ? resolve(performance.now() - at) : requestAnimationFrame(poll));
      requestAnimationFrame(poll);
    })`,
  );
  await page.getByRole('tab', { name: tab }).click();
  return done;
}

/** The code editor of `file` shows the program in its language (`word` is only in that one). */
const codeShown = (file: string, word: string): string =>
  `(() => { const box = document.querySelector('[aria-label="${file}"]'); return !!box && box.textContent.includes('${word}'); })()`;
const blocksShown = `document.querySelectorAll(${JSON.stringify(workspaceBlocks)}).length > 0`;

try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await watchEditor(page);
    await importAndRun(page, server.url, project.files);
    await page.locator(workspaceBlocks).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3000);
    for (let round = 0; round < switchesPerRun; round++) {
      const python = await timeSwitch(page, 'Python', codeShown('Python (main.py)', 'def score'));
      await page.waitForTimeout(1000);
      backToBlocksMs.push(await timeSwitch(page, 'Blocks', blocksShown));
      await page.waitForTimeout(2000);
      const javaScript = await timeSwitch(page, 'JavaScript', codeShown('JavaScript (main.ts)', 'function score'));
      await page.waitForTimeout(1000);
      await timeSwitch(page, 'Blocks', blocksShown);
      await page.waitForTimeout(2000);
      toPythonMs.push(python);
      toJavaScriptMs.push(javaScript);
      ratio.push(python / javaScript);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const path = writeResult({
  name: 'python-tab',
  description: `A ${project.blocks}-block project in the editor, headless Chromium, built server: Blocks -> Python and back, against Blocks -> JavaScript in the same rounds (${runs} runs, ${switchesPerRun} switches each).`,
  metrics: {
    blocksToPythonMs: summarize(toPythonMs),
    pythonToBlocksMs: summarize(backToBlocksMs),
    blocksToJavaScriptMs: summarize(toJavaScriptMs),
    blocksToPythonToJavaScriptRatio: summarize(ratio),
  },
  targets: { blocksToPythonMs: 'under 300 ms at 1,000 blocks (issue 13)' },
});
console.log(`wrote ${path}`);
