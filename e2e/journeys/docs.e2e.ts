import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, screenshotDir, useChromium } from '../harness/journey.ts';
import { DocsPage } from '../pages/docs-page.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/** The board showing the digit 0, as its LED description says it. */
const ZERO = 'LED display: row 1 on at 2, 3; row 2 on at 1, 4; row 3 on at 1, 4; row 4 on at 1, 4; row 5 on at 2, 3';

/** What has focus, and whether its focus shows (an outline or a ring). */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    // A search field shows its ring around the whole field (the input's parent).
    const shown = (el: Element | null | undefined) => {
      const style = el ? getComputedStyle(el) : null;
      return style ? style.boxShadow !== 'none' || style.outlineStyle !== 'none' : false;
    };
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
      ring: shown(element) || (element?.tagName === 'INPUT' && shown(element.parentElement)),
    };
  });
}

/** Errors in a page the journey did not open itself (the harness watches only its first page). */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

describe('the guides and block help', () => {
  useChromium();

  journey(
    "a block's Help opens its page, whose example opens in the editor and runs",
    async ({ page, context, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Help me');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start');
      await editor.waitForLeds(ZERO);

      // The block's context menu has Help; it opens the block's page beside the project.
      await editor.block('device_show_number').click({ button: 'right', position: { x: 12, y: 12 } });
      const opened = context.waitForEvent('page');
      await page.getByRole('menuitem', { name: 'Help' }).click();
      const help = await opened;
      const problems = watchErrors(help);
      await help.waitForURL(/\/reference\/basic\/show-number$/);
      const docs = new DocsPage(help, baseUrl);
      await docs.mainHeading().filter({ hasText: 'show number' }).waitFor();
      expect(await docs.breadcrumbs().allTextContents()).toEqual(['Guides', 'Blocks', 'Basic', 'show number']);
      // Its example is drawn as blocks, with a button to try it.
      const example = help.locator('.docs-snippet').first();
      await example.locator('.block-program-stacks').waitFor();
      await help.screenshot({ path: shotPath('help-page'), fullPage: true });

      await example.getByRole('button', { name: 'Open in the editor and run' }).click();
      await help.waitForURL(/\/projects\/[^/]+$/);
      const tryIt = new EditorPage(help, baseUrl);
      await tryIt.ready();
      expect(await tryIt.nameInput().inputValue()).toBe('Guide example');
      // The example shows the temperature when A is pressed (pressed again until the program,
      // which starts when the editor has compiled it, answers).
      const buttonA = tryIt
        .simulatorFrame()
        .getByRole('region', { name: 'micro:bit 1' })
        .getByRole('button', { name: 'Button A', exact: true });
      await buttonA.waitFor({ timeout: 30_000 });
      await expect
        .poll(
          async () => {
            await buttonA.click();
            // The spoken text follows at a calm pace; data-leds is the screen now.
            return (await tryIt.leds().first().getAttribute('data-leds')) ?? '';
          },
          { timeout: 45_000, interval: 500 },
        )
        .toMatch(/on at/);
      await help.screenshot({ path: shotPath('example-running'), fullPage: true });
      expect(problems).toEqual([]);

      // The learner's own project is untouched.
      expect(await editor.nameInput().inputValue()).toBe('Help me');
      await snap('project-still-open');
    },
    { timeout: 120_000 },
  );

  journey('search the guides, print a page, and get around with the keyboard only', async ({ page, baseUrl, snap }) => {
    const docs = new DocsPage(page, baseUrl);
    await docs.open();

    // Keyboard only: the skip link, then the toolbar; the search answers as you type.
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    const stops: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.ring, `tab stop ${i} (${now.text}) shows focus`).toBe(true);
      stops.push(now.tag === 'input' ? 'search' : now.text);
    }
    expect(stops).toEqual(['Hide contents', 'search', 'Print this page']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('tilt');
    await page
      .getByRole('status')
      .filter({ hasText: /pages? found/ })
      .waitFor();
    const results = page.getByRole('list', { name: 'Pages found' });
    await results.getByRole('link', { name: 'The simulator' }).waitFor();
    await snap('search-results');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('The simulator');
    await page.keyboard.press('Enter');
    await docs.mainHeading().filter({ hasText: 'The simulator' }).waitFor();
    // The results close and the new page's heading has focus, so reading starts there.
    expect(await results.count()).toBe(0);
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'The simulator' });
    await snap('search-opened');

    // Escape closes the results without choosing one.
    await page.getByRole('searchbox', { name: 'Search the guides' }).fill('download');
    await results.waitFor();
    await page.keyboard.press('Escape');
    expect(await results.count()).toBe(0);

    // The contents: every link and toggle reachable, each showing its focus; Enter opens a page.
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await contents.getByRole('link', { name: 'Guides' }).focus();
    const names: string[] = [];
    for (let i = 0; i < 12; i++) {
      const now = await focused(page);
      expect(now.ring, `contents stop ${i} (${now.text}) shows focus`).toBe(true);
      names.push(now.text);
      if (now.text === 'Getting started') break;
      await page.keyboard.press('Tab');
    }
    expect(names).toEqual(['Guides', 'Getting started']);
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Show the pages in Getting started');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Your first program');
    await page.keyboard.press('Enter');
    await docs.mainHeading().filter({ hasText: 'first program' }).waitFor();
    await snap('keyboard-contents');

    // Print: the button asks the browser to print; the print sheet keeps only the page.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print this page' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Contents' }).isVisible()).toBe(false);
    expect(await page.getByRole('search').isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await docs.mainHeading().isVisible()).toBe(true);
    await snap('print-guide');

    // A block's help page prints its words, its block and its example, without buttons.
    await docs.goto('/reference/basic/show-number');
    await page.locator('.docs-snippet').first().waitFor();
    expect(await page.getByRole('button', { name: 'Open in the editor and run' }).isVisible()).toBe(false);
    expect(await page.getByRole('tab', { name: 'JavaScript' }).first().isVisible()).toBe(false);
    await snap('print-block-help');
    await page.emulateMedia({ media: 'screen' });
  });
});

/** Screenshots of a page the journey did not open itself (snap takes the first page's). */
function shotPath(label: string): string {
  return join(screenshotDir, `docs-help--${label}.png`);
}
