// An automated accessibility check (axe-core, WCAG 2.1 A and AA, and axe's best-practice rules
// for the landmark and heading outline) of the main screens. A journey fails on violations of
// impact "serious" or "critical" and on any best-practice one, and prints the rest, so they are seen.
import type { Frame, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { blocking, describeViolations, runAxe, type AxeExclusion, type AxeViolation } from '../harness/axe.ts';
import { journey, useChromium, type JourneyOptions } from '../harness/journey.ts';
import type { AppPage } from '../pages/app-page.ts';
import { DocsPage } from '../pages/docs-page.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/**
 * Findings inside Blockly's own SVG drawing, which we cannot change without forking Blockly.
 * Each names one rule on one part of Blockly's drawing; our own elements are always checked.
 */
const blocklyExclusions: readonly AxeExclusion[] = [
  {
    rule: 'aria-required-children',
    selector: '.blocklyFlyout',
    why:
      "Blockly's flyout is a listbox whose options are its top-level blocks; the blocks inside " +
      'them (a number in `show number`) are figures, which a listbox may not hold. Blockly sets ' +
      'these roles itself.',
  },
  {
    rule: 'region',
    selector: '.blocklyComputeCanvas',
    why:
      'Blockly appends an empty canvas of its own to the body to measure text; it is never ' +
      'drawn, holds nothing to read, and Blockly puts it there whatever container it is given.',
  },
];

/** Checks one screen and keeps what it found; `finish` fails the journey on the blocking ones. */
class AxeReport {
  private readonly found: { screen: string; violations: AxeViolation[] }[] = [];

  async check(screen: string, target: Page | Frame, exclusions: readonly AxeExclusion[] = []): Promise<void> {
    const violations = await runAxe(target, exclusions, { bestPractice: true });
    this.found.push({ screen, violations });
    console.log(describeViolations(screen, violations));
  }

  finish(): void {
    const failing = this.found.flatMap(({ screen, violations }) =>
      blocking(violations).map((v) => `${screen}: ${v.id} (${v.impact}) on ${v.targets.join(', ')}`),
    );
    expect(failing).toEqual([]);
  }
}

// axe is injected as a script tag; the app's policy allows no inline scripts, so this journey's
// browser context does not apply it (security journeys check the policy itself).
const options: JourneyOptions = { context: { bypassCSP: true }, timeout: 120_000 };

async function highContrast(app: AppPage): Promise<void> {
  await app.settingsButton().click();
  await app.highContrastSwitch().click();
  expect(await app.theme()).toBe('high-contrast');
  await app.page.keyboard.press('Escape');
}

describe('accessibility (axe, WCAG 2.1 A and AA, best practice)', () => {
  useChromium();

  journey(
    'home page, New project dialog, settings menu, and home in high contrast',
    async ({ page, baseUrl }) => {
      const report = new AxeReport();
      const home = new HomePage(page, baseUrl);
      await home.open();
      await page.getByRole('heading', { name: 'My projects' }).waitFor();
      await report.check('home', page);

      await home.newProjectButton().click();
      const dialog = page.getByRole('dialog', { name: 'New project' });
      await dialog.getByLabel('Project name').waitFor();
      await report.check('new project dialog', page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await home.settingsButton().click();
      await home.highContrastSwitch().waitFor();
      await report.check('settings menu', page);
      await home.highContrastSwitch().click();
      await page.keyboard.press('Escape');
      expect(await home.theme()).toBe('high-contrast');
      await report.check('home, high contrast', page);
      report.finish();
    },
    options,
  );

  journey(
    'editor in Blocks with a flyout, JavaScript, Python, the running simulator, Share, History, high contrast; the shared page',
    async ({ page, baseUrl, snap }) => {
      const report = new AxeReport();
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Checked for everyone');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.toolboxCategory('Basic').click();
      await editor.flyout().locator('g.blocklyDraggable').first().waitFor();
      await report.check('editor, blocks with the Basic flyout', page, blocklyExclusions);
      await snap('blocks-flyout');
      await page.keyboard.press('Escape');

      await page.locator('[aria-label="Simulator"][data-state="running"]').waitFor({ timeout: 30_000 });
      const frame = page.frame({ url: /\/sim\// });
      if (!frame) throw new Error('no simulator frame');
      await frame.getByRole('region', { name: 'micro:bit 1' }).waitFor();
      await report.check('simulator frame, running', frame);

      await editor.switchTo('JavaScript');
      await report.check('editor, JavaScript', page, blocklyExclusions);
      await editor.switchTo('Python');
      await report.check('editor, Python', page, blocklyExclusions);

      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const share = page.getByRole('dialog', { name: 'Share your project' });
      await share.waitFor();
      await report.check('share dialog', page, blocklyExclusions);
      await share.getByRole('button', { name: 'Share', exact: true }).click();
      const link = await share.getByRole('textbox', { name: 'Link' }).inputValue();
      await report.check('share dialog, shared', page, blocklyExclusions);
      await page.keyboard.press('Escape');
      await share.waitFor({ state: 'hidden' });

      await editor.historyButton().click();
      const history = page.getByRole('complementary', { name: 'History' });
      const versions = history.getByRole('list', { name: 'Saved versions, newest first' }).getByRole('listitem');
      await versions.first().waitFor();
      await report.check('History', page, blocklyExclusions);
      await versions
        .first()
        .getByRole('button', { name: /^Look at the version from/ })
        .click();
      const preview = page.getByRole('dialog', { name: /^Your project/ });
      await preview.getByRole('button', { name: 'Blocks' }).click();
      await preview.locator('.blocklyBlockCanvas .blocklyPath').first().waitFor({ timeout: 30_000 });
      await report.check('History, a version in blocks', page, blocklyExclusions);
      await snap('history-preview-blocks');
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'hidden' });
      await editor.historyButton().click();
      await history.waitFor({ state: 'hidden' });

      await editor.switchTo('Blocks');
      await highContrast(editor);
      await editor.toolboxCategory('Basic').click();
      await editor.flyout().locator('g.blocklyDraggable').first().waitFor();
      await report.check('editor, blocks, high contrast', page, blocklyExclusions);
      await snap('blocks-flyout-high-contrast');
      await page.keyboard.press('Escape');
      await editor.switchTo('JavaScript');
      await report.check('editor, JavaScript, high contrast', page, blocklyExclusions);
      const hcFrame = page.frame({ url: /\/sim\// });
      if (!hcFrame) throw new Error('no simulator frame');
      await report.check('simulator frame, high contrast', hcFrame);

      // What a visitor of the shared link sees, and My projects with the project's card.
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Checked for everyone' }).waitFor();
      await page.getByText('Running', { exact: true }).waitFor({ timeout: 30_000 });
      await report.check('shared project page, high contrast', page);
      await home.open();
      await home.projectCard('Checked for everyone').waitFor();
      await report.check('home with a project card, high contrast', page);
      report.finish();
    },
    options,
  );

  journey(
    'guides, a block help page and a tutorial, then both in high contrast',
    async ({ page, baseUrl, snap }) => {
      const report = new AxeReport();
      const docs = new DocsPage(page, baseUrl);
      await docs.open();
      await report.check('docs home', page);
      await docs.goto('/docs/getting-started');
      await report.check('docs guide page', page);
      await docs.goto('/reference/basic');
      await report.check('block help of a category', page);
      await docs.goto('/reference/basic/show-number');
      await page.locator('.docs-snippet').first().waitFor();
      await report.check('block help page', page, blocklyExclusions);
      await snap('block-help');

      const home = new HomePage(page, baseUrl);
      await home.open();
      await page.getByRole('link', { name: 'Start the tutorial Flashing heart' }).click();
      const welcome = page.getByRole('dialog', { name: 'Welcome' });
      await welcome.waitFor({ timeout: 30_000 });
      await report.check('tutorial, first step dialog', page, blocklyExclusions);
      await welcome.getByRole('button', { name: 'OK' }).click();
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      const card = page.getByRole('region', { name: /2 of 6 Show a heart/ });
      await card.waitFor();
      await card.getByRole('button', { name: 'Hint' }).click();
      const hint = card.getByRole('region', { name: 'Hint' });
      // The hint's picture: real blocks once the compiler has made them (code until then).
      await hint.locator('.blocklyBlockCanvas .blocklyPath').first().waitFor({ timeout: 30_000 });
      await report.check('tutorial, step with its hint', page, blocklyExclusions);
      await snap('tutorial-hint');
      await highContrast(editor);
      await report.check('tutorial, step with its hint, high contrast', page, blocklyExclusions);
      await snap('tutorial-hint-high-contrast');

      // The theme is kept: the help page opens in high contrast too.
      await docs.goto('/reference/basic/show-number');
      await page.locator('.docs-snippet').first().waitFor();
      expect(await docs.theme()).toBe('high-contrast');
      await report.check('block help page, high contrast', page, blocklyExclusions);
      await snap('block-help-high-contrast');
      report.finish();
    },
    options,
  );
});
