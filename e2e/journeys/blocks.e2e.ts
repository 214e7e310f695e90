import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { BlocksTestPage } from '../pages/blocks-page.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';
import { onStartOnly } from '../pages/blocks-test-window.ts';

/** The board showing the digit 0, as its LED description says it. */
const ZERO = 'LED display: row 1 on at 2, 3; row 2 on at 1, 4; row 3 on at 1, 4; row 4 on at 1, 4; row 5 on at 2, 3';

/** WCAG contrast of two `rgb(...)`/hex colours. */
function contrast(a: string, b: string): number {
  const channels = (colour: string) => {
    const hex = /^#([0-9a-f]{6})$/i.exec(colour);
    const parts = hex
      ? [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16))
      : (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    return parts.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
  };
  const lum = (c: string) => {
    const [r = 0, g = 0, b = 0] = channels(c);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

describe('the block editor', () => {
  useChromium();

  journey('the toolbox shows every category with its colour and icon', async ({ page, baseUrl, snap }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open();
    const categories = await blocks.categories();
    const ordinary = categories.filter((c) => !c.advanced);
    const advanced = categories.filter((c) => c.advanced);
    expect(ordinary.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Basic', 'Input', 'Loops', 'Logic', 'Variables', 'Math']),
    );
    await blocks.category('Advanced').click();
    for (const category of categories) {
      const row = blocks.category(category.name);
      await row.waitFor();
      // The colour stripe is the category's colour, and the row has its icon.
      const stripe = await row
        .locator('.blocklyToolboxCategory')
        .first()
        .evaluate((el) => getComputedStyle(el).borderLeftColor);
      const expected = category.colour.toLowerCase();
      const rgb = `rgb(${parseInt(expected.slice(1, 3), 16)}, ${parseInt(expected.slice(3, 5), 16)}, ${parseInt(expected.slice(5, 7), 16)})`;
      expect(stripe, category.name).toBe(rgb);
      expect(await row.locator('.blockyardCategoryIcon svg').count(), category.name).toBeGreaterThan(0);
    }
    // Weight order: ordinary categories first, the advanced ones inside "Advanced" after them.
    const names = await blocks
      .toolbox()
      .getByRole('treeitem')
      .evaluateAll((items) =>
        items.map((item) => item.querySelector('.blocklyToolboxCategoryLabel')?.textContent ?? ''),
      );
    const positions = [...ordinary, ...advanced].map((c) => names.indexOf(c.name));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await snap('advanced-open');
  });

  journey('search finds "show number" and says when nothing matches', async ({ page, baseUrl }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open();
    await blocks.searchBox().fill('show number');
    await blocks.flyoutBlock(/^show number/).waitFor();
    const first = await blocks.flyout().getByRole('option').first().getAttribute('aria-label');
    expect(first).toMatch(/^show number/);
    expect(await blocks.searchStatus().textContent()).toMatch(/Search results: \d+/);
    await blocks.searchBox().fill('zebra crossing');
    await expect.poll(() => blocks.searchStatus().textContent()).toBe('No blocks match "zebra crossing".');
    await blocks.searchBox().press('Escape');
    expect(await blocks.searchBox().inputValue()).toBe('');
  });

  journey('dragging "show number" into "on start" with the mouse', async ({ page, baseUrl }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open(onStartOnly);
    await blocks.category('Basic').click();
    // Dropped a little below the notch, the way a hand lets go of a block.
    await blocks.drag(blocks.flyoutBlock(/^show number/), blocks.statementPlace('start'), { x: 0, y: 16 });
    await blocks.waitForCode('basic.showNumber(0)');
    const xml = await blocks.savedXml();
    expect(xml).toMatch(
      /<block type="pxt-on-start"[^>]*>\s*<statement name="HANDLER">\s*<block type="device_show_number"/,
    );
    // One edit, one save.
    expect(await blocks.changeCount()).toBe(1);
    await blocks.button('Undo').click();
    await expect.poll(() => blocks.codeText()).not.toContain('basic.showNumber');
  });

  journey(
    'Math offers the constant block (π) and Text "convert to text", as MakeCode does',
    async ({ page, baseUrl, snap }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open(onStartOnly);
      // The constant block is the last of the Math drawer, as in MakeCode.
      await blocks.category('Math').click();
      const constant = blocks.flyoutBlock(/^π/);
      await constant.waitFor({ state: 'attached' });
      const flyout = await blocks.flyout().boundingBox();
      await page.mouse.move(flyout!.x + 100, flyout!.y + 300);
      await page.mouse.wheel(0, 3000);
      await expect.poll(async () => (await constant.boundingBox())?.y ?? 9999).toBeLessThan(770);
      await snap('math-drawer');
      await blocks.drag(constant, blocks.workspace(), { x: 260, y: 200 });
      await expect.poll(() => blocks.savedXml()).toContain('<field name="MEMBER">Math.PI</field>');
      await blocks.searchBox().fill('convert to text');
      await blocks.flyoutBlock(/^convert/).waitFor();
      await snap('search');
    },
  );

  journey('the Music drawer opens with "play melody until done", which plays', async ({ page, baseUrl, snap }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open(onStartOnly);
    await blocks.category('Music').click();
    await blocks.flyout().getByRole('option').first().waitFor();
    // The first block (after the "Melody" heading) is "play (melody …) until done".
    const labels = await blocks
      .flyout()
      .getByRole('option')
      .evaluateAll((options) => options.map((o) => o.getAttribute('aria-label') ?? ''));
    expect(labels.filter((label) => !label.endsWith(', heading'))[0]).toMatch(/^play, melody, .* until done/);
    const first = blocks.flyoutBlock(/^play, melody, .* until done/);
    expect(await blocks.flyoutBlock(/^play, tone, .* until done/).count()).toBe(1);
    expect(await blocks.flyoutBlock(/^play, giggle, until done/).count()).toBe(1);
    await snap('music-drawer');
    await blocks.drag(first, blocks.statementPlace('start'), { x: 0, y: 16 });
    await blocks.waitForCode('music.play(music.stringPlayable(');
    expect(await blocks.codeText()).toContain('music.PlaybackMode.UntilDone)');
    // Search finds it by its words too.
    await blocks.searchBox().fill('play melody');
    await blocks.flyoutBlock(/^play, melody/).waitFor();
  });

  journey('placing "show number" into "on start" with the keyboard only', async ({ page, baseUrl, snap }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open(onStartOnly);
    await blocks.searchBox().focus();
    // Tab: the toolbox (its first category opens), Tab: the first block of the flyout.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(focused).toMatch(/^show number/);
    // Enter picks the block up; the arrow keys move it to the next place it fits (inside
    // "on start"); Enter drops it there.
    await page.keyboard.press('Enter');
    await page.getByText('Use the arrow keys to move').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await snap('moving');
    await page.keyboard.press('Enter');
    await blocks.waitForCode('basic.showNumber(0)');
    expect(await blocks.savedXml()).toMatch(/<statement name="HANDLER">\s*<block type="device_show_number"/);
  });

  journey('the LED matrix toggles by click and by keyboard', async ({ page, baseUrl, snap }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open('?program=fields');
    const cell = (index: number) => blocks.blockById('device_show_leds').locator(`rect[data-index="${index}"]`);
    await cell(6).click();
    await cell(8).click();
    await blocks.waitForCode('. # . # .');
    // Keyboard: select the block, move to its picture, open the grid, move and switch lights.
    await blocks.workspaceBlock(/^show leds/).click({ position: { x: 20, y: 10 } });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const grid = page.getByRole('grid', { name: /LED picture/ });
    await grid.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    expect(await grid.getByRole('gridcell', { name: '4, 1' }).getAttribute('aria-pressed')).toBe('true');
    await snap('grid');
    await page.keyboard.press('Escape');
    await blocks.waitForCode('# . . . #');
    expect(await blocks.codeText()).toContain('. # . # .');
  });

  journey(
    'lit and unlit LEDs of "show leds" look clearly different, in both themes',
    async ({ page, baseUrl, snap }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open('?program=fields');
      const cell = (index: number) => blocks.blockById('device_show_leds').locator(`rect[data-index="${index}"]`);
      await cell(6).click();
      await blocks.waitForCode('. # . . .');
      const fill = (index: number) => cell(index).evaluate((el) => getComputedStyle(el).fill);
      const screen = () =>
        cell(0).evaluate((el) => {
          const background = el.closest('.blocklyEditableField')?.querySelector(':scope > rect.blockyardLedBackground');
          return background ? getComputedStyle(background).fill : 'none';
        });
      const check = async () => {
        const [lit, unlit, background] = [await fill(6), await fill(0), await screen()];
        expect(lit, 'a lit LED is drawn in its own colour').not.toBe(unlit);
        expect(contrast(lit, unlit), `${lit} against ${unlit}`).toBeGreaterThanOrEqual(3);
        expect(contrast(unlit, background), `unlit ${unlit} on ${background}`).toBeGreaterThanOrEqual(1.3);
      };
      await check();
      await blocks.blockById('device_show_leds').scrollIntoViewIfNeeded();
      await snap('light');
      await page.getByRole('checkbox', { name: 'High contrast' }).check();
      await check();
      await snap('high-contrast');
    },
  );

  journey('the icon picker shows every icon and picks one', async ({ page, baseUrl, snap }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open('?program=fields');
    await blocks.field(/^Pick an icon/).click();
    const icons = page.getByRole('listbox', { name: 'Pick an icon' });
    await icons.waitFor();
    expect(await icons.getByRole('option').count()).toBeGreaterThanOrEqual(40);
    // Each choice shows its picture; the current one is selected.
    expect(await icons.getByRole('option', { name: 'heart', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(await icons.getByRole('option', { name: 'happy' }).locator('rect.blockyardPixelOn').count()).toBeGreaterThan(
      3,
    );
    await snap('picker');
    await icons.getByRole('option', { name: 'happy' }).click();
    await blocks.waitForCode('basic.showIcon(IconNames.Happy)');
  });

  journey('the note picker plays a key and picks it', async ({ page, baseUrl, snap }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open('?program=fields');
    await blocks.field(/^Pick a note/).click();
    await page.getByRole('group', { name: 'Pick a note' }).waitFor();
    await snap('piano');
    await page.getByRole('button', { name: /^E4, 330 Hz/ }).click();
    expect(await blocks.played()).toContainEqual({ kind: 'tone', detail: '330' });
    await page.keyboard.press('Escape');
    await blocks.waitForCode('music.tonePlayable(Note.E,');
  });

  journey(
    'the melody editor: grid, gallery sliding in, play and stop, use a sample',
    async ({ page, baseUrl, snap }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open('?program=fields');
      await blocks.field(/^Melody: one note per beat/).click();
      const grid = page.getByRole('grid', { name: 'Melody: one note per beat' });
      await grid.waitFor();
      // One note per beat: C in the first column replaces the E that was there.
      await grid.getByRole('gridcell', { name: 'C, 1' }).click();
      expect(await grid.getByRole('gridcell', { name: 'E, 1' }).getAttribute('aria-pressed')).toBe('false');
      await blocks.waitForCode('music.stringPlayable("C D G F B A C5 B ", 120)');
      const galleryButton = blocks.button('Gallery');
      await galleryButton.click();
      const gallery = page.getByRole('region', { name: 'Gallery' });
      expect(await gallery.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.2s');
      expect(await blocks.button('Back to my melody').getAttribute('aria-expanded')).toBe('true');
      expect(await gallery.getByRole('button', { name: /^Use: / }).count()).toBe(10);
      const play = gallery.getByRole('button', { name: 'Play: Fanfare' });
      await play.click();
      expect(await play.getAttribute('aria-pressed')).toBe('true');
      await snap('gallery');
      await play.click();
      expect(await play.getAttribute('aria-pressed')).toBe('false');
      await gallery.getByRole('button', { name: 'Use: Fanfare' }).click();
      expect(await blocks.played()).toContainEqual({ kind: 'melody', detail: 'C C G G C5 - G - @120' });
      await blocks.button('Done').click();
      await blocks.waitForCode('music.stringPlayable("C C G G C5 - G - ", 120)');
    },
  );

  journey('the sound-effect editor changes the sound and plays it', async ({ page, baseUrl, snap }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open('?program=fields');
    await blocks.field(/^Sound effect/).click();
    const editor = page.getByRole('group', { name: 'Sound effect' });
    await editor.waitFor();
    await editor.getByRole('radio', { name: 'square' }).click();
    await editor.getByRole('slider', { name: 'Start frequency (Hz)' }).fill('1200');
    await editor.getByRole('spinbutton', { name: 'Duration (ms)' }).fill('800');
    await editor.getByRole('spinbutton', { name: 'Duration (ms)' }).press('Enter');
    await editor.getByRole('radio', { name: 'vibrato' }).click();
    await editor.getByRole('button', { name: /Play/ }).click();
    expect((await blocks.played()).filter((p) => p.kind === 'sound')).toHaveLength(1);
    await snap('editor');
    await editor.getByRole('button', { name: 'Done' }).click();
    await blocks.waitForCode(
      'music.createSoundExpression(WaveShape.Square, 1200, 0, 255, 0, 800, SoundExpressionEffect.Vibrato, InterpolationCurve.Linear)',
    );
  });

  journey('high contrast: black workspace, blocks dark enough for white text', async ({ page, baseUrl, snap }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open('?program=fields&theme=high-contrast');
    const background = () =>
      page
        .locator('svg.blocklySvg')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).toBe('rgb(0, 0, 0)');
    const fills = await blocks
      .workspace()
      .locator('.blocklyBlock:not(.blocklyShadow) > path.blocklyPath')
      .evaluateAll((paths) => paths.map((p) => p.getAttribute('fill') ?? ''));
    expect(fills.length).toBeGreaterThan(5);
    for (const fill of fills) expect(contrast(fill, '#ffffff'), fill).toBeGreaterThanOrEqual(7);
    await snap('high-contrast');
    // Switching back works without reloading.
    await page.getByRole('checkbox', { name: 'High contrast' }).uncheck();
    expect(await background()).toBe('rgb(246, 247, 251)');
  });

  journey('problems show on their blocks, in plain words', async ({ page, baseUrl }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open(`?error=${encodeURIComponent('icon:This icon is not known.')}`);
    const warning = blocks.blockById('icon').locator('.blocklyIconGroup, .blocklyWarningIcon').first();
    await warning.waitFor();
    await warning.click();
    await page.getByText('Problem: This icon is not known.').waitFor();
  });

  journey("variables and functions are made in the editor's own dialogs", async ({ page, baseUrl, snap }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open(onStartOnly);
    await blocks.category('Variables').click();
    await blocks
      .flyout()
      .getByRole('option', { name: /^Make a Variable/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'New variable' });
    await dialog.getByRole('textbox').fill('2 fast');
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'Names start with a letter and use only letters, digits and _.',
    );
    await dialog.getByRole('textbox').fill('score');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await blocks.flyoutBlock(/^change.*score/).waitFor();
    await blocks.drag(blocks.flyoutBlock(/^change.*score/), blocks.statementPlace('start'), { x: 0, y: 16 });
    await blocks.waitForCode('score += 1');
    await blocks.category('Advanced').click();
    await blocks.category('Functions').click();
    await blocks
      .flyout()
      .getByRole('option', { name: /^Make a Function/ })
      .click();
    const fn = page.getByRole('dialog', { name: 'New function' });
    await fn.getByRole('textbox', { name: 'Name of the function' }).fill('jump');
    await fn.getByRole('button', { name: 'Add a parameter' }).click();
    await fn.getByRole('textbox', { name: 'Parameter name' }).fill('height');
    await snap('new-function');
    await fn.getByRole('button', { name: 'OK' }).click();
    await blocks.waitForCode('function jump(height: number)');
    // The new function can be called from the Functions category.
    await blocks.category('Functions').click();
    await blocks.flyoutBlock(/^call jump/).waitFor();
  });

  journey('a handler parameter is dragged out as a copy', async ({ page, baseUrl }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open(
      `?xml=${encodeURIComponent(
        '<xml xmlns="https://developers.google.com/blockly/xml"><block type="radio_on_number_drag" id="radio" x="300" y="60">' +
          '<value name="HANDLER_DRAG_PARAM_receivedNumber"><shadow type="argument_reporter_number"><field name="VALUE">receivedNumber</field></shadow></value>' +
          '<statement name="HANDLER"><block type="device_show_number" id="show"><value name="number">' +
          '<shadow type="math_number" id="num"><field name="NUM">0</field></shadow></value></block></statement></block></xml>',
      )}`,
    );
    const reporter = blocks.blockById('radio').locator('.argument_reporter_number > path.blocklyPath').first();
    await blocks.drag(reporter, blocks.blockById('num'), { x: -4, y: 0 });
    await blocks.waitForCode('basic.showNumber(receivedNumber)');
    const xml = await blocks.savedXml();
    // The handler keeps its parameter (a shadow in the file); the copy sits in "show number".
    expect(xml).toMatch(/<value name="HANDLER_DRAG_PARAM_receivedNumber">\s*<shadow type="argument_reporter_number"/);
    expect(xml).toMatch(/<value name="number">[\s\S]*<block type="argument_reporter_number"/);
  });

  journey('remounting the editor leaves nothing behind, and it follows the window size', async ({ page, baseUrl }) => {
    const blocks = new BlocksTestPage(page, baseUrl);
    await blocks.open('?program=fields');
    const before = await blocks.liveWorkspaces();
    for (let i = 0; i < 5; i++) {
      await blocks.button('Remount editor').click();
      await blocks.workspaceBlock(/on start/).waitFor();
    }
    expect(await blocks.liveWorkspaces()).toBe(before);
    const width = () =>
      page
        .locator('svg.blocklySvg')
        .first()
        .evaluate((svg) => svg.getBoundingClientRect().width);
    const wide = await width();
    await page.setViewportSize({ width: 1000, height: 700 });
    await expect.poll(width).toBeLessThan(wide - 200);
  });

  journey(
    'a typed empty array and a built-in sound stay blocks through JavaScript, a reload and a run',
    async ({ page, baseUrl, snap }) => {
      // Issue 12 item 2: MakeCode shows these as blocks; so must the real editor, without errors.
      const program =
        'let names: string[] = []\nsoundExpression.giggle.playUntilDone()\nbasic.showNumber(names.length)\n';
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Typed list');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      await editor.setCode(program);
      const toBlocks = async () => {
        await editor.modeTab('Blocks').click();
        await editor.waitForMode('Blocks');
        await editor.block('variables_set').waitFor();
        expect(await editor.greyBlocksDialog().count()).toBe(0);
        expect(await editor.workspace().locator('g.typescript_statement, g.typescript_expression').count()).toBe(0);
        expect(await editor.blockTexts()).toEqual(
          expect.arrayContaining(['set', 'names', 'array of', 'play sound', 'giggle', 'until done']),
        );
      };
      await toBlocks();
      // The typed variable is in the Variables drawer like any other.
      await editor.toolboxCategory('Variables').click();
      await expect
        .poll(async () => (await editor.flyout().locator('text').allTextContents()).map((t) => t.trim()))
        .toContain('names');
      await snap('typed-list-blocks');
      await editor.switchTo('JavaScript');
      expect(await editor.codeText()).toBe(program);
      await toBlocks();
      // Runs: the sound, then the length of the empty list.
      await editor.waitForLeds(ZERO);
      await editor.waitUntilSaved();
      await page.reload();
      await toBlocks();
      await editor.waitForLeds(ZERO);
      await editor.switchTo('JavaScript');
      expect(await editor.codeText()).toBe(program);
    },
  );

  journey(
    'every toolbox block and every golden case keeps its XML and code through the real workspace',
    async ({ page, baseUrl }) => {
      const blocks = new BlocksTestPage(page, baseUrl);
      await blocks.open();
      const { golden, toolbox } = await blocks.programNames();
      expect(toolbox.length).toBeGreaterThan(100);
      const results = await blocks.roundTrip([...toolbox, ...golden]);
      const failures = results
        .filter((r) => !r.ok)
        .map((r) => ({
          name: r.name,
          error: r.error,
          warnings: r.warnings,
          differences: r.differences.slice(0, 3),
          code:
            r.typeScriptBefore === r.typeScriptAfter
              ? 'same'
              : { before: r.typeScriptBefore, after: r.typeScriptAfter },
          rendered: `${r.rendered}/${r.blocks}`,
        }));
      expect(failures).toEqual([]);
      expect(results).toHaveLength(toolbox.length + golden.length);
    },
    { context: { viewport: { width: 1280, height: 800 } } },
  );
});
