import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/** The board showing the digit 0, as its LED description says it. */
const ZERO = 'LED display: row 1 on at 2, 3; row 2 on at 1, 4; row 3 on at 1, 4; row 4 on at 1, 4; row 5 on at 2, 3';

describe('Python in the editor', () => {
  useChromium();

  journey('a new project in Python runs, and switches to blocks and back', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    await home.createProject('Snake');
    const editor = new EditorPage(page, baseUrl);
    await editor.waitForMode('Blocks');
    await editor.switchTo('Python');
    expect(await editor.codeText()).toContain('basic.forever(on_forever)');
    await editor.setCode('basic.show_number(0)\n', 'Python');
    await editor.waitForLeds(ZERO);
    await snap('python-running');
    await editor.switchTo('Blocks');
    await editor.block('device_show_number').waitFor();
    await editor.switchTo('Python');
    expect(await editor.codeText()).toContain('basic.show_number(0)');
  });
});
