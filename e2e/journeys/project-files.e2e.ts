// What a class hit with projects and files (issue 20, items 7-11): the home card's picture, History
// times, the name inside downloaded files, saving back as a PNG, MakeCode Python projects, the
// download message, the rescue copy, and errors in plain words.
import { readFileSync } from 'node:fs';
import { parseIntelHex, readProject } from '@blockyard/core';
import { PROGRAM_MAGIC } from '@blockyard/native';
import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/** Where pxt-microbit 9.1.1's V1 firmware (radio flavor) looks for the program header. */
const V1_PROGRAM_START = 0x35400;

const program = (n: number) => `basic.forever(function () {\n    basic.showNumber(${n})\n})\n`;

async function pick(page: EditorPage['page'], name: string, buffer: Buffer, mimeType = 'application/octet-stream') {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

describe('project files a class can trust', () => {
  useChromium();

  journey(
    'the home card shows the simulator picture at once, and History times age',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Picture me');
      const editor = new EditorPage(page, baseUrl);
      await editor.setCode(program(7));
      await editor.waitForLeds(/on/);
      await editor.waitUntilSaved();
      // The simulator hands over its thumbnail once the board has been still for 10 s.
      await page.waitForTimeout(12_000);

      // History: saves seconds apart read apart, and the times move on while the panel is open.
      await editor.setCode(program(8));
      await editor.waitUntilSaved();
      await editor.historyButton().click();
      const history = page.getByRole('complementary', { name: 'History' });
      const times = history.locator('.history-item-time');
      await times.nth(1).waitFor();
      expect(await times.first().textContent()).toBe('now');
      expect(await times.last().textContent()).toMatch(/^\d0 seconds ago$/);
      const before = await times.last().textContent();
      await page.waitForTimeout(11_000);
      expect(await times.last().textContent()).not.toBe(before);
      expect(await times.last().textContent()).toMatch(/^(\d0 seconds|1 minute) ago$/);
      await snap('history-times');

      // Home inside the app (no reload): the card shows the simulator's picture.
      await page.getByRole('link', { name: 'Home' }).first().click();
      const card = home.projectCard('Picture me');
      await card.locator('img[src^="data:image/png;base64,"]').waitFor({ timeout: 15_000 });
      await snap('home-card-with-thumbnail');
    },
  );

  journey(
    'a renamed project downloads under its new name, as .hex, .png and .mkcd',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Dice');
      const editor = new EditorPage(page, baseUrl);
      await editor.setCode(program(3));
      await editor.waitForLeds(/on/);
      await editor.nameInput().fill('Lucky dice');
      await editor.waitUntilSaved();

      const hex = await editor.download();
      expect(hex.suggestedFilename()).toBe('Lucky dice.hex');
      // The .hex holds the program compiled for the board: the steps to the MICROBIT drive and
      // how much of the V1 program space it takes.
      const steps = page.getByRole('dialog', { name: 'Send your program to the micro:bit' });
      await steps.waitFor({ timeout: 30_000 });
      const meter = steps.getByRole('meter');
      expect(Number(await meter.getAttribute('value'))).toBeGreaterThan(64);
      await steps.getByText(/^Your program uses [\d,]+ of [\d,]+ bytes on a micro:bit V1 \(\d+%\)\.$/).waitFor();
      await snap('hex-flash-steps');
      const hexBytes = readFileSync(await hex.path());
      expect(readProject(hexBytes)).toMatchObject({ name: 'Lucky dice', program: 'present' });
      expect(readProject(hexBytes).files['main.ts']).toBe(program(3));
      // The program header's magic sits where the V1 firmware looks for the program.
      const v1 = parseIntelHex(hexBytes).sections.find((s) => s.boardId === 0x9900)!;
      const magic = Buffer.from(PROGRAM_MAGIC);
      const at = v1.segments.flatMap((seg) => {
        const i = Buffer.from(seg.data).indexOf(magic);
        return i >= 0 ? [seg.address + i] : [];
      });
      expect(at).toEqual([V1_PROGRAM_START]);
      await steps.getByRole('button', { name: 'Got it' }).click();

      // A program with something the board cannot run yet (every API call runs there now; an
      // object literal does not yet): the plain message says what, and the file still keeps
      // the project.
      await editor.setCode('let spot = { x: 1 }\n');
      await editor.waitUntilSaved();
      const sourceOnly = await editor.download();
      await editor
        .toast(
          'Your program uses something the micro:bit can’t run yet, so this file can’t run there: An object literal or interface cannot be compiled for the micro:bit yet. We saved “Lucky dice.hex” with your project inside: open it again with Import, and try your program in the simulator.',
        )
        .waitFor({ timeout: 30_000 });
      await snap('hex-unsupported-message');
      // The note links to the line that uses it: the link puts the cursor there.
      await page.getByRole('button', { name: 'Show line 1' }).click();
      await page.waitForFunction(() => document.activeElement?.classList.contains('cm-content') === true);
      expect(readProject(readFileSync(await sourceOnly.path()))).toMatchObject({ program: 'empty' });
      await editor.setCode(program(3));
      await editor.waitUntilSaved();

      await editor.moreWaysToSave().click();
      await snap('more-ways-to-save');
      await page.keyboard.press('Escape');
      const png = await editor.downloadAs('png');
      expect(png.suggestedFilename()).toBe('Lucky dice.png');
      const pngBytes = readFileSync(await png.path());
      expect(readProject(pngBytes, { fileName: 'Lucky dice.png' })).toMatchObject({
        name: 'Lucky dice',
        format: 'png',
      });
      const mkcd = await editor.downloadAs('mkcd');
      expect(mkcd.suggestedFilename()).toBe('Lucky dice.mkcd');
      expect(readProject(readFileSync(await mkcd.path()), { fileName: 'x.mkcd' }).name).toBe('Lucky dice');

      // A project opened from the PNG saves back as a PNG.
      await home.open();
      await pick(page, 'Lucky dice.png', pngBytes, 'image/png');
      await page.waitForURL((url) => url.pathname !== '/' && url.pathname.startsWith('/projects/'));
      const opened = new EditorPage(page, baseUrl);
      await opened.ready();
      expect(await opened.nameInput().inputValue()).toBe('Lucky dice 2');
      const again = await opened.downloadAs('png');
      expect(again.suggestedFilename()).toBe('Lucky dice 2.png');
      expect(readProject(readFileSync(await again.path())).files['main.ts']).toBe(program(3));
    },
  );

  journey(
    'a picture without a project gets a plain answer, with the exact error behind Details',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      // A real PNG (the app's own icon would do; this one is a 1x1 white pixel).
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
        'base64',
      );
      await pick(page, 'holiday.png', png, 'image/png');
      // The refusal stays in the import dialog until closed (issue 21), in plain words.
      const refused = page.getByRole('dialog', { name: "“holiday.png” can't be opened" });
      await refused.waitFor();
      expect(await refused.getByRole('alert').textContent()).toBe(
        "We couldn't open this file. This picture has no project hidden inside it. Choose a picture that was saved from Blockyard or MakeCode.",
      );
      expect(await refused.getByRole('alert').textContent()).not.toContain('magic');
      await refused.getByText('Details').click();
      await refused.getByText(/^Invalid (magic in )?encoded PNG( format)?$/).waitFor();
      await snap('plain-import-error');
      await refused.getByRole('button', { name: 'OK' }).click();
      expect(await home.projectNames()).toEqual([]);
    },
  );

  journey(
    'a MakeCode Python project opens in Python and never saves a stale main.py',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      const python = 'basic.show_number(5)\n';
      const files = {
        'pxt.json': JSON.stringify({
          name: 'Snake',
          dependencies: { core: '*' },
          files: ['main.py', 'main.ts'],
          preferredEditor: 'pyprj',
        }),
        'main.py': python,
        'main.ts': 'basic.showNumber(5)\n',
      };
      await pick(page, 'snake.json', Buffer.from(JSON.stringify(files)), 'application/json');
      await page.waitForURL(/\/projects\/[^/]+$/);
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Python');
      await snap('python-opened');

      // Unchanged, the project still holds its Python.
      let saved = readProject(readFileSync(await (await editor.downloadAs('mkcd')).path()), { fileName: 'x.mkcd' });
      expect(saved.files['main.py']).toBe(python);

      // Hover docs speak plainly: no raw @param tags.
      await editor.switchTo('JavaScript');
      await editor.code().getByText('showNumber').hover();
      const tooltip = page.locator('.cm-tooltip-hover');
      await tooltip.waitFor();
      expect(await tooltip.textContent()).not.toMatch(/@param|eg:/);
      expect(await tooltip.textContent()).toContain('Values it takes');
      await snap('hover-docs');
      await page.mouse.move(5, 5);

      // An edit in JavaScript never leaves a main.py that says something else.
      await editor.setCode('basic.showNumber(6)\n');
      await editor.waitUntilSaved();
      saved = readProject(readFileSync(await (await editor.downloadAs('mkcd')).path()), { fileName: 'x.mkcd' });
      expect(saved.files['main.ts']).toBe('basic.showNumber(6)\n');
      if (saved.files['main.py'] !== undefined) expect(saved.files['main.py']).toContain('basic.show_number(6)');
    },
  );

  journey('when saving fails, the rescue copy is a real .mkcd', async ({ page, context, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    await home.createProject('Rescue me');
    const editor = new EditorPage(page, baseUrl);
    await editor.setCode(program(4));
    await editor.waitUntilSaved();
    // Another tab deletes the project for good: this tab's next save has nowhere to go.
    const other = await context.newPage();
    const otherHome = new HomePage(other, baseUrl);
    await otherHome.open();
    await otherHome.deleteButton('Rescue me').click();
    await otherHome.trashButton().click();
    await other.getByRole('button', { name: 'Delete Rescue me forever' }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'Delete forever' }).click();
    await other.getByText('The trash is empty.').waitFor();
    await other.close();

    await editor.setCode(program(5));
    const copyButton = page.getByRole('button', { name: 'Download a copy' });
    await copyButton.waitFor({ timeout: 20_000 });
    await snap('save-failed');
    const download = page.waitForEvent('download');
    await copyButton.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Rescue me.mkcd');
    const bytes = readFileSync(await file.path());
    expect(bytes[0]).not.toBe('{'.charCodeAt(0)); // LZMA, not plain JSON
    expect(readProject(bytes, { fileName: 'Rescue me.mkcd' })).toMatchObject({
      name: 'Rescue me',
      format: 'mkcd',
      files: { 'main.ts': program(5) },
    });
  });
});
