import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from './chromium.ts';

/** A Chromium of our own, on a profile folder that outlives it, that a test can kill outright. */
export interface KillableChromium {
  browser: Browser;
  page: Page;
  /** SIGKILL to the browser process: no unload, no pagehide, nothing written after this. */
  kill(): Promise<void>;
}

/**
 * Starts Debian's Chromium on `profileDir` (so a second start sees what the first one wrote) and
 * connects over the DevTools protocol. Playwright's own launcher hides the process, so it cannot
 * be killed the way a crash kills it.
 */
export async function launchKillableChromium(profileDir: string): Promise<KillableChromium> {
  const child = spawn(
    chromiumExecutable,
    [...chromiumArgs, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${output}`));
    });
  });
  const browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium started without a default context.');
  const page = await context.newPage();
  return { browser, page, kill: () => killProcess(child) };
}

async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
  // Its helper processes notice the parent is gone and end on their own; give them a moment
  // before the profile is opened again.
  await new Promise((resolve) => setTimeout(resolve, 300));
}
