import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

// The debugger in the editor (issue 18): a breakpoint in the JavaScript gutter, in the Python
// gutter and on a block, Debug on, the program stops there and says where, a variable is read
// (and a list opened), one step, then Continue to the next stop.

const PROGRAM = `let count = 0
let names = ["ann", "bo"]
basic.forever(function () {
    count += 1
    basic.showNumber(count)
})
`;

// The same program as a Python learner writes it: the handler is a def before its registration.
const PYTHON = `count = 0
names = ["ann", "bo"]

def on_forever():
    global count
    count += 1
    basic.show_number(count)
basic.forever(on_forever)
`;

describe('the debugger', () => {
  useChromium();

  journey('a breakpoint in the JavaScript gutter: stop, look, step, continue', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    await home.createProject('Counter');
    const editor = new EditorPage(page, baseUrl);
    await editor.waitForMode('Blocks');
    await editor.setCode(PROGRAM);
    // F9 on line 4 ("count += 1") sets a breakpoint there.
    await page.keyboard.press('ControlOrMeta+Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('F9');
    await expect.poll(() => page.locator('.cm-breakpoint-dot').count()).toBe(1);
    const debugPanel = page.getByRole('region', { name: 'Debugger' });
    await debugPanel.getByRole('button', { name: 'Debug' }).click();
    const status = debugPanel.getByRole('status');
    await status.filter({ hasText: 'Paused at line 4 on board 1' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.cm-debug-current').textContent()).toContain('count += 1');
    await debugPanel.getByText('count = 0').waitFor();
    await debugPanel.getByRole('button', { name: /^names = / }).click();
    await debugPanel.getByText('"bo"', { exact: true }).waitFor();
    await snap('paused-in-javascript');
    await debugPanel.getByRole('button', { name: 'Next step' }).click();
    await status.filter({ hasText: 'Paused at line 5' }).waitFor();
    await debugPanel.getByText('count = 1').waitFor();
    await debugPanel.getByRole('button', { name: 'Continue' }).click();
    await status.filter({ hasText: 'Paused at line 4' }).waitFor();
    await debugPanel.getByText('count = 1').waitFor();
    await debugPanel.getByRole('button', { name: 'Stop' }).click();
    await status.filter({ hasText: 'Stopped' }).waitFor();
  });

  journey('a breakpoint on a block: stop there, step, continue', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    await home.createProject('Counter blocks');
    const editor = new EditorPage(page, baseUrl);
    await editor.waitForMode('Blocks');
    await editor.setCode(PROGRAM.replace('let names = ["ann", "bo"]\n', ''));
    await editor.switchTo('Blocks');
    const show = editor.block('device_show_number');
    await show.waitFor();
    await show.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Stop here when debugging' }).click();
    await page.locator('.blockyard-breakpoint-dot').waitFor();
    const debugPanel = page.getByRole('region', { name: 'Debugger' });
    await debugPanel.getByRole('button', { name: 'Debug' }).click();
    const status = debugPanel.getByRole('status');
    await status.filter({ hasText: /Paused at “show number.*” on board 1/ }).waitFor({ timeout: 30_000 });
    await debugPanel.getByText('count = 1').waitFor();
    await page.locator('g.blocklyBlock.blocklyHighlighted').first().waitFor();
    await snap('paused-on-a-block');
    await debugPanel.getByRole('button', { name: 'Next step' }).click();
    await status.filter({ hasText: /Paused at “change count/ }).waitFor();
    await debugPanel.getByRole('button', { name: 'Continue' }).click();
    await status.filter({ hasText: /Paused at “show number/ }).waitFor();
    await debugPanel.getByText('count = 2').waitFor();
  });

  journey(
    'a breakpoint in the Python gutter: stop on the Python line, look, step, continue',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Python counter');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.setCode(PYTHON, 'Python');
      // A click in the breakpoint gutter beside line 6 ("count += 1") sets a breakpoint there.
      const line = page.locator('.cm-line').filter({ hasText: 'count += 1' });
      const row = await line.boundingBox();
      const gutter = await page.locator('.cm-breakpoint-gutter').boundingBox();
      if (!row || !gutter) throw new Error('The Python editor has no breakpoint gutter.');
      await page.mouse.click(gutter.x + gutter.width / 2, row.y + row.height / 2);
      await expect.poll(() => page.locator('.cm-breakpoint-dot').count()).toBe(1);
      await snap('python-breakpoint-set');
      const debugPanel = page.getByRole('region', { name: 'Debugger' });
      await debugPanel.getByRole('button', { name: 'Debug' }).click();
      const status = debugPanel.getByRole('status');
      await status.filter({ hasText: 'Paused at line 6 on board 1' }).waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('.cm-debug-current').textContent()).toContain('count += 1');
      await debugPanel.getByText('count = 0').waitFor();
      await debugPanel.getByRole('button', { name: /^names = / }).click();
      await debugPanel.getByText('"bo"', { exact: true }).waitFor();
      await snap('paused-in-python');
      await debugPanel.getByRole('button', { name: 'Next step' }).click();
      await status.filter({ hasText: 'Paused at line 7' }).waitFor();
      await expect.poll(() => page.locator('.cm-debug-current').textContent()).toContain('basic.show_number(count)');
      await debugPanel.getByText('count = 1').waitFor();
      await debugPanel.getByRole('button', { name: 'Continue' }).click();
      await status.filter({ hasText: 'Paused at line 6' }).waitFor();
      await debugPanel.getByText('count = 1').waitFor();
      // The Python the learner wrote is still there, unchanged by the debug build.
      expect(await editor.codeText()).toContain('basic.forever(on_forever)');
      await debugPanel.getByRole('button', { name: 'Stop' }).click();
      await status.filter({ hasText: 'Stopped' }).waitFor();
    },
    // Converting, building for the debugger and stepping: slow on a loaded machine.
    { timeout: 150_000 },
  );

  journey(
    'on a phone (390x844) the editor with the debugger paused is no wider than the screen',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Phone counter');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.setCode(PROGRAM);
      await page.keyboard.press('ControlOrMeta+Home');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('F9');
      const debugPanel = page.getByRole('region', { name: 'Debugger' });
      await debugPanel.getByRole('button', { name: 'Debug' }).click();
      const status = debugPanel.getByRole('status');
      await status.filter({ hasText: 'Paused at line 4 on board 1' }).waitFor({ timeout: 30_000 });
      // The top level and the forever loop are called by their blocks, not by compiled names.
      await debugPanel.getByText('“forever”, line 4').waitFor();
      const widths = () =>
        page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      const { page: pageWidth, screen } = await widths();
      expect(screen).toBe(390);
      expect(pageWidth).toBeLessThanOrEqual(screen);
      await snap('paused-on-a-phone');
    },
    { timeout: 120_000, context: { viewport: { width: 390, height: 844 } } },
  );
});
