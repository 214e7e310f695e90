import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { repoRoot } from '../harness/server.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/** The board showing the digit 0, as its LED description says it. */
const ZERO = 'LED display: row 1 on at 2, 3; row 2 on at 1, 4; row 3 on at 1, 4; row 4 on at 1, 4; row 5 on at 2, 3';

async function newProject(page: Page, baseUrl: string, name: string): Promise<EditorPage> {
  const home = new HomePage(page, baseUrl);
  await home.open();
  await home.createProject(name);
  const editor = new EditorPage(page, baseUrl);
  await editor.waitForMode('Blocks');
  await editor.block('pxt-on-start').waitFor();
  return editor;
}

/** What the element with focus is, and whether its focus shows. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : null;
    const labelled = element?.getAttribute('aria-labelledby');
    const label = element && 'labels' in element ? (element as HTMLInputElement).labels?.[0]?.textContent : null;
    return {
      // Roughly the accessible name: what a screen reader would announce.
      name:
        element?.getAttribute('aria-label') ??
        (labelled ? document.getElementById(labelled)?.textContent : null) ??
        label ??
        element?.textContent?.trim() ??
        '',
      role: element?.getAttribute('role') ?? element?.tagName.toLowerCase() ?? '',
      ring: style ? style.boxShadow !== 'none' || style.outlineStyle !== 'none' : false,
    };
  });
}

/**
 * Presses Ctrl+Z (undo) and Ctrl+Shift+Z (redo) within the same moment: each keystroke lands
 * where focus is when it comes, as a real one does (a press a few milliseconds after the one
 * before, deterministically). Gives the tag each key landed on.
 */
async function keysAtOnce(page: Page, keys: readonly ('undo' | 'redo')[]): Promise<string[]> {
  // Blockly records an edit in its undo list from a zero-delay timer; a learner's key comes at
  // least a frame after the edit it undoes, so the keys wait for timers already due (under load
  // the page's timers can lag behind the test's calls).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return page.evaluate((keys) => {
    const landed: string[] = [];
    for (const key of keys) {
      const redo = key === 'redo';
      const event = new KeyboardEvent('keydown', {
        key: redo ? 'Z' : 'z',
        code: 'KeyZ',
        ctrlKey: true,
        shiftKey: redo,
        bubbles: true,
        cancelable: true,
      });
      // Blockly reads the key's code.
      Object.defineProperty(event, 'keyCode', { get: () => 90 });
      const target = document.activeElement ?? document.body;
      landed.push(target.tagName.toLowerCase());
      target.dispatchEvent(event);
    }
    return landed;
  }, keys);
}

/** Takes "show number" from the block search into the next free place, by keyboard only. */
async function placeShowNumberByKeyboard(page: Page, editor: EditorPage): Promise<void> {
  await editor.blockSearch().focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('show number');
  await page.keyboard.press('ArrowDown'); // into the search results
  await page.keyboard.press('Enter'); // take the block
  await page.keyboard.press('ArrowDown'); // to the next slot
  await page.keyboard.press('Enter'); // put it there
}

