// Issue 20 item 12: languages as a learner meets them. The language menu fits in Settings and
// offers only translated languages; Arabic reads right to left everywhere (home, dialogs, the
// editor, the block workspace, toasts, Blockly's menus, the simulator); and changing language with
// a project open changes the blocks at once, without losing the program or its undo.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { repoRoot } from '../harness/server.ts';
import { AppPage } from '../pages/app-page.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

const OFFERED = ['en', 'ar', 'de', 'es-ES', 'fr', 'ja', 'pt-BR', 'zh-CN'];

/** A string of the app's translation files (`ar`, `translation`, `home.title`), as shipped. */
function text(code: string, file: 'translation' | 'blocks', path: string): string {
  const json: unknown = JSON.parse(
    readFileSync(join(repoRoot, 'apps/web/src/i18n/locales', code, `${file}.json`), 'utf8'),
  );
  let value: unknown = json;
  for (const key of path.split('>')) value = (value as Record<string, unknown>)[key];
  if (typeof value !== 'string') throw new Error(`${code}/${file}.json has no text at ${path}`);
  return value;
}
const ar = (path: string) => text('ar', 'translation', path.replaceAll('.', '>'));
const ja = (path: string) => text('ja', 'translation', path.replaceAll('.', '>'));
/** A block text by section and key (`builtin`, `pxt-on-start>0`), without its first placeholder. */
const blockText = (code: string, path: string) => text(code, 'blocks', path).replace(/ ?%1/, '');

/** The board showing the digit 0, as its LED description says it (English). */
const ZERO = 'LED display: row 1 on at 2, 3; row 2 on at 1, 4; row 3 on at 1, 4; row 4 on at 1, 4; row 5 on at 2, 3';

/** Picks a language in the open page's Settings panel (the label is in the language shown now). */
async function chooseLanguage(page: Page, settings: string, code: string): Promise<void> {
  await page.getByRole('button', { name: settings }).click();
  await page.locator('.settings-panel select').selectOption(code);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, code);
  await page.keyboard.press('Escape');
}

