import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

// The debugger in the editor (issue 18): a breakpoint in the JavaScript gutter and on a block,
// Debug on, the program stops there and says where, a variable is read (and a list opened),
// one step, then Continue to the next stop.

const PROGRAM = `let count = 0
let names = ["ann", "bo"]
basic.forever(function () {
    count += 1
    basic.showNumber(count)
})
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
});
