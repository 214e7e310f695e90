// Helpers for the editor benchmarks: in-page timestamps of what the editor shows (blocks drawn,
// simulator state), and the gzip size of the scripts and styles a page loaded.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

const distDir = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');

/** Marks kept by the in-page watcher (performance.now() times). */
export interface EditorMarks {
  /** The first time the main workspace had an "on start" block and a toolbox. */
  blocks?: number;
  /** Each simulator state change: [time, state]. */
  states: [number, string][];
  /** Time of the last key press or pointer release (the edit). */
  lastInput?: number;
}

declare global {
  interface Window {
    benchMarks?: EditorMarks;
  }
}

/** Installs (before any page script) a watcher recording when blocks and simulator states appear. */
// A string, not a function: tsx names inner functions with a helper the page does not have.
const watcherScript = `(() => {
  if (window !== window.top) return; // not in the simulator's frame
  const marks = { states: [] };
  window.benchMarks = marks;
  let lastState = '';
  function shown(selector) {
    for (const element of document.querySelectorAll(selector)) {
      if (!element.closest('[data-blocks-warm-up]')) return true;
    }
    return false;
  }
  function check() {
    // Not the home page's off-screen warm-up workspace (apps/web warm-blocks-editor.ts).
    if (marks.blocks === undefined && shown('svg.blocklySvg g.blocklyBlockCanvas g.blocklyBlock')) {
      if (shown('.blocklyToolbox [role="treeitem"]')) marks.blocks = performance.now();
    }
    const pane = document.querySelector('[aria-label="Simulator"][data-state]');
    const state = pane ? pane.getAttribute('data-state') : '';
    if (state && state !== lastState) {
      lastState = state;
      marks.states.push([performance.now(), state]);
    }
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  for (const type of ['keydown', 'pointerup']) {
    addEventListener(type, function () { marks.lastInput = performance.now(); }, { capture: true });
  }
})();`;

/** Installs (before any page script) a watcher recording when blocks and simulator states appear. */
export async function watchEditor(page: Page): Promise<void> {
  await page.addInitScript({ content: watcherScript });
}

export async function marks(page: Page): Promise<EditorMarks> {
  return page.evaluate(() => window.benchMarks ?? { states: [] });
}

/** The first time after `since` the simulator was running again, having left "running" after it. */
export function runningAgainAfter(states: readonly [number, string][], since: number): number | undefined {
  let left = false;
  for (const [time, state] of states) {
    if (time < since) continue;
    if (state !== 'running') left = true;
    else if (left) return time;
  }
  return undefined;
}

export function firstRunning(states: readonly [number, string][]): number | undefined {
  return states.find(([, state]) => state === 'running')?.[0];
}

/** JS and CSS the page fetched until `until` (performance.now()): bytes as sent and as gzip. */
export async function scriptBytes(
  page: Page,
  until: number,
): Promise<{ transfer: number; gzip: number; files: string[] }> {
  const entries = await page.evaluate((limit) => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return resources
      .filter((r) => /\.(js|css)(\?|$)/.test(r.name) && r.responseEnd <= limit)
      .map((r) => ({ name: new URL(r.name).pathname, transfer: r.transferSize }));
  }, until);
  let gzip = 0;
  for (const entry of entries) {
    const file = join(distDir, entry.name);
    if (existsSync(file)) gzip += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return { transfer: entries.reduce((sum, e) => sum + e.transfer, 0), gzip, files: entries.map((e) => e.name) };
}

/** Opens the home page, imports `files` as a project (the Import button) and waits until it runs. */
export async function importAndRun(page: Page, serverUrl: string, files: Record<string, string>): Promise<void> {
  await page.goto(serverUrl + '/');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await (
    await chooser
  ).setFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(files)) });
  await page.locator('[aria-label="Simulator"][data-state="running"]').waitFor({ timeout: 120_000 });
}
