// Importing files made by an attacker (issue 21): the page never freezes, shows its progress with
// Cancel while a file unpacks, and refuses what it cannot take with a message saying why.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { holdImportAnswers } from '../harness/import-gate.ts';
import { journey, useChromium } from '../harness/journey.ts';
import { repoRoot } from '../harness/server.ts';
import { HomePage } from '../pages/home-page.ts';

const hostileDir = join(repoRoot, 'packages/core/test/fixtures/hostile');

async function pickBytes(page: Page, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer });
}

function pick(page: Page, name: string): Promise<void> {
  return pickBytes(page, name, readFileSync(join(hostileDir, name)));
}

/**
 * A .mkcd whose main.ts is 4.6 MB of program lines: over the 4 MB per-file cap, yet quick to make
 * and to unpack (the import gate, not the file's size, keeps its progress on screen).
 */
function bigFileProject(): Buffer {
  const config = '{"name":"Big","dependencies":{"core":"*"},"files":["main.ts"]}';
  const source = JSON.stringify({ 'pxt.json': config, 'main.ts': 'basic.showNumber(1)\n'.repeat(230_000) });
  const json = JSON.stringify({ meta: { name: 'Big', editor: 'tsprj' }, source });
  return execFileSync('xz', ['--format=lzma', '-1', '--stdout'], { input: Buffer.from(json), maxBuffer: 1 << 28 });
}

/** Long tasks (main thread busy > 50 ms) from now on, to see whether the page froze. */
async function watchLongTasks(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(`(() => {
    window.hostileLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.hostileLongTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  })()`);
  return () => page.evaluate<number[]>('window.hostileLongTasks');
}