describe('the editor', () => {
  useChromium();

  journey(
    'blocks run at once; JavaScript and back keeps the program; a reload keeps it',
    async ({ page, baseUrl, snap }) => {
      const editor = await newProject(page, baseUrl, 'Hello');
      await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start');
      await editor.waitForLeds(ZERO);
      await snap('show-number-running');

      await editor.switchTo('JavaScript');
      expect(await editor.codeText()).toBe('basic.showNumber(0)\nbasic.forever(function () {\n})\n');
      await editor.setCode('basic.showString("Hi")\nbasic.forever(function () {\n})\n');
      await snap('javascript');
      await editor.switchTo('Blocks');
      await editor.block('device_print_message').waitFor();
      expect(await editor.blockTexts()).toEqual(expect.arrayContaining(['show string', 'Hi']));
      expect(await editor.workspace().locator('g.device_show_number').count()).toBe(0);
      await editor.waitUntilSaved();
      await snap('back-in-blocks');

      await page.reload();
      await editor.waitForMode('Blocks');
      await editor.block('device_print_message').waitFor();
      expect(await editor.blockTexts()).toEqual(expect.arrayContaining(['show string', 'Hi']));
      // And it runs again.
      await page.locator('[aria-label="Simulator"][data-state="running"]').waitFor({ timeout: 30_000 });
    },
  );

  journey('a block edit is still there after closing the page right away', async ({ page, context, baseUrl }) => {
    const editor = await newProject(page, baseUrl, 'Quick');
    const id = editor.projectId();
    await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start');
    await editor.block('device_show_number').waitFor();
    // No waiting for the block editor or the autosave: the page goes away at once.
    await page.close();
    const again = new EditorPage(await context.newPage(), baseUrl);
    await again.open(id);
    await again.block('device_show_number').waitFor();
    await again.waitForLeds(ZERO);
    await again.page.close();
  });

  journey(
    'a dropped block is still there when the page stalls right after the drop and closes',
    async ({ page, context, baseUrl }) => {
      const editor = await newProject(page, baseUrl, 'Stalled');
      const id = editor.projectId();
      await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start', () =>
        // The drop's own task queues a long task (600 ms of main thread, as a slow machine or a
        // heavy page has): the frame and timers Blockly reports the drop after come behind it,
        // and the page is closed meanwhile: they never run, and whatever the closing page still
        // writes on its way out is not sure to land (main lost the drop 4 times in 8). Only what
        // the drop's own task recorded is kept for certain.
        page.evaluate(() => {
          window.addEventListener(
            'pointerup',
            () =>
              setTimeout(() => {
                const end = performance.now() + 600;
                while (performance.now() < end);
              }, 0),
            { capture: true, once: true },
          );
        }),
      );
      await page.close();
      const again = new EditorPage(await context.newPage(), baseUrl);
      await again.open(id);
      await again.block('pxt-on-start').waitFor();
      await again.block('device_show_number').waitFor({ timeout: 10_000 });
      await again.page.close();
    },
  );

  journey(
    'a block edit shows in another tab open on the project when its tab closes right away',
    async ({ page, context, baseUrl }) => {
      const editor = await newProject(page, baseUrl, 'Two tabs');
      const id = editor.projectId();
      // Open elsewhere first: its start-up recovery is over before the edit's tab goes.
      const other = new EditorPage(await context.newPage(), baseUrl);
      await other.open(id);
      await other.block('pxt-on-start').waitFor();
      await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start');
      await editor.block('device_show_number').waitFor();
      // No waiting for the autosave: what the closing tab stashes must reach the open one.
      await page.close();
      await other.block('device_show_number').waitFor();
      await other.waitForLeds(ZERO);
      await other.page.close();
    },
  );

  journey(
    'a compile error is marked on its block, and a runtime error on its line',
    async ({ page, baseUrl, snap }) => {
      const editor = await newProject(page, baseUrl, 'Oops');
      await editor.setCode('let name = "Ann"\nbasic.showNumber(name)\n');
      await editor.problems().getByText('This needs a number here, not text.').waitFor();
      await editor.switchTo('Blocks');
      const problem = editor.problems().getByText('This block needs a number here, not text.');
      await problem.waitFor();
      // The warning sits on the "name" block inside "show number".
      const variable = editor.workspace().locator('g.device_show_number g.variables_get');
      await variable.locator('.blocklyWarningIcon').waitFor();
      await editor.problems().getByText('Details').click();
      await editor
        .problems()
        .getByText("Argument of type 'string' is not assignable to parameter of type 'number'.")
        .waitFor();
      await snap('error-on-block');

      // A runtime error: the program calls itself for ever.
      await editor.setCode(
        'function again(n: number): number {\n    return again(n + 1)\n}\nbasic.showNumber(again(1))\n',
      );
      await editor.problems().getByText('The program called itself too many times (Stack overflow).').waitFor();
      await editor.problems().getByRole('button', { name: 'Line 2' }).waitFor();
      await page.locator('.cm-lintRange-error').first().waitFor();
      await snap('runtime-error-on-line');
    },
  );

  journey(
    'code blocks cannot show: the learner is asked first, and nothing is lost',
    async ({ page, baseUrl, snap }) => {
      const editor = await newProject(page, baseUrl, 'Grey');
      const program = 'basic.showNumber(1)\nclass Pet {\n    name = "Rex"\n}\nbasic.showNumber(2)\n';
      await editor.setCode(program);
      await editor.modeTab('Blocks').click();
      const dialog = editor.greyBlocksDialog();
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(
        "Lines 2-4 can't be shown as blocks yet; they'll appear as grey code blocks. Nothing is lost.",
      );
      await snap('grey-question');
      await dialog.getByRole('button', { name: 'Stay in JavaScript' }).click();
      expect(await editor.mode()).toBe('JavaScript');
      expect(await editor.codeText()).toBe(program);

      await editor.modeTab('Blocks').click();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await editor.waitForMode('Blocks');
      await editor.block('typescript_statement').waitFor();
      await snap('grey-blocks');
      await editor.switchTo('JavaScript');
      expect(await editor.codeText()).toContain('class Pet {\n    name = "Rex"\n}');
    },
  );

  journey(
    'Download, then Import in a fresh profile, brings the project back',
    async ({ page, context, baseUrl, snap }) => {
      const editor = await newProject(page, baseUrl, 'Travel kit');
      await editor.setCode('basic.showString("Hi")\n');
      await editor.switchTo('Blocks');
      await editor.block('device_print_message').waitFor();
      const download = await editor.download();
      expect(download.suggestedFilename()).toBe('Travel kit.hex');
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 1).toString()).toBe(':');
      await snap('downloaded');

      const fresh = await context.browser()!.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const other = await fresh.newPage();
        const home = new HomePage(other, baseUrl);
        await home.open();
        expect(await home.projectNames()).toEqual([]);
        const chooser = other.waitForEvent('filechooser');
        await other.getByRole('button', { name: 'Import', exact: true }).click();
        await (await chooser).setFiles({ name: 'Travel kit.hex', mimeType: 'application/octet-stream', buffer: bytes });
        await other.waitForURL(/\/projects\/[^/]+$/);
        const imported = new EditorPage(other, baseUrl);
        await imported.waitForMode('Blocks');
        await imported.block('device_print_message').waitFor();
        expect(await imported.blockTexts()).toEqual(expect.arrayContaining(['show string', 'Hi']));
        expect(await imported.nameInput().inputValue()).toBe('Travel kit');

        // Anything else gets a plain answer, and nothing is created.
        await home.open();
        const picker = other.waitForEvent('filechooser');
        await other.getByRole('button', { name: 'Import', exact: true }).click();
        await (
          await picker
        ).setFiles({ name: 'broken.hex', mimeType: 'text/plain', buffer: Buffer.from(':10000000ZZ\n') });
        await other
          .getByText(
            "We couldn't open this file. This file is damaged or isn't a micro:bit file. Try downloading it again.",
          )
          .waitFor();
        expect(await home.projectNames()).toEqual(['Travel kit']);
      } finally {
        await fresh.close();
      }
    },
  );

  journey(
    'Blocks -> JavaScript -> Blocks keeps the workspace as it was; after an edit, loose blocks and places stay',
    async ({ page, baseUrl, snap }) => {
      const blocks = [
        '<xml xmlns="https://developers.google.com/blockly/xml">',
        '<variables><variable id="vScore" type="">score</variable></variables>',
        '<block type="pxt-on-start" id="start" x="40" y="240"><statement name="HANDLER">',
        '<block type="device_show_number" id="show"><comment pinned="true" h="80" w="160">hello</comment>',
        '<value name="number"><shadow type="math_number" id="n1"><field name="NUM">7</field></shadow></value></block>',
        '</statement></block>',
        '<block type="device_forever" id="loop" x="420" y="40" collapsed="true"><statement name="HANDLER">',
        '<block type="device_pause" id="wait"><value name="pause"><shadow type="math_number" id="n2">',
        '<field name="NUM">100</field></shadow></value></block></statement></block>',
        '<block type="variables_set" id="loose" x="60" y="520"><field name="VAR" id="vScore">score</field>',
        '<value name="VALUE"><shadow type="math_number" id="n3"><field name="NUM">3</field></shadow></value></block>',
        '</xml>',
      ].join('');
      const config = { name: 'Arranged', dependencies: { core: '*' }, files: ['main.blocks', 'main.ts'] };
      const files = {
        'pxt.json': JSON.stringify({ ...config, preferredEditor: 'blocksprj' }),
        'main.blocks': blocks,
        'main.ts': '',
      };
      const home = new HomePage(page, baseUrl);
      await home.open();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const buffer = Buffer.from(JSON.stringify(files));
      await (await chooser).setFiles({ name: 'arranged.json', mimeType: 'application/json', buffer });
      await page.waitForURL(/\/projects\/[^/]+$/);
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.block('loose').waitFor();

      /** Every top block as drawn: its id, where it is, whether it is collapsed; and the comments. */
      const drawn = () =>
        editor.workspace().evaluate((canvas) => ({
          tops: [...canvas.querySelectorAll(':scope > g.blocklyBlock')]
            .map((g) => ({
              id: g.getAttribute('data-id'),
              at: g.getAttribute('transform'),
              collapsed: g.classList.contains('blocklyCollapsed'),
            }))
            .sort((a, b) => String(a.id).localeCompare(String(b.id))),
          comments: [...document.querySelectorAll('.blocklyBubble textarea')].map(
            (c) => (c as HTMLTextAreaElement).value,
          ),
        }));
      const before = await drawn();
      expect(before.tops.map((t) => t.id)).toEqual(['loop', 'loose', 'start']);
      expect(before.tops.find((t) => t.id === 'loop')?.collapsed).toBe(true);
      await snap('arranged');

      await editor.switchTo('JavaScript');
      await editor.switchTo('Blocks');
      await editor.block('loose').waitFor();
      expect(await drawn()).toEqual(before);

      // An edit in JavaScript: the forever loop changes; the rest keeps its place, the loose block stays.
      await editor.switchTo('JavaScript');
      const text = await editor.codeText();
      expect(text).toContain('basic.pause(100)');
      await editor.setCode(text.replace('basic.pause(100)', 'basic.pause(250)'));
      await editor.switchTo('Blocks');
      await editor.block('loose').waitFor();
      const after = await drawn();
      for (const id of ['start', 'loose']) {
        expect(after.tops.find((t) => t.id === id)?.at, id).toBe(before.tops.find((t) => t.id === id)?.at);
      }
      expect(after.tops.find((t) => t.id === 'loop')).toMatchObject({
        at: before.tops.find((t) => t.id === 'loop')?.at,
        collapsed: true,
      });
      await snap('after-edit');
    },
  );

  journey(
    'a runtime error says what went wrong and where, on its line and on its block',
    async ({ page, baseUrl, snap }) => {
      const editor = await newProject(page, baseUrl, 'Too deep');
      await editor.setCode('function f(n: number): number {\n    return f(n + 1) + 1\n}\nbasic.showNumber(f(1))\n');
      const status = editor.simulatorPane().getByRole('status').first();
      const overflow = 'The program called itself too many times (Stack overflow).';
      await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe(`Stopped on line 2: ${overflow}`);
      await editor.problems().getByRole('button', { name: 'Line 2' }).waitFor();
      await snap('javascript');

      await editor.switchTo('Blocks');
      await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe(`Stopped in “return”: ${overflow}`);
      await editor.problems().getByRole('button', { name: 'In “return”:' }).click();
      // The block is marked with the problem and selected.
      await editor.workspace().locator('g.blocklyBlock.blocklySelected.function_return').waitFor();
      await snap('blocks');
    },
  );

  journey('a MakeCode .hex with blocks opens in Blocks and runs', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    const hex = readFileSync(join(repoRoot, 'packages/core/test/baselines/makecode/universal.hex'));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await (
      await chooser
    ).setFiles({ name: 'microbit-Heart-beat.hex', mimeType: 'application/octet-stream', buffer: hex });
    await page.waitForURL(/\/projects\/[^/]+$/);
    const editor = new EditorPage(page, baseUrl);
    await editor.waitForMode('Blocks');
    await editor.block('device_button_event').waitFor();
    await editor.block('device_forever').waitFor();
    expect(await editor.nameInput().inputValue()).toBe('Heart beat');
    await editor.waitForLeds('LED display: heart shape');
    await snap('makecode-project');
  });

  journey('the code editor completes, explains, helps with arguments and formats', async ({ page, baseUrl, snap }) => {
    const editor = await newProject(page, baseUrl, 'Typing');
    await editor.setCode('');
    await editor.code().click();
    await page.keyboard.type('basic.showN');
    const options = page.getByRole('listbox');
    await options.getByRole('option', { name: /showNumber/ }).waitFor();
    // The highlighted name comes with its signature and documentation.
    await page
      .locator('.cm-completionInfo .code-docs-signature')
      .filter({ hasText: 'showNumber(value: number' })
      .waitFor();
    await snap('completion');
    await page.keyboard.press('Enter');
    await page.keyboard.type('(');
    const help = page.locator('.code-signature-help');
    await help.filter({ hasText: 'showNumber(' }).waitFor();
    expect(await help.locator('strong').textContent()).toMatch(/^value/);
    await snap('signature-help');
    await page.keyboard.type('7');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ControlOrMeta+End');
    // Pasted, as it is (typing would get the editor's automatic closing brackets too).
    await page.keyboard.insertText('\nbasic.forever(function(){\nbasic.pause(1+1)\n})');
    await editor.tool('Format code').click();
    await expect
      .poll(() => editor.codeText())
      .toBe('basic.showNumber(7)\nbasic.forever(function () {\n    basic.pause(1 + 1)\n})');
    // Hover docs on a name.
    await page.locator('.cm-content').getByText('pause').hover();
    await page.locator('.cm-tooltip-hover .code-docs-signature').filter({ hasText: 'pause(ms: number' }).waitFor();
    await snap('hover');
  });

  journey('the running program becomes the picture on its My projects card', async ({ page, baseUrl }) => {
    const editor = await newProject(page, baseUrl, 'Picture');
    await editor.setCode('basic.showIcon(IconNames.Heart)\n');
    await editor.waitForLeds('LED display: heart shape');
    // The simulator sends its thumbnail once the board has been still for a while (10 s); the
    // editor saves it with the project.
    const thumbnail = () =>
      page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('blockyard-projects');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('open failed'));
        });
        const records = await new Promise<{ name: string; thumbnail?: string }[]>((resolve) => {
          const request = db.transaction('projects').objectStore('projects').getAll();
          request.onsuccess = () => resolve(request.result as { name: string; thumbnail?: string }[]);
        });
        db.close();
        return records.find((r) => r.name === 'Picture')?.thumbnail ?? '';
      });
    await expect.poll(thumbnail, { timeout: 30_000, interval: 1000 }).toMatch(/^data:image\/png;base64,/);
    const home = new HomePage(page, baseUrl);
    await home.open();
    expect(await home.projectCard('Picture').locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  journey('a damaged record leaves the other projects intact and editable', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    for (const name of ['First', 'Doomed', 'Last']) {
      const editor = await newProject(page, baseUrl, name);
      await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start');
      await editor.block('device_show_number').waitFor();
      await editor.waitUntilSaved();
    }
    const ids = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('blockyard-projects');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      const tx = db.transaction(['projects', 'files'], 'readwrite');
      const records = await new Promise<{ id: string; name: string }[]>((resolve) => {
        const request = tx.objectStore('projects').getAll();
        request.onsuccess = () => resolve(request.result as { id: string; name: string }[]);
      });
      const doomed = records.find((r) => r.name === 'Doomed');
      if (!doomed) throw new Error('no project called Doomed');
      tx.objectStore('files').put({ files: 'not a file map' }, doomed.id);
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
      return { doomed: doomed.id, others: records.filter((r) => r.name !== 'Doomed').map((r) => r.id) };
    });
    await page.reload();
    await home.open();
    expect((await home.projectNames()).sort()).toEqual(expect.arrayContaining(['First', 'Last']));
    const editor = new EditorPage(page, baseUrl);
    for (const id of ids.others) {
      await editor.open(id);
      await editor.block('device_show_number').waitFor();
      await editor.switchTo('JavaScript');
      await editor.setCode('basic.showNumber(7)\n');
      await editor.waitUntilSaved();
    }
    await page.goto(`${baseUrl}/projects/${ids.doomed}`);
    await page.getByRole('heading', { name: "This project can't be opened" }).waitFor();
    await snap('damaged-project');
  });

  journey('keyboard only: a program made, run and switched without a mouse', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    await home.newProjectButton().focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // the dialog's name field: keep "My project"
    await page.waitForURL(/\/projects\/[^/]+$/);
    const editor = new EditorPage(page, baseUrl);
    await editor.block('pxt-on-start').waitFor();

    // Every control on the way has a name and a visible focus.
    const seen: string[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      // The simulator's own controls are tested with the simulator; while its frame starts, focus
      // can rest on the page itself for a moment.
      if (now.role === 'iframe' || now.role === 'body') continue;
      expect(now.name, `tab stop ${i} has a name`).not.toBe('');
      expect(now.ring, `tab stop ${i} (${now.name}) shows focus`).toBe(true);
      seen.push(now.name);
      if (now.name === 'Search blocks') break;
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'Home',
        'Project name',
        'Blocks',
        'History',
        'Share',
        'Settings',
        'Help',
        'Search blocks',
      ]),
    );
    await snap('keyboard-search');
    await page.keyboard.type('show number');
    await page.keyboard.press('ArrowDown'); // into the search results
    await page.keyboard.press('Enter'); // take the block
    await page.keyboard.press('ArrowDown'); // to the slot of "on start"
    await page.keyboard.press('Enter'); // put it there
    await editor.workspace().locator('g.pxt-on-start g.device_show_number').waitFor();
    await editor.waitForLeds(ZERO);
    await snap('keyboard-block-placed');

    // Undo by keyboard in blocks, and the bottom bar's Download is reachable too.
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editor.workspace().locator('g.pxt-on-start g.device_show_number').count()).toBe(0);
    // Redo at once, as a learner pressing undo then redo quickly does.
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await editor.workspace().locator('g.pxt-on-start g.device_show_number').waitFor();

    // Blocks | JavaScript by keyboard: arrows move between the tabs, Enter switches.
    await editor.modeTab('Blocks').focus();
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).name).toBe('JavaScript');
    await page.keyboard.press('Enter');
    await editor.waitForMode('JavaScript');
    await editor.code().focus();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('basic.showNumber(5)');
    await page.keyboard.press('ControlOrMeta+z');
    expect(await editor.codeText()).not.toContain('basic.showNumber(5)');
    // Escape, then Tab, leaves the code editor.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect((await focused(page)).role).not.toBe('textbox');
  });

  journey('a redo pressed right after an undo brings the blocks back', async ({ page, baseUrl }) => {
    const editor = await newProject(page, baseUrl, 'Quick hands');
    const showNumbers = () =>
      page.evaluate(() => {
        const canvas = document.querySelector(
          '.blockyard-blocks:not(.blockyard-blocks--hidden) svg.blocklySvg > g.blocklyWorkspace > g.blocklyBlockCanvas',
        );
        return {
          inStart: canvas?.querySelectorAll('g.pxt-on-start g.device_show_number').length ?? 0,
          all: canvas?.querySelectorAll('g.device_show_number').length ?? 0,
        };
      });
    await placeShowNumberByKeyboard(page, editor);
    await expect.poll(showNumbers).toEqual({ inStart: 1, all: 1 });

    // The undo takes away the focused block: Blockly focuses its parent a moment later, so the
    // redo lands on the page itself. It must still reach the workspace.
    expect(await keysAtOnce(page, ['undo', 'redo'])).toEqual(['path', 'body']);
    await expect.poll(showNumbers).toEqual({ inStart: 1, all: 1 });
    await editor.waitForLeds(ZERO);

    // Several undos, then as many redos, all at once.
    await placeShowNumberByKeyboard(page, editor);
    await expect.poll(() => showNumbers().then((now) => now.all)).toBe(2);
    const two = await showNumbers();
    await keysAtOnce(page, ['undo', 'undo', 'redo', 'redo']);
    await expect.poll(showNumbers).toEqual(two);
    await keysAtOnce(page, ['undo', 'undo']);
    await expect.poll(showNumbers).toEqual({ inStart: 0, all: 0 });
    await keysAtOnce(page, ['redo', 'redo']);
    await expect.poll(showNumbers).toEqual(two);

    // The bottom bar's Undo and Redo, clicked one right after the other.
    await editor.tool('Undo').click();
    await editor.tool('Redo').click();
    await expect.poll(showNumbers).toEqual(two);
    await editor.tool('Undo').click();
    await editor.tool('Undo').click();
    await editor.tool('Redo').click();
    await editor.tool('Redo').click();
    await expect.poll(showNumbers).toEqual(two);
  });

  journey('below 991 px the simulator sits above the code', async ({ page, baseUrl, snap }) => {
    await page.setViewportSize({ width: 800, height: 1000 });
    const editor = await newProject(page, baseUrl, 'Narrow');
    await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start');
    await editor.waitForLeds(ZERO);
    const sim = await editor.simulatorPane().boundingBox();
    const workspace = await page.getByRole('tabpanel').boundingBox();
    expect(sim!.y + sim!.height).toBeLessThanOrEqual(workspace!.y);
    await snap('narrow');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap('phone');
  });

  journey('high contrast covers the editor, the blocks and the code', async ({ page, baseUrl, snap }) => {
    const editor = await newProject(page, baseUrl, 'Contrast');
    await editor.settingsButton().click();
    await editor.highContrastSwitch().click();
    await page.keyboard.press('Escape');
    expect(await editor.theme()).toBe('high-contrast');
    await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start');
    await editor.waitForLeds(ZERO);
    await snap('high-contrast-blocks');
    await editor.setCode('basic.showNumber(0)\nbasic.showNumbr(1)\n');
    await editor.problems().getByText('Did you mean “showNumber”?', { exact: false }).waitFor();
    await snap('high-contrast-code');
  });
});