/** The language and direction of the simulator's page (a sandboxed frame of its own), or null. */
async function simulatorLanguage(page: Page): Promise<string | null> {
  const frame = page.frames().find((candidate) => candidate.url().includes('/sim/') && !candidate.isDetached());
  if (!frame) return null;
  return frame.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`).catch(() => null); // replaced while we asked
}

function box(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
    });
}

describe('languages', () => {
  useChromium();

  journey(
    'the language menu fits in Settings and offers only translated languages',
    async ({ page, baseUrl, snap }) => {
      const app = new AppPage(page, baseUrl);
      await app.goto('/');
      await app.settingsButton().click();
      const values = await app
        .languageSelect()
        .evaluate((select: HTMLSelectElement) => [...select.options].map((option) => option.value));
      expect(values).toEqual(OFFERED);
      const panel = await box(page, '.settings-panel');
      const menu = await box(page, '.settings-panel select');
      expect(menu.left).toBeGreaterThanOrEqual(panel.left);
      expect(menu.right).toBeLessThanOrEqual(panel.right);
      await snap('home');

      // The editor's header has the same panel, at the other end of a busier header.
      const home = new HomePage(page, baseUrl);
      await page.keyboard.press('Escape');
      await home.createProject('Menu');
      await new EditorPage(page, baseUrl).waitForMode('Blocks');
      await app.settingsButton().click();
      const editorPanel = await box(page, '.settings-panel');
      const editorMenu = await box(page, '.settings-panel select');
      expect(editorMenu.right).toBeLessThanOrEqual(editorPanel.right);
      expect(editorPanel.right).toBeLessThanOrEqual(page.viewportSize()!.width);
    },
  );

  journey(
    'Arabic reads right to left: home, dialogs, editor, blocks, menus, toasts, simulator',
    async ({ page, baseUrl, snap }) => {
      const app = new AppPage(page, baseUrl);
      await app.goto('/');
      await chooseLanguage(page, 'Settings', 'ar');
      expect(await app.mainHeading().textContent()).toBe(ar('home.title'));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // The header is mirrored: the brand is at the right, Settings at the left.
      const brand = await box(page, '.app-header-brand');
      const settings = await box(page, '.settings-menu');
      expect(brand.left).toBeGreaterThan(settings.right);
      await snap('home');

      // The choice is kept: locally and in the language cookie, read back after a reload.
      expect(await page.evaluate(() => document.cookie)).toContain('PXT_LANG=ar');
      await page.reload();
      await app
        .mainHeading()
        .filter({ hasText: ar('home.title') })
        .waitFor();

      await page
        .getByRole('button', { name: ar('home.newProject') })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: ar('newProject.title') });
      await dialog.waitFor();
      expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
      await snap('new-project-dialog');
      await dialog.getByRole('button', { name: ar('newProject.create') }).click();
      await page.waitForURL(/\/projects\/[^/]+$/);

      // The editor: simulator on the right, toolbox at the right of the workspace, blocks in Arabic.
      const onStart = blockText('ar', 'builtin>pxt-on-start>0');
      const workspaceText = page.locator('svg.blocklySvg > g.blocklyWorkspace > g.blocklyBlockCanvas text');
      await workspaceText.filter({ hasText: onStart }).first().waitFor({ timeout: 30_000 });
      const simulator = await box(page, '.editor-sim');
      const blocks = await box(page, '.editor-workspace');
      expect(simulator.left).toBeGreaterThanOrEqual(blocks.right);
      const toolbox = await box(page, '.blocklyToolbox');
      const canvas = await box(page, 'svg.blocklySvg > g.blocklyWorkspace > g.blocklyBlockCanvas');
      expect(toolbox.left).toBeGreaterThan(canvas.right);
      await page
        .getByRole('treeitem', { name: blockText('ar', 'categories>basic') })
        .first()
        .waitFor();
      await snap('editor');

      // Blockly's own menu, in Arabic and right to left.
      // An empty spot between the blocks and the zoom buttons (bottom left in this direction).
      const empty = await box(page, '.editor-workspace svg.blocklySvg');
      await page.mouse.click(
        empty.left + (empty.right - empty.left) * 0.45,
        empty.top + (empty.bottom - empty.top) * 0.6,
        {
          button: 'right',
        },
      );
      const menu = page.locator('.blocklyContextMenu');
      await menu.waitFor();
      expect(await menu.textContent()).not.toMatch(/Undo|Clean up/);
      expect(await menu.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
      await snap('blockly-menu');
      await page.keyboard.press('Escape');

      // A toast in Arabic, laid out right to left.
      await page
        .getByRole('contentinfo', { name: ar('editor.toolbar') })
        .getByRole('button', { name: ar('editor.download') })
        .click();
      // The first Download prepares the board's firmware and says so in a toast (the steps dialog
      // for the runnable .hex follows once it is built).
      // The toast may be replaced soon (by the steps dialog), so it is read in the same moment it
      // is found: a detached element has no computed style.
      const seen = await page.waitForFunction((text) => {
        const element = [...document.querySelectorAll('.toast-message')].find((e) => e.textContent?.includes(text));
        if (!element) return null;
        const direction = getComputedStyle(element).direction;
        // Nothing covers it (Blockly's toolbox used to, on whichever side it stands). The steps
        // dialog may already have opened (a modal dialog is above everything): then there is
        // nothing to check.
        if (document.querySelector('dialog[open]')) return { direction, uncovered: true };
        const rect = element.getBoundingClientRect();
        const uncovered = [0.05, 0.5, 0.95].every((at) => {
          const hit = document.elementFromPoint(rect.left + rect.width * at, rect.top + 8);
          return hit !== null && element.closest('.toast')!.contains(hit);
        });
        return { direction, uncovered };
      }, ar('editor.deviceDownload.firmware'));
      expect(await seen.jsonValue()).toEqual({ direction: 'rtl', uncovered: true });
      await snap('toast');

      // The simulator's own page is in Arabic too.
      await expect.poll(() => simulatorLanguage(page), { timeout: 30_000 }).toBe('ar rtl');
    },
  );

  journey(
    'changing language with a project open changes the blocks at once and keeps undo',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Live');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.block('pxt-on-start').waitFor();
      await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start');
      await editor.waitForLeds(ZERO);
      await editor.waitUntilSaved();
      await snap('english');

      await chooseLanguage(page, 'Settings', 'ja');
      const [showNumber] = blockText('ja', 'api>basic.showNumber').split('|');
      const onStart = blockText('ja', 'builtin>pxt-on-start>0');
      await expect
        .poll(() => editor.blockTexts(), { timeout: 30_000 })
        .toEqual(expect.arrayContaining([onStart, showNumber, '0']));
      await page
        .getByRole('treeitem', { name: blockText('ja', 'categories>basic') })
        .first()
        .waitFor();
      // The simulator was made again in Japanese and runs the same program.
      await expect.poll(() => simulatorLanguage(page), { timeout: 30_000 }).toBe('ja ltr');
      await page.locator('.editor-sim [data-state="running"]').waitFor({ timeout: 30_000 });
      await snap('japanese');

      // Blockly's menu is Japanese, and undo still reaches the edit made in English.
      await editor.block('device_show_number').click({ button: 'right' });
      await page.locator('.blocklyContextMenu').getByText('ブロックを削除').waitFor();
      await snap('japanese-menu');
      await page.keyboard.press('Escape');
      const tools = page.getByRole('contentinfo', { name: ja('editor.toolbar') });
      await tools.getByRole('button', { name: ja('editor.undo'), exact: true }).click();
      await expect.poll(() => editor.workspace().locator('g.device_show_number').count()).toBe(0);
      await tools.getByRole('button', { name: ja('editor.redo'), exact: true }).click();
      await editor.block('device_show_number').waitFor();

      // To Arabic: the workspace turns right to left, still with the block and its undo.
      await chooseLanguage(page, ja('nav.settings'), 'ar');
      await page.locator('.editor-workspace .blocklyToolbox').first().waitFor();
      await expect
        .poll(
          async () =>
            (await box(page, '.blocklyToolbox')).left >
            (await box(page, '.editor-workspace g.device_show_number')).right,
          {
            timeout: 30_000,
          },
        )
        .toBe(true);
      await snap('arabic');
      await page
        .getByRole('contentinfo', { name: ar('editor.toolbar') })
        .getByRole('button', { name: ar('editor.undo'), exact: true })
        .click();
      await expect.poll(() => editor.workspace().locator('g.device_show_number').count()).toBe(0);

      // Nothing was lost on the way: after a reload the (undone) program is what was saved.
      await page.locator('[data-status="saved"]').waitFor();
      await page.reload();
      await editor.block('pxt-on-start').waitFor({ timeout: 30_000 });
      expect(await editor.workspace().locator('g.device_show_number').count()).toBe(0);
    },
  );
});