/** Every text that appears in a dialog from now on, however briefly. */
async function watchTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(`(() => {
    const seen = new Set();
    window.hostileTexts = seen;
    const record = () => {
      for (const element of document.querySelectorAll('dialog h2, dialog p')) seen.add(element.textContent);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
  return () => page.evaluate<string[]>('[...window.hostileTexts]');
}

describe('hostile project files on Import', () => {
  useChromium();

  // Every wait below is on something the page shows; the import gate holds the worker's answer so
  // the progress dialog can be looked at however fast or slow the machine is.
  journey(
    'an LZMA bomb unpacks in a worker with progress, and is refused without freezing the page',
    async ({ page, baseUrl, snap }) => {
      const gate = await holdImportAnswers(page);
      const home = new HomePage(page, baseUrl);
      await home.open();
      const longTasks = await watchLongTasks(page);
      const seen = await watchTexts(page);
      await pick(page, 'lzma-bomb.mkcd');
      const progress = page.getByRole('dialog', { name: 'Opening “lzma-bomb.mkcd”' });
      await progress.getByText(/^Unpacking the project: \d+%$/).waitFor({ timeout: 50_000 });
      await gate.answered();
      // The page drew the progress again and again while the worker unpacked: its main thread
      // was free the whole time (unpacking on it, the page could not have drawn until the end).
      const percents = new Set((await seen()).filter((text) => /^Unpacking the project: \d+%$/.test(text)));
      expect(percents.size).toBeGreaterThan(1);
      await snap('import-progress-bomb');
      await gate.release();
      const refused = page.getByRole('dialog', { name: "“lzma-bomb.mkcd” can't be opened" });
      await refused.waitFor();
      expect(await refused.getByRole('alert').textContent()).toBe(
        "We couldn't open this file. This project is too big to open: it unpacks to more than 16 MB. Projects made in the editor are never this big.",
      );
      // The exact technical text is there for a teacher, folded away.
      await refused.getByText('Details').click();
      await refused
        .getByText('This project is too big to open: it unpacks to more than 16 MB.', { exact: true })
        .waitFor();
      await snap('import-refused-bomb');
      // No stretch of main-thread work anywhere near a freeze (it was 8 s and more per import
      // on the main thread). Generous: a loaded machine may stretch a short task.
      expect(Math.max(0, ...(await longTasks()))).toBeLessThan(2_000);
      await refused.getByRole('button', { name: 'OK' }).click();
      await refused.waitFor({ state: 'hidden' });
      expect(await home.projectNames()).toEqual([]);
    },
    { timeout: 120_000 },
  );

  journey(
    'a big project shows how far it has unpacked, and a file over the cap is refused',
    async ({ page, baseUrl, snap }) => {
      const gate = await holdImportAnswers(page);
      const home = new HomePage(page, baseUrl);
      await home.open();
      await pickBytes(page, 'big-file.mkcd', bigFileProject());
      const progress = page.getByRole('dialog', { name: 'Opening “big-file.mkcd”' });
      await progress.getByRole('progressbar', { name: 'Progress of opening the file' }).waitFor();
      await progress.getByText(/^Unpacking the project: \d+%$/).waitFor({ timeout: 50_000 });
      await gate.answered();
      expect(await gate.progressCount()).toBeGreaterThan(1);
      await snap('import-progress');
      await gate.release();
      const refused = page.getByRole('dialog', { name: "“big-file.mkcd” can't be opened" });
      await refused.waitFor();
      expect(await refused.getByRole('alert').textContent()).toBe(
        "We couldn't open this file. The file “main.ts” in this project is too big to open (over 4 MB). Projects made in the editor are never this big.",
      );
      await refused.getByRole('button', { name: 'OK' }).click();
      expect(await home.projectNames()).toEqual([]);
    },
    { timeout: 120_000 },
  );

  journey(
    'Cancel stops an import at once and changes nothing, even if the file was read',
    async ({ page, baseUrl }) => {
      const gate = await holdImportAnswers(page);
      const home = new HomePage(page, baseUrl);
      await home.open();
      // A good project this time: had Cancel not worked, it would be created.
      const config = '{"name":"Kept out","dependencies":{"core":"*"},"files":["main.ts"]}';
      const json = JSON.stringify({ 'pxt.json': config, 'main.ts': 'basic.showNumber(1)\n'.repeat(20_000) });
      const packed = execFileSync('xz', ['--format=lzma', '-1', '--stdout'], {
        input: Buffer.from(JSON.stringify({ meta: { name: 'Kept out', editor: 'tsprj' }, source: json })),
      });
      await pickBytes(page, 'kept-out.mkcd', packed);
      const progress = page.getByRole('dialog', { name: 'Opening “kept-out.mkcd”' });
      await progress.getByRole('button', { name: 'Cancel' }).click();
      await progress.waitFor({ state: 'hidden' });
      await page.getByText('Stopped opening “kept-out.mkcd”. Nothing was changed.').waitFor();
      // The worker's answer, if it came, is dropped: nothing appears later.
      await gate.release();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await home.projectNames()).toEqual([]);
    },
    { timeout: 120_000 },
  );

  journey(
    'a project with a ../ file name is refused at import, saying which file and why',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await pick(page, 'parent-path.json');
      const refused = page.getByRole('dialog', { name: "“parent-path.json” can't be opened" });
      await refused.waitFor();
      expect(await refused.getByRole('alert').textContent()).toBe(
        "We couldn't open this file. This project holds a file whose name isn't allowed (“../evil.ts”), so it can't be used safely.",
      );
      await refused.getByText('Details').click();
      await refused
        .getByText(
          'The file name "../evil.ts" is not allowed in a project: it points outside the project folder (..).',
          { exact: true },
        )
        .waitFor();
      await snap('import-refused-name');
      await page.evaluate(() => (document.documentElement.dataset.theme = 'high-contrast'));
      await snap('import-refused-name-high-contrast');
      await page.evaluate(() => delete document.documentElement.dataset.theme);
      await page.keyboard.press('Escape');
      await refused.waitFor({ state: 'hidden' });
      expect(await home.projectNames()).toEqual([]);
      // The same refusal for the other formats and names.
      for (const [file, name] of [
        ['git-hooks.json', '.git/hooks/post-checkout'],
        ['backslash-name.hex', '..\\\\..\\\\evil.ts'],
        ['nul-name.uf2', 'main.ts\\u0000.txt'],
        ['absolute-path.mkcd', '/etc/cron.d/evil'],
      ] as const) {
        await pick(page, file);
        const dialog = page.getByRole('dialog', { name: `“${file}” can't be opened` });
        expect(await dialog.getByRole('alert').textContent()).toContain(`(“${name}”)`);
        expect(await dialog.locator('details').textContent()).toContain(`The file name "${name}" is not allowed`);
        await dialog.getByRole('button', { name: 'OK' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      expect(await home.projectNames()).toEqual([]);
    },
  );
});
