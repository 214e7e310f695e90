import type { Download, FrameLocator, Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

export type EditorMode = 'Blocks' | 'JavaScript' | 'Python';

/**
 * The editor page (/projects/$id): header with the name and the Blocks | JavaScript switch, the
 * simulator, the block editor or the code editor, problems, History, the bottom bar.
 */
export class EditorPage extends AppPage {
  async open(id: string): Promise<void> {
    await this.goto(`/projects/${id}`);
    await this.ready();
  }

  /** Waits until the project shows in blocks or in code. */
  async ready(): Promise<void> {
    await this.page.locator('svg.blocklySvg, .cm-content').first().waitFor({ timeout: 30_000 });
  }

  /** The id in the address. */
  projectId(): string {
    return new URL(this.page.url()).pathname.split('/').at(-1) ?? '';
  }

  nameInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Project name' });
  }

  // ---- Blocks | JavaScript ----------------------------------------------------------------

  modeTab(mode: EditorMode): Locator {
    return this.page.getByRole('tablist', { name: 'Editor' }).getByRole('tab', { name: mode });
  }

  async mode(): Promise<EditorMode> {
    for (const mode of ['Blocks', 'Python'] as const)
      if ((await this.modeTab(mode).getAttribute('aria-selected')) === 'true') return mode;
    return 'JavaScript';
  }

  /** Switches (answering nothing if the grey-blocks question comes) and waits for the editor. */
  async switchTo(mode: EditorMode): Promise<void> {
    if ((await this.mode()) === mode) return;
    await this.modeTab(mode).click();
    await this.waitForMode(mode);
  }

  async waitForMode(mode: EditorMode): Promise<void> {
    await this.page.getByRole('tab', { name: mode, selected: true }).waitFor({ timeout: 30_000 });
    await (mode === 'Blocks' ? this.workspace() : this.code()).waitFor({ timeout: 30_000 });
  }

  greyBlocksDialog(): Locator {
    return this.page.getByRole('dialog', { name: "Some code can't be shown as blocks yet" });
  }

  // ---- JavaScript -----------------------------------------------------------------------------

  /** The code editor: JavaScript (main.ts) or Python (main.py). */
  code(): Locator {
    return this.page.getByRole('textbox', { name: /^(JavaScript \(main\.ts\)|Python \(main\.py\))$/ });
  }

  /** Replaces main.ts in the code editor (switching to JavaScript first). */
  async setCode(text: string, mode: 'JavaScript' | 'Python' = 'JavaScript'): Promise<void> {
    await this.switchTo(mode);
    await this.code().click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.insertText(text);
  }

  /** The code editor's text (short programs: every line is on screen). */
  async codeText(): Promise<string> {
    await this.code().waitFor();
    return this.code().evaluate((content) =>
      [...content.querySelectorAll('.cm-line')].map((line) => line.textContent ?? '').join('\n'),
    );
  }

  // ---- Blocks -------------------------------------------------------------------------------

  /**
   * The main workspace's blocks (not the toolbox flyout), while the block editor shows (behind
   * the Python or JavaScript tab it is kept hidden).
   */
  workspace(): Locator {
    return this.page.locator(
      '.blockyard-blocks:not(.blockyard-blocks--hidden) svg.blocklySvg > g.blocklyWorkspace > g.blocklyBlockCanvas',
    );
  }

  /** The block editor kept out of sight behind the Python or JavaScript tab. */
  hiddenBlocks(): Locator {
    return this.page.locator('.blockyard-blocks--hidden');
  }

  /** A block on the workspace by its type (`device_show_number`) or id. */
  block(type: string): Locator {
    return this.workspace().locator(`g.blocklyBlock.${type}, g.blocklyBlock[data-id="${type}"]`).first();
  }

  flyout(): Locator {
    return this.page.locator('svg.blocklyFlyout').first();
  }

  toolboxCategory(name: string): Locator {
    return this.page.getByRole('treeitem', { name }).first();
  }

  blockSearch(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search blocks' });
  }

  /** Texts of the workspace's fields and labels (spaces as written on the blocks). */
  async blockTexts(): Promise<string[]> {
    const texts = await this.workspace().locator('text').allTextContents();
    return texts.map((t) => t.replace(/\u00a0/g, ' '));
  }

  /**
   * Drags a block of `type` from a toolbox category into the statement slot of the workspace
   * block `target` (its first statement input), with the mouse as a learner would.
   * `beforeDrop` runs with the block held over its place, just before the button is let go.
   */
  async dragIntoSlot(category: string, type: string, target: string, beforeDrop?: () => Promise<void>): Promise<void> {
    await this.toolboxCategory(category).click();
    const source = this.flyout().locator(`g.blocklyDraggable.${type}`).first();
    await source.waitFor();
    const from = await source.boundingBox();
    const to = await this.block(target).boundingBox();
    if (!from || !to) throw new Error('blocks not on screen');
    await this.page.mouse.move(from.x + 8, from.y + 8);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + 40, from.y + 20, { steps: 5 });
    // The slot of a C-shaped block starts a notch in from its left, under its top row.
    await this.page.mouse.move(to.x + 24, to.y + 62, { steps: 10 });
    await beforeDrop?.();
    await this.page.mouse.up();
  }

  // ---- Problems, simulator, files -------------------------------------------------------------

  problems(): Locator {
    return this.page.getByRole('region', { name: 'Problems' });
  }

  simulatorPane(): Locator {
    return this.page.getByRole('region', { name: 'Simulator' });
  }

  simulatorFrame(): FrameLocator {
    return this.page.frameLocator('iframe[title="micro:bit simulator"]');
  }

  /** The spoken description of the board's LEDs. */
  leds(): Locator {
    return this.simulatorFrame().getByRole('region', { name: 'micro:bit 1' }).getByRole('status');
  }

  async waitForLeds(text: string | RegExp, timeout = 30_000): Promise<void> {
    await this.leds().filter({ hasText: text }).waitFor({ timeout });
  }

  downloadButton(): Locator {
    return this.page.getByRole('contentinfo', { name: 'Editor tools' }).getByRole('button', { name: 'Download' });
  }

  /**
   * Downloads the project's .hex and waits for what the editor says about it: the steps to the
   * MICROBIT drive (a program the board runs) or a note on why it holds the project only.
   */
  async download(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.downloadButton().click();
    const file = await download;
    await this.page
      .getByRole('dialog', { name: 'Send your program to the micro:bit' })
      .or(this.toast(/We saved “.*\.hex” with your project inside/))
      .first()
      .waitFor({ timeout: 30_000 });
    return file;
  }

  moreWaysToSave(): Locator {
    return this.page
      .getByRole('contentinfo', { name: 'Editor tools' })
      .getByRole('button', { name: 'More ways to save' });
  }

  /** Saves through "More ways to save" as a picture (.png) or a MakeCode project (.mkcd). */
  async downloadAs(format: 'png' | 'mkcd'): Promise<Download> {
    await this.moreWaysToSave().click();
    const download = this.page.waitForEvent('download');
    const label = format === 'png' ? /^Picture \(\.png\)/ : /^MakeCode project \(\.mkcd\)/;
    await this.page.getByRole('group', { name: 'More ways to save' }).getByRole('button', { name: label }).click();
    const file = await download;
    await this.toast(new RegExp(`^Saved “.*\\.${format}”`))
      .last()
      .waitFor();
    return file;
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.toast-message').filter({ hasText: text });
  }

  tool(name: 'Undo' | 'Redo' | 'Zoom in' | 'Zoom out' | 'Reset zoom' | 'Format code'): Locator {
    return this.page.getByRole('contentinfo', { name: 'Editor tools' }).getByRole('button', { name });
  }

  // ---- Saving, History, conflicts ------------------------------------------------------------

  autosave(): Locator {
    return this.page.locator('[data-status]');
  }

  async waitUntilSaved(): Promise<void> {
    await this.page.locator('[data-status="saved"]').waitFor();
  }

  historyButton(): Locator {
    return this.page.getByRole('button', { name: 'History' });
  }

  conflict(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'This project was changed in another tab.' });
  }

  keepMineButton(): Locator {
    return this.page.getByRole('button', { name: 'Keep mine as a copy' });
  }

  loadTheirsButton(): Locator {
    return this.page.getByRole('button', { name: 'Load their version' });
  }
}
