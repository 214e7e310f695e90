import { readFileSync } from 'node:fs';
import { readProject } from '@blockyard/core';
import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/** The board showing the digit 0, as its LED description says it. */
const ZERO = 'LED display: row 1 on at 2, 3; row 2 on at 1, 4; row 3 on at 1, 4; row 4 on at 1, 4; row 5 on at 2, 3';

/** A Python program whose class (lines 8-10) is on other lines in its TypeScript (7-12). */
const WITH_CLASS = [
  'count = 0',
  '',
  'def on_button_pressed_a():',
  '    global count',
  '    count += 1',
  'input.on_button_pressed(Button.A, on_button_pressed_a)',
  '',
  'class Dot:',
  '    def __init__(self, x: number):',
  '        self.x = x',
  '',
  'basic.show_number(count)',
  '',
].join('\n');

describe('Python in the editor', () => {
  useChromium();

  journey(
    'a new project in Python completes, explains, runs, and switches to blocks and back',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Snake');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.switchTo('Python');
      expect(await editor.codeText()).toContain('basic.forever(on_forever)');

      // Typing offers the API in Python names with its docs; a call shows its parameters.
      await editor.code().click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      await page.keyboard.type('basic.show_n');
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /show_number/ })
        .waitFor();
      await page
        .locator('.cm-completionInfo .code-docs-signature')
        .filter({ hasText: 'basic.show_number(value: int, interval?: int) -> None' })
        .waitFor();
      await snap('python-completion');
      await page.keyboard.press('Enter');
      await page.keyboard.type('(');
      const help = page.locator('.code-signature-help');
      await help.filter({ hasText: 'basic.show_number(' }).waitFor();
      expect(await help.locator('strong').textContent()).toMatch(/^value/);
      await snap('python-signature-help');
      await page.keyboard.type('0');
      await page.keyboard.press('Escape');
      expect(await editor.codeText()).toBe('basic.show_number(0)');
      await editor.waitForLeds(ZERO);

      // Hover docs on an API name.
      await editor.setCode('basic.show_number(0)\n', 'Python');
      await page.locator('.cm-content').getByText('show_number').hover();
      await page
        .locator('.cm-tooltip-hover .code-docs-signature')
        .filter({ hasText: 'basic.show_number(value: int, interval?: int) -> None' })
        .waitFor();
      await snap('python-hover');
      // The learner's own def: its types and its comment on hover, its parameters while calling it.
      await editor.setCode('# Shows it twice.\ndef twice(n: int):\n    basic.show_number(n)\n\ntwice(0)\n', 'Python');
      await page
        .locator('.cm-content')
        .getByText('twice(0)')
        .hover({ position: { x: 5, y: 5 } });
      const own = page.locator('.cm-tooltip-hover');
      await own.locator('.code-docs-signature').filter({ hasText: 'def twice(n: int) -> None' }).waitFor();
      await own.getByText('Shows it twice.').waitFor();
      await snap('python-hover-own-def');
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type('twice(');
      await help.filter({ hasText: 'twice(' }).waitFor();
      expect(await help.locator('strong').textContent()).toMatch(/^n: int/);
      await page.keyboard.type('0)');
      await page.keyboard.press('Escape');
      // A class: converted, compiled and run like the rest of the program.
      await editor.setCode(
        'class Dot:\n    def __init__(self, x, y):\n        self.x = x\n        self.y = y\n\n    def draw(self):\n        led.plot(self.x, self.y)\n\nDot(2, 2).draw()\n',
        'Python',
      );
      await editor.waitForLeds(/row 3 on at 3;/);
      await snap('python-class');
      // An instance of the learner's class offers its fields and methods.
      await editor.code().click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type('dot = Dot(1, 1)\ndot.d');
      await page.getByRole('listbox').getByRole('option', { name: /draw/ }).waitFor();
      await snap('python-class-members');
      await page.keyboard.press('Escape');
      // A list's members with their docs in Python names, and hover on a list's method.
      await editor.setCode('scores = [1, 2]\nscores.append(3)\n', 'Python');
      await editor.code().click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type('scores.remove_');
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /remove_at/ })
        .waitFor();
      await page
        .locator('.cm-completionInfo .code-docs-signature')
        .filter({ hasText: 'List[int].remove_at(index: int) -> int' })
        .waitFor();
      await snap('python-list-member-docs');
      await page.keyboard.press('Escape');
      await page
        .locator('.cm-content')
        .getByText('scores.append(3)')
        .hover({ position: { x: 72, y: 5 } });
      await page.locator('.cm-tooltip-hover .code-docs-signature').filter({ hasText: 'List[int].append(' }).waitFor();
      await snap('python-list-method-hover');
      // A call of a list's method shows its parameters in Python names.
      await editor.code().click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('Shift+Home');
      await page.keyboard.type('scores.insert(0, ');
      await help.filter({ hasText: 'insert(' }).waitFor();
      expect(await help.locator('strong').textContent()).toMatch(/^value/);
      await snap('python-list-method-signature-help');
      await page.keyboard.press('Escape');
      // A method of what a call gives back: its parameters in Python's words.
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('Shift+Home');
      await page.keyboard.type('game.create_sprite(2, 2).move(');
      await help.filter({ hasText: 'move(' }).waitFor();
      expect(await help.locator('.code-docs-signature').textContent()).toBe('move(leds: int) -> None');
      expect(await help.locator('strong').textContent()).toBe('leds: int');
      await snap('python-chain-signature-help');
      await page.keyboard.press('Escape');
      // Python's own text methods are offered after a dot, with their Python signature.
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.press('Shift+Home');
      await page.keyboard.type('ok = "7".isdi');
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /isdigit/ })
        .waitFor();
      await page
        .locator('.cm-completionInfo .code-docs-signature')
        .filter({ hasText: 'str.isdigit() -> bool' })
        .waitFor();
      await snap('python-text-only-method');
      await page.keyboard.press('Escape');
      await editor.setCode('basic.show_number(0)\n', 'Python');
      await editor.waitForLeds(ZERO);
      await snap('python-running');
      await editor.switchTo('Blocks');
      await editor.block('device_show_number').waitFor();
      await editor.switchTo('Python');
      expect(await editor.codeText()).toContain('basic.show_number(0)');

      // An edit made just before pressing the tab is in the Python (the Python made ahead, or
      // the blocks read before Blockly reported the edit, must not show the program before it).
      await editor.switchTo('Blocks');
      await editor.block('device_show_number').locator('g.blocklyEditableField').first().click();
      await page.locator('input.blocklyHtmlInput').waitFor();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('7');
      await page.keyboard.press('Enter');
      await editor.switchTo('Python');
      expect(await editor.codeText()).toContain('basic.show_number(7)');
      await snap('python-after-block-edit');
      // The field editor still open when the tab is pressed: the press closes it, the edit counts.
      await editor.switchTo('Blocks');
      await editor.block('device_show_number').locator('g.blocklyEditableField').first().click();
      await page.locator('input.blocklyHtmlInput').waitFor();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('8');
      await editor.switchTo('Python');
      expect(await editor.codeText()).toContain('basic.show_number(8)');
      // The way back: in Python the blocks of main.py are made ahead (page idle, a second after
      // an edit's answer); a Python edit just before pressing Blocks must still be in the blocks.
      await page.waitForTimeout(2000);
      await editor.setCode('basic.show_number(9)\n', 'Python');
      await editor.switchTo('Blocks');
      await expect.poll(() => editor.block('device_show_number').textContent(), { timeout: 15_000 }).toContain('9');
    },
    // Completions, hover and signature help each wait for the worker: slow on a loaded machine.
    { timeout: 150_000 },
  );

  journey(
    'the blocks wait hidden behind Python: back unchanged is the same workspace with its undo',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Kept');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.block('pxt-on-start').waitFor();
      await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start');
      await editor.waitForLeds(ZERO);
      // A mark on this workspace's element: a workspace built again would not have it.
      await page.locator('.editor-workspace .injectionDiv').evaluate((div) => div.setAttribute('data-kept', 'yes'));
      const view = () =>
        page.locator('.editor-workspace .injectionDiv').evaluate((div) => div.getBoundingClientRect().width);
      const widthBefore = await view();
      // At idle the Python tab's editor is made ahead, hidden, on the program's Python (here made
      // before the drag: the press shows the Python of the blocks as they are, in that editor).
      const prepared = page.locator('.code-area--hidden .cm-editor');
      await prepared.waitFor({ state: 'attached', timeout: 30_000 });
      expect(await page.locator('.code-area--hidden').getAttribute('inert')).not.toBeNull();
      expect(await page.locator('.code-area--hidden').getAttribute('aria-hidden')).toBe('true');
      expect(await page.getByRole('textbox', { name: 'Python (main.py)' }).count()).toBe(0);
      await prepared.evaluate((element) => element.setAttribute('data-kept', 'python'));

      await editor.switchTo('Python');
      expect(await editor.codeText()).toContain('basic.show_number(0)');
      const pythonEditor = page.locator('.code-area:not(.code-area--hidden) .cm-editor[data-kept="python"]');
      expect(await pythonEditor.count()).toBe(1);
      // Hidden: not drawn, out of reach of the keyboard and of screen readers.
      const hidden = editor.hiddenBlocks();
      expect(await hidden.getAttribute('inert')).not.toBeNull();
      expect(await hidden.getAttribute('aria-hidden')).toBe('true');
      expect(await hidden.locator('svg.blocklySvg').isVisible()).toBe(false);
      expect(await page.getByRole('searchbox', { name: 'Search blocks' }).count()).toBe(0);
      // Keys pressed while Python shows never reach the hidden blocks.
      await editor.modeTab('Python').focus();
      await page.keyboard.press('Delete');
      await page.keyboard.press('ControlOrMeta+z');
      await page.keyboard.press('Tab');
      expect(await hidden.evaluate((root) => root.contains(document.activeElement))).toBe(false);
      await snap('python-with-blocks-hidden');

      await editor.switchTo('Blocks');
      await editor.block('device_show_number').waitFor();
      expect(await page.locator('.injectionDiv[data-kept="yes"]').count()).toBe(1);
      // The Python editor waits hidden in turn.
      expect(await page.locator('.code-area--hidden .cm-editor[data-kept="python"]').count()).toBe(1);
      expect(await hidden.count()).toBe(0);
      expect(await view()).toBe(widthBefore);
      await snap('blocks-back-same-workspace');
      // Undo still reaches the edit made before the trip to Python.
      const tools = page.getByRole('contentinfo', { name: 'Editor tools' });
      await tools.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect.poll(() => editor.workspace().locator('g.device_show_number').count()).toBe(0);
      await tools.getByRole('button', { name: 'Redo', exact: true }).click();
      await editor.block('device_show_number').waitFor();

      // Python changed: the kept workspace shows the change (nothing of the edit lost).
      await editor.setCode('basic.show_number(5)\n', 'Python');
      await editor.switchTo('Blocks');
      await expect.poll(() => editor.block('device_show_number').textContent(), { timeout: 15_000 }).toContain('5');
      expect(await page.locator('.injectionDiv[data-kept="yes"]').count()).toBe(1);
      // And a block edit after it is in the Python again.
      await editor.block('device_show_number').locator('g.blocklyEditableField').first().click();
      await page.locator('input.blocklyHtmlInput').waitFor();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('6');
      await page.keyboard.press('Enter');
      await editor.switchTo('Python');
      expect(await editor.codeText()).toContain('basic.show_number(6)');
      expect(await pythonEditor.count()).toBe(1);
      await editor.switchTo('Blocks');
      await editor.waitForLeds(/./);
      await snap('blocks-after-python-edit');
    },
    { timeout: 120_000 },
  );

  journey(
    'a project made in Python: runtime errors on its lines, grey blocks asked in its lines, kept through a reload and a .hex',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Dots');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.switchTo('Python');

      // A runtime error is shown on the Python line that made it.
      await editor.setCode('def again(n: number):\n    return again(n + 1)\nbasic.show_number(again(1))\n', 'Python');
      await editor.problems().getByText('The program called itself too many times (Stack overflow).').waitFor();
      await editor.problems().getByRole('button', { name: 'Line 2' }).waitFor();
      await page.locator('.cm-lintRange-error').first().waitFor();
      await snap('python-runtime-error-on-line');

      // What Python on the micro:bit cannot do: one plain message on its line, the text kept.
      const importing = 'basic.show_number(1)\nimport os\n';
      await editor.setCode(importing, 'Python');
      await editor
        .problems()
        .getByText(/cannot use import/)
        .waitFor();
      await editor.problems().getByRole('button', { name: 'Line 2' }).waitFor();
      expect(await editor.codeText()).toBe(importing);

      // To blocks: the learner is asked first, told the Python lines; Stay keeps every character.
      await editor.setCode(WITH_CLASS, 'Python');
      await editor.waitForLeds(ZERO);
      await editor.modeTab('Blocks').click();
      const ask = page.getByRole('dialog', { name: "Some code can't be shown as blocks yet" });
      await ask.getByText(/^Lines 8-10 can't be shown as blocks yet/).waitFor();
      await snap('python-grey-question');
      await ask.getByRole('button', { name: 'Stay in Python' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await editor.mode()).toBe('Python');
      expect(await editor.codeText()).toBe(WITH_CLASS);

      // Kept as MakeCode keeps a Python project, and opened in Python again after a reload.
      await editor.waitUntilSaved();
      await page.reload();
      await editor.waitForMode('Python');
      expect(await editor.codeText()).toBe(WITH_CLASS);
      await editor.waitForLeds(ZERO);
      const bytes = readFileSync(await (await editor.download()).path());
      const hex = readProject(bytes);
      expect(hex.files['main.py']).toBe(WITH_CLASS);
      expect(hex.files['main.ts']).toContain('class Dot {');
      const config = JSON.parse(hex.files['pxt.json']!) as { preferredEditor: string; files: string[] };
      expect(config.preferredEditor).toBe('pyprj');
      expect(config.files).toContain('main.py');
      expect(config.files).toContain('main.ts');

      // The .hex imported is a Python project again.
      await home.open();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Import', exact: true }).first().click();
      await (await chooser).setFiles({ name: 'Dots.hex', mimeType: 'application/octet-stream', buffer: bytes });
      await page.waitForURL(/\/projects\/[^/]+$/);
      await editor.waitForMode('Python');
      expect(await editor.codeText()).toBe(WITH_CLASS);
      await editor.waitForLeds(ZERO);
      await snap('python-hex-imported');

      // Through Blocks and back unchanged: the learner's own Python, comments and spacing kept.
      const mine = [
        '# Counts the presses of A.',
        'count = 0',
        '',
        '',
        'def on_button_pressed_a():',
        '    global count',
        '    count += 1   # one more',
        '    basic.show_number(count)',
        'input.on_button_pressed(Button.A, on_button_pressed_a)',
        'basic.show_number(count)',
        '',
      ].join('\n');
      await editor.setCode(mine, 'Python');
      await editor.waitForLeds(ZERO);
      await editor.switchTo('Blocks');
      await editor.block('device_button_event').waitFor();
      await editor.switchTo('Python');
      expect(await editor.codeText()).toBe(mine);

      // A list's methods are offered in Python names, as JavaScript offers them.
      await editor.setCode('scores = [1, 2]\n', 'Python');
      await editor.code().click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type('scores.ap');
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /append/ })
        .waitFor();
      await snap('python-list-members');
      await page.keyboard.press('Enter');
      await page.keyboard.type('(3)');
      await page.keyboard.press('Escape');
      expect(await editor.codeText()).toBe('scores = [1, 2]\nscores.append(3)');
    },
    { timeout: 150_000 },
  );
});
