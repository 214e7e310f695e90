// The block editor with big programs (1,000 blocks and more): stacks far from the view wait and
// are built in slices, when scrolled to, when idle or when something needs them, and nothing of
// the program is lost or hidden from a screen reader on the way.
import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { BlocksTestPage } from '../pages/blocks-page.ts';
import { onStartOnly, type BlocksTestWindow, type LiveWindow } from '../pages/blocks-test-window.ts';
import { showNumberGrid } from '../pages/show-number-grid.ts';

describe('the block editor with a big program', () => {
  useChromium();

  journey(
    'a big program loaded in slices gets screen-reader labels on its blocks, and none on plain words',
    async ({ page, baseUrl }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open(onStartOnly);
      // 120 stacks far apart: most load after the first view, in slices.
      const xml = showNumberGrid({ stacks: 120, columns: 6, dx: 400, dy: 300 });
      await page.evaluate((text) => (window as unknown as BlocksTestWindow).blockyardBlocksTest!.renderTime(text), xml);
      // The stacks far from the view wait (far-stacks.ts): build them all, as keyboard navigation does.
      await page.evaluate(() => (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.finishLoading());
      // Labels are set once after loading (deferred-aria.ts): as Blockly sets them, every block is
      // a figure (a statement) named by its words, every number a button named by its value.
      // Read from each stack's own SVG: stacks far from the view are kept out of the page (offscreen-stacks.ts).
      const state = () =>
        page.evaluate(() => {
          const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
          const roots = workspace.getTopBlocks(false).map((top) => top.getSvgRoot());
          const all = (selector: string) => roots.flatMap((root) => [...root.querySelectorAll(selector)]);
          const figures = all('[role="figure"][aria-roledescription="statement"]');
          return {
            figures: figures.length,
            named: figures.filter((f) =>
              /^Begin stack, show number, \d+, has input,$/.test(f.getAttribute('aria-label') ?? ''),
            ).length,
            numbers: all('[role="button"][aria-label]').length,
            wordButtons: all('.blocklyLabelField[role="button"]').length,
          };
        });
      await expect.poll(state, { timeout: 10_000 }).toEqual({ figures: 120, named: 120, numbers: 120, wordButtons: 0 });
    },
    { context: { viewport: { width: 1280, height: 800 } } },
  );

  journey(
    'a 1,000-block program is all there: far stacks are built when scrolled to, edits save and undo',
    async ({ page, baseUrl, snap }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open(onStartOnly);
      // Far stacks stay waiting here (no building them while idle): what each way of reaching them does.
      await page.evaluate(() => {
        (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.idleBuilding = false;
      });
      // 100 stacks of 10 "show number" blocks, each with its number: 1,000 blocks (and 1,000 shadows).
      const xml = showNumberGrid({ stacks: 100, blocksPerStack: 10, columns: 4, dx: 420, dy: 520 });
      await page.evaluate((text) => (window as unknown as BlocksTestWindow).blockyardBlocksTest!.renderTime(text), xml);
      await snap('loaded');
      /** Stacks on the workspace, and what saving writes: stacks and blocks in the file, with the far ones. */
      const state = () =>
        page.evaluate(() => {
          const api = (window as unknown as LiveWindow).blockyardBlocksTest!;
          const saved = api.controller()!.getXml();
          return {
            built: api.controller()!.workspace.getTopBlocks(false).length,
            savedStacks: (saved.match(/ x="/g) ?? []).length,
            savedBlocks: (saved.match(/<block type="device_show_number"/g) ?? []).length,
            saved,
          };
        });
      const loaded = await state();
      // Far stacks wait (the view holds about 12): saving still writes every one, and the workspace
      // is as big as the whole program (its size includes the waiting stacks).
      expect(loaded.built).toBeLessThan(60);
      expect({ stacks: loaded.savedStacks, blocks: loaded.savedBlocks }).toEqual({ stacks: 100, blocks: 1000 });
      const content = await page.evaluate(() => {
        const box = (window as unknown as LiveWindow)
          .blockyardBlocksTest!.controller()!
          .workspace.getBlocksBoundingBox();
        return { right: box.right, bottom: box.bottom };
      });
      expect(content.bottom).toBeGreaterThan(24 * 520);
      expect(content.right).toBeGreaterThan(3 * 420);
      // Scrolled to the last stack as a scrollbar does (Blockly keeps the view inside the content):
      // it is built and drawn, shown, with its size and its number's text.
      await page.evaluate(() => {
        const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
        workspace.scroll(100 - 3 * 420 * workspace.scale, 100 - 24 * 520 * workspace.scale);
      });
      const last = () =>
        page.evaluate(() => {
          const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
          const root = workspace.getBlockById('b99_0')?.getSvgRoot();
          if (!root) return 'not built';
          const box = root.getBoundingClientRect();
          return {
            shown: getComputedStyle(root).display !== 'none',
            width: box.width > 100,
            onScreen: box.top >= 0 && box.top < window.innerHeight,
            text: root.textContent?.includes('990') ?? false,
          };
        });
      await expect.poll(last, { timeout: 10_000 }).toEqual({ shown: true, width: true, onScreen: true, text: true });
      await snap('last-stack');
      // An edit of the last stack saves every block (the far ones still waiting included) and undoes.
      const changesBefore = await page.evaluate(
        () => (window as unknown as LiveWindow).blockyardBlocksTest!.changes.length,
      );
      await page.evaluate(() => {
        const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
        workspace.getBlockById('nb99_9')!.getField('NUM')!.setValue(12345);
      });
      const lastChange = () =>
        page.evaluate((before) => {
          const changes = (window as unknown as LiveWindow).blockyardBlocksTest!.changes;
          const text = changes.length > before ? changes[changes.length - 1]! : '';
          return {
            edited: text.includes('>12345<'),
            blocks: (text.match(/<block type="device_show_number"/g) ?? []).length,
            stacks: (text.match(/ x="/g) ?? []).length,
          };
        }, changesBefore);
      await expect.poll(lastChange, { timeout: 10_000 }).toEqual({ edited: true, blocks: 1000, stacks: 100 });
      const stillWaiting = await page.evaluate(
        () => (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace.getTopBlocks(false).length,
      );
      expect(stillWaiting).toBeLessThan(100);
      // A tab switch reads the program with settledXml: every stack is in it and nothing is built.
      const settled = await page.evaluate(async () => {
        const controller = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!;
        const text = await controller.settledXml();
        return {
          edited: text.includes('>12345<'),
          blocks: (text.match(/<block type="device_show_number"/g) ?? []).length,
          stacks: (text.match(/ x="/g) ?? []).length,
          built: controller.workspace.getTopBlocks(false).length,
        };
      });
      expect(settled).toEqual({ edited: true, blocks: 1000, stacks: 100, built: stillWaiting });
      const undoable = () =>
        page.evaluate(
          () => (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace.getUndoStack().length,
        );
      await expect.poll(undoable, { timeout: 5_000 }).toBeGreaterThan(0);
      const values = await page.evaluate(() => {
        const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
        const before = String(workspace.getBlockById('nb99_9')!.getFieldValue('NUM'));
        workspace.undo(false);
        return { before, after: String(workspace.getBlockById('nb99_9')!.getFieldValue('NUM')) };
      });
      expect(values).toEqual({ before: '12345', after: '999' });
      // The screen reader's label of the last stack's top block is there.
      const label = () =>
        page.evaluate(
          () =>
            (window as unknown as LiveWindow)
              .blockyardBlocksTest!.controller()!
              .workspace.getBlockById('b99_0')!
              .getSvgRoot()
              .querySelector(':scope > path.blocklyPath')
              ?.getAttribute('aria-label') ?? '',
        );
      await expect.poll(label, { timeout: 10_000 }).toMatch(/show number, 990/);
      // Every stack built (keyboard navigation does it): the same file as saved while most waited.
      const built = await page.evaluate(() => {
        const api = (window as unknown as LiveWindow).blockyardBlocksTest!;
        api.controller()!.finishLoading();
        const workspace = api.controller()!.workspace;
        return {
          blocks: workspace.getAllBlocks(false).filter((b) => !b.isShadow()).length,
          tops: workspace.getTopBlocks(false).length,
          saved: api.controller()!.getXml(),
        };
      });
      expect({ blocks: built.blocks, tops: built.tops }).toEqual({ blocks: 1000, tops: 100 });
      expect(built.saved).toBe(loaded.saved);
      // Built, the stacks far from the view are kept out of the page (Chromium styles every element
      // in it, even hidden ones): the page holds the blocks near the view, not all 2,000.
      const inPage = await page.evaluate(() => document.querySelectorAll('.blocklyBlockCanvas g.blocklyBlock').length);
      expect(inPage).toBeGreaterThan(0);
      expect(inPage).toBeLessThan(800);
      // A stack kept aside is drawn right when it changes: its number as wide as the same number
      // typed into a stack in view (Blockly measures words from the page's styles).
      const widths = await page.evaluate(() => {
        const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
        const far = workspace.getBlockById('nb0_5')!;
        const near = workspace.getBlockById('nb99_5')!;
        const farWasOut = !far.getSvgRoot().isConnected;
        far.getField('NUM')!.setValue(987654321);
        near.getField('NUM')!.setValue(987654321);
        far.render();
        near.render();
        return { farWasOut, far: far.getHeightWidth().width, near: near.getHeightWidth().width };
      });
      expect(widths.farWasOut).toBe(true);
      expect(widths.far).toBe(widths.near);
      // Scrolled back to the first stack: it is in the page again, drawn, with the new number.
      await page.evaluate(() => {
        const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
        workspace.scroll(0, 0);
      });
      const first = () =>
        page.evaluate(() => {
          const root = (window as unknown as LiveWindow)
            .blockyardBlocksTest!.controller()!
            .workspace.getBlockById('b0_0')!
            .getSvgRoot();
          const box = root.getBoundingClientRect();
          return {
            inPage: root.isConnected,
            width: box.width > 100,
            onScreen: box.top >= 0 && box.top < window.innerHeight,
            text: root.textContent?.includes('987654321') ?? false,
          };
        });
      await expect.poll(first, { timeout: 10_000 }).toEqual({ inPage: true, width: true, onScreen: true, text: true });
      await snap('first-stack-again');
    },
    { context: { viewport: { width: 1280, height: 800 } }, timeout: 120_000 },
  );

  // Blockly moves a stack aside at random when it is drawn near another's connection: the text
  // read before the far stacks were built then differed from the text after, and the Python made
  // ahead from it no longer matched a press on the Python tab (bench python-tab, round 21).
  journey(
    "stacks drawn over each other keep the file's places: the text before far stacks are built is the text after",
    async ({ page, baseUrl }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open(onStartOnly);
      await page.evaluate(() => {
        (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.idleBuilding = false;
      });
      // 160 stacks of 3 "show number" blocks, each 60 units below the one before in its column:
      // its top lies at the connections of the stack above (Blockly would bump it).
      const stack = (s: number) => {
        let inner = '';
        for (let b = 2; b >= 0; b--) {
          const next = inner ? `<next>${inner}</next>` : '';
          const place = b === 0 ? ` x="${(s % 4) * 300}" y="${Math.floor(s / 4) * 60}"` : '';
          inner =
            `<block type="device_show_number" id="o${s}_${b}"${place}><value name="number"><shadow type="math_number" ` +
            `id="no${s}_${b}"><field name="NUM">${s * 3 + b}</field></shadow></value>${next}</block>`;
        }
        return inner;
      };
      const places = Array.from({ length: 160 }, (_, s) => `x="${(s % 4) * 300}" y="${Math.floor(s / 4) * 60}"`);
      const xml = `<xml xmlns="https://developers.google.com/blockly/xml">${Array.from({ length: 160 }, (_, s) => stack(s)).join('')}</xml>`;
      await page.evaluate((text) => (window as unknown as BlocksTestWindow).blockyardBlocksTest!.renderTime(text), xml);
      const read = () =>
        page.evaluate(async () => {
          const controller = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!;
          return { text: await controller.settledXml(), built: controller.workspace.getTopBlocks(false).length };
        });
      const before = await read();
      // Some stacks wait far from the view; then every one is built and drawn.
      expect(before.built).toBeLessThan(160);
      await page.evaluate(async () => {
        const controller = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!;
        controller.finishLoading();
        await controller.everyStackBuilt();
        await new Promise((frame) => requestAnimationFrame(frame));
      });
      const after = await read();
      expect(after.built).toBe(160);
      const placesIn = (text: string) => [...text.matchAll(/ (x="-?\d+" y="-?\d+")/g)].map((m) => m[1]);
      // Every stack where the file put it, before and after, and the same text both times.
      expect(placesIn(before.text)).toEqual(places);
      expect(placesIn(after.text)).toEqual(places);
      expect(after.text).toBe(before.text);
    },
    { context: { viewport: { width: 1280, height: 800 } }, timeout: 120_000 },
  );

  journey(
    'functions far from the view are offered in the Functions drawer and renamed with their calls',
    async ({ page, baseUrl }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open(onStartOnly);
      await page.evaluate(() => {
        (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.idleBuilding = false;
      });
      // 40 functions, one under the other 600 units apart: most wait unbuilt (far-stacks.ts).
      // The last one calls the first.
      const definition = (i: number) =>
        `<block type="function_definition" id="def${i}" x="20" y="${i * 600}"><mutation name="task${i}" functionid="f${i}"/>` +
        `<field name="function_name">task${i}</field>` +
        (i === 39
          ? `<statement name="STACK"><block type="function_call" id="call0"><mutation name="task0" functionid="f0"/></block></statement>`
          : '') +
        `</block>`;
      const xml = `<xml xmlns="https://developers.google.com/blockly/xml">${Array.from({ length: 40 }, (_, i) => definition(i)).join('')}</xml>`;
      const load = () =>
        page.evaluate((text) => (window as unknown as BlocksTestWindow).blockyardBlocksTest!.renderTime(text), xml);
      const built = () =>
        page.evaluate(
          () =>
            (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace.getTopBlocks(false).length,
        );
      await load();
      expect(await built()).toBeLessThan(40);
      // The drawer offers a call of every function, the far ones included.
      await blocks.category('Advanced').click();
      await blocks.category('Functions').click();
      await blocks.flyoutBlock(/^call task38/).waitFor();
      expect(await built()).toBe(40);
      // Loaded again: renaming the first function renames its call in the last one, not built yet.
      await load();
      expect(await built()).toBeLessThan(40);
      await page.evaluate(() => {
        const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
        workspace.getBlockById('def0')!.getField('function_name')!.setValue('opening');
      });
      await blocks.waitForCode('opening()');
      expect(await blocks.codeText()).not.toContain('task0');
      // Loaded again: a click leaves far stacks waiting; a key in the workspace (keyboard
      // navigation, which the screen-reader tree follows) builds them all.
      await load();
      await blocks
        .blockById('def1')
        .locator('path.blocklyPath')
        .first()
        .click({ position: { x: 20, y: 10 } });
      expect(await built()).toBeLessThan(40);
      await page.keyboard.press('ArrowDown');
      await expect.poll(built, { timeout: 10_000 }).toBe(40);
    },
    { context: { viewport: { width: 1280, height: 800 } }, timeout: 120_000 },
  );

  /**
   * 100 stacks of 10 "show number" blocks (1,000 blocks), four to a row; the first block of each
   * shows the variable `count` (100 uses), the others their numbers.
   */
  const bigProgramWithVariable = () =>
    showNumberGrid({
      stacks: 100,
      blocksPerStack: 10,
      columns: 4,
      dx: 420,
      dy: 520,
      variable: () => ({ id: 'v1', name: 'count' }),
    });

  journey(
    'deleting a variable of a big program asks about every use, the far stacks still waiting included',
    async ({ page, baseUrl, snap }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open(onStartOnly);
      await page.evaluate(() => {
        (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.idleBuilding = false;
      });
      await page.evaluate(
        (text) => (window as unknown as BlocksTestWindow).blockyardBlocksTest!.renderTime(text),
        bigProgramWithVariable(),
      );
      const built = () =>
        page.evaluate(
          () =>
            (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace.getTopBlocks(false).length,
        );
      expect(await built()).toBeLessThan(60);
      // The learner opens the first stack's variable dropdown and chooses to delete the variable.
      await page.evaluate(() => {
        const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
        (workspace.getBlockById('use0')!.getField('VAR') as unknown as { showEditor(): void }).showEditor();
      });
      await page.getByRole('option', { name: /Delete the .count. variable/ }).click();
      // Blockly counts the uses on the workspace: every one of the 100, not only the built stacks'.
      const question = page.getByRole('alertdialog');
      await expect.poll(() => question.textContent(), { timeout: 10_000 }).toMatch(/Delete 100 uses of the 'count'/);
      await snap('delete-question');
      await question.getByRole('button', { name: 'Cancel' }).click();
      expect(await built()).toBe(100);
      // Dismissed: nothing was deleted.
      const uses = await page.evaluate(
        () =>
          (window as unknown as LiveWindow)
            .blockyardBlocksTest!.controller()!
            .workspace.getAllBlocks(false)
            .filter((b) => b.type === 'variables_get').length,
      );
      expect(uses).toBe(100);
    },
    { context: { viewport: { width: 1280, height: 800 } }, timeout: 120_000 },
  );

  journey(
    'a big program is all built while the page is idle, so a screen reader needs no key to reach it',
    async ({ page, baseUrl }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open(onStartOnly);
      const loaded = await page.evaluate(async (text) => {
        const api = (window as unknown as BlocksTestWindow & LiveWindow).blockyardBlocksTest!;
        await api.renderTime(text);
        const controller = api.controller()!;
        return { built: controller.workspace.getTopBlocks(false).length, saved: controller.getXml() };
      }, bigProgramWithVariable());
      // The load itself builds the first view and what is near it only.
      expect(loaded.built).toBeLessThan(60);
      // No key, no scroll, no click: the rest is built in idle slices, and every block gets the
      // label a screen reader reads.
      const state = () =>
        page.evaluate(() => {
          const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
          const labelled = workspace
            .getAllBlocks(false)
            .filter(
              (b) =>
                b.type === 'device_show_number' &&
                /show number/.test(
                  b.getSvgRoot().querySelector(':scope > path.blocklyPath')?.getAttribute('aria-label') ?? '',
                ),
            ).length;
          return { tops: workspace.getTopBlocks(false).length, labelled };
        });
      await expect.poll(state, { timeout: 60_000 }).toEqual({ tops: 100, labelled: 1000 });
      // Saving writes the same file as before anything far was built.
      const saved = await page.evaluate(() =>
        (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.getXml(),
      );
      expect(saved).toBe(loaded.saved);
    },
    { context: { viewport: { width: 1280, height: 800 } }, timeout: 120_000 },
  );

  journey(
    'a screen reader in browse mode reads every stack of a 1,000-block program, not only those in view',
    async ({ page, baseUrl, snap }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open(onStartOnly);
      await page.evaluate(
        (text) => (window as unknown as BlocksTestWindow).blockyardBlocksTest!.renderTime(text),
        bigProgramWithVariable(),
      );
      await page.evaluate(() => (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.everyStackBuilt());
      await snap('every-stack-built');
      // What Chromium hands a screen reader: the accessibility tree of the page.
      const cdp = await page.context().newCDPSession(page);
      const readable = async () => {
        const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
          nodes: { ignored: boolean; name?: { value?: string } }[];
        };
        const names = nodes.filter((n) => !n.ignored).map((n) => n.name?.value ?? '');
        return {
          // The outline's words of each "show number" block (the first of each stack shows the variable).
          words: new Set(names.filter((name) => /^show number (\d+|count)$/.test(name))).size,
        };
      };
      // Every one of the 1,000 blocks is readable (900 numbers and "count"), by its words.
      await expect.poll(async () => (await readable()).words, { timeout: 30_000 }).toBe(901);
      // The outline: a region found by its name, one list item per stack, in reading order.
      const outline = page.getByRole('region', { name: 'Your program, stack by stack' });
      const tree = await outline.ariaSnapshot();
      const stacks = tree.split('\n').filter((line) => /^ {4}- listitem/.test(line));
      expect(stacks).toHaveLength(100);
      expect(tree).toContain('show number 999');
      // An edit far from the view reaches it too (a stack drawn or not).
      await page.evaluate(() => {
        const workspace = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.workspace;
        workspace.getBlockById('nb99_9')!.getField('NUM')!.setValue(4242);
      });
      await expect.poll(() => outline.ariaSnapshot(), { timeout: 10_000 }).toContain('show number 4242');
      // Nothing of it takes focus or shows.
      expect(await outline.locator('a, button, input, [tabindex]').count()).toBe(0);
      const box = await outline.boundingBox();
      expect((box?.width ?? 0) * (box?.height ?? 0)).toBeLessThanOrEqual(1);
    },
    { context: { viewport: { width: 1280, height: 800 } }, timeout: 120_000 },
  );

  journey(
    'loading a program scrolls the workspace a few times, not once per block',
    async ({ page, baseUrl }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open(onStartOnly);
      // Twelve stacks in the first view, each with a shadow: placing either used to resize and scroll
      // the workspace (about 2 moves per stack); now a few for the whole load (clearing, the end of
      // the load, the scroll to the program's start).
      const xml = showNumberGrid({ stacks: 12, columns: 4, dx: 250, dy: 150 });
      const moves = await page.evaluate(async (text) => {
        const api = (window as unknown as LiveWindow).blockyardBlocksTest!;
        const workspace = api.controller()!.workspace;
        let count = 0;
        const translate = workspace.translate.bind(workspace);
        workspace.translate = (x: number, y: number) => {
          count++;
          translate(x, y);
        };
        await api.renderTime(text);
        workspace.translate = translate;
        return count;
      }, xml);
      expect(moves).toBeGreaterThan(0);
      expect(moves).toBeLessThanOrEqual(6);
    },
    { context: { viewport: { width: 1280, height: 800 } } },
  );

  journey(
    'building the far stacks of a big program reads no computed style while it draws their dropdowns',
    async ({ page, baseUrl }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open(onStartOnly);
      await page.evaluate(() => {
        (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!.idleBuilding = false;
      });
      // 100 stacks, each showing its own variable: 100 dropdown words never measured before.
      const xml = showNumberGrid({
        stacks: 100,
        columns: 4,
        dx: 420,
        dy: 300,
        variable: (i) => ({ id: `v${i}`, name: `item${i}` }),
      });
      await page.evaluate((text) => (window as unknown as BlocksTestWindow).blockyardBlocksTest!.renderTime(text), xml);
      // A computed style asked for while stacks are drawn makes Chromium style every element just
      // added (thousands at 1,000 blocks), and again after the drawing: the words are measured first.
      const { reads, before, built, dropdownWidth } = await page.evaluate(() => {
        const controller = (window as unknown as LiveWindow).blockyardBlocksTest!.controller()!;
        const before = controller.workspace.getTopBlocks(false).length;
        let count = 0;
        const own: typeof window.getComputedStyle = Reflect.get(window, 'getComputedStyle');
        window.getComputedStyle = (element: Element, pseudo?: string | null) => {
          count++;
          return own.call(window, element, pseudo);
        };
        try {
          controller.finishLoading();
        } finally {
          window.getComputedStyle = own;
        }
        const field = controller.workspace.getBlockById('use99')!.getField('VAR') as unknown as {
          getSize(): { width: number };
        };
        return {
          reads: count,
          before,
          built: controller.workspace.getTopBlocks(false).length,
          dropdownWidth: field.getSize().width,
        };
      });
      expect(before).toBeLessThan(60);
      expect(built).toBe(100);
      expect(reads).toBe(0);
      // The far dropdown is as wide as its word: measured, not left at nothing.
      expect(dropdownWidth).toBeGreaterThan(40);
    },
    { context: { viewport: { width: 1280, height: 800 } }, timeout: 120_000 },
  );
});
