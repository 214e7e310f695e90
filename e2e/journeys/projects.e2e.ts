import { describe, expect } from 'vitest';
import { join } from 'node:path';
import { journey, screenshotDir, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

const program = (n: number) => `basic.forever(function () {\n    basic.showNumber(${n})\n})\n`;

describe('projects that are never lost', () => {
  useChromium();

  journey('a new project appears in My projects', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    expect(await home.projectNames()).toEqual([]);
    await home.newProjectButton().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    expect(await dialog.getByLabel('Project name').inputValue()).toBe('My project');
    await snap('new-project-dialog');
    // Escape cancels: nothing is created.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await home.projectNames()).toEqual([]);
    await home.createProject('Robot pet');
    const editor = new EditorPage(page, baseUrl);
    expect(await editor.nameInput().inputValue()).toBe('Robot pet');
    await home.open();
    expect(await home.projectNames()).toEqual(['Robot pet']);
    expect(
      await home
        .projectCard('Robot pet')
        .getByText(/^Edited (now|\d+ seconds? ago)$/)
        .count(),
    ).toBe(1);
  });

  journey(
    'the home page warms the block editor off screen once idle, and the first editor works as before',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await page.waitForFunction(
        () => performance.getEntriesByName('blockyard:blocks:warm-up').length === 1,
        undefined,
        { timeout: 60_000 },
      );
      // Drawn and dropped in one task: nothing of it is left on the page, the focus stays put.
      expect(await page.locator('[data-blocks-warm-up], svg.blocklySvg, .blocklyToolbox').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await snap('home-after-warm-up');
      await home.createProject('Warm start');
      const editor = new EditorPage(page, baseUrl);
      await editor.block('pxt-on-start').waitFor();
      await editor.block('device_forever').waitFor();
      expect(await page.locator('svg.blocklySvg').count()).toBeGreaterThan(0);
      await editor.dragIntoSlot('Basic', 'device_show_number', 'pxt-on-start');
      await editor.block('device_show_number').waitFor();
      await snap('editor-after-warm-up');
      // Once per page: coming back to the home page does not draw it again.
      await page.getByRole('link', { name: 'Home' }).first().click();
      await home.newProjectButton().waitFor();
      expect(await page.evaluate(() => performance.getEntriesByName('blockyard:blocks:warm-up').length)).toBe(1);
    },
    { timeout: 120_000 },
  );

  journey(
    'an edit is still there after a reload, and History can bring back an older version',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Reload me');
      const editor = new EditorPage(page, baseUrl);
      // JavaScript first (saved on its own), so the version before the edit is certain.
      await editor.switchTo('JavaScript');
      await editor.waitUntilSaved();
      await editor.setCode(program(42));
      await editor.waitUntilSaved();
      await page.reload();
      await editor.ready();
      expect(await editor.codeText()).toBe(program(42));

      // History: the version before the edit can be brought back, and that is a save too.
      await editor.historyButton().click();
      const history = page.getByRole('complementary', { name: 'History' });
      await history.getByRole('listitem').nth(1).waitFor();
      await snap('history');
      await history
        .getByRole('listitem')
        .nth(1)
        .getByRole('button', { name: /^Restore the version from/ })
        .click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Restored the version from/ })
        .waitFor();
      // The version before the edit: the new project's blocks (on start, forever) as code.
      const before = 'basic.forever(function () {\n})\n';
      expect(await editor.codeText()).toBe(before);
      await page.reload();
      await editor.ready();
      expect(await editor.codeText()).toBe(before);
    },
  );

  journey('a project file is imported by picking it or dropping it', async ({ page, baseUrl }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    const files = JSON.stringify({ 'pxt.json': '{"name":"Picked"}', 'main.ts': program(3) });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await (await chooser).setFiles({ name: 'picked.mkcd', mimeType: 'application/json', buffer: Buffer.from(files) });
    await page.waitForURL(/\/projects\/[^/]+$/);
    const editor = new EditorPage(page, baseUrl);
    expect(await editor.codeText()).toBe(program(3));

    await home.open();
    const drop = async (name: string, text: string) => {
      const transfer = await page.evaluateHandle(
        ([fileName, content]) => {
          const data = new DataTransfer();
          data.items.add(new File([content], fileName));
          return data;
        },
        [name, text] as const,
      );
      const target = page.getByRole('heading', { name: 'My projects' });
      await target.dispatchEvent('dragenter', { dataTransfer: transfer });
      await target.dispatchEvent('drop', { dataTransfer: transfer });
    };
    await drop('notes.txt', 'just some notes');
    await page.getByText("This file isn't a Blockyard or MakeCode project.").waitFor();
    await drop('dropped.json', JSON.stringify({ 'pxt.json': '{"name":"Dropped"}', 'main.ts': program(4) }));
    await page.waitForURL(/\/projects\/[^/]+$/);
    await editor.ready();
    expect(await editor.nameInput().inputValue()).toBe('Dropped');
    await home.open();
    expect((await home.projectNames()).sort()).toEqual(['Dropped', 'Picked']);
  });

  journey('an edit is still there after closing the page right away', async ({ page, context, baseUrl }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    await home.createProject('Close me');
    const editor = new EditorPage(page, baseUrl);
    const id = editor.projectId();
    await editor.setCode(program(7));
    // No waiting for the autosave: the page goes away at once.
    await page.close();
    const again = await context.newPage();
    const reopened = new EditorPage(again, baseUrl);
    await reopened.open(id);
    expect(await reopened.codeText()).toBe(program(7));
    await again.screenshot({ path: join(screenshotDir, 'closed-and-reopened.png'), fullPage: true });
    await again.close();
  });

  journey('rename, duplicate, delete with undo, and the trash', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    await home.createProject('Dice');
    await home.open();
    await home.renameProject('Dice', 'Lucky dice');
    await home.duplicateButton('Lucky dice').click();
    await home.projectCard('Lucky dice copy').waitFor();
    expect((await home.projectNames()).sort()).toEqual(['Lucky dice', 'Lucky dice copy']);

    await home.deleteButton('Lucky dice copy').click();
    await home.toast('“Lucky dice copy” moved to the trash.').waitFor();
    await snap('deleted-toast');
    await home.undoButton().click();
    await home.projectCard('Lucky dice copy').waitFor();

    await home.deleteButton('Lucky dice copy').click();
    await home.projectCard('Lucky dice copy').waitFor({ state: 'detached' });
    await home.trashButton().click();
    await page.getByText('Lucky dice copy', { exact: true }).waitFor();
    await snap('trash');
    await page.getByRole('button', { name: 'Restore Lucky dice copy' }).click();
    await page.getByRole('button', { name: 'Back to my projects' }).click();
    await home.projectCard('Lucky dice copy').waitFor();

    await home.deleteButton('Lucky dice').click();
    await home.trashButton().click();
    await page.getByRole('button', { name: 'Delete Lucky dice forever' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Lucky dice” forever?' });
    await snap('confirm-delete-forever');
    await confirm.getByRole('button', { name: 'Delete forever' }).click();
    await page.getByText('The trash is empty.').waitFor();
    await page.reload();
    expect(await home.projectNames()).toEqual(['Lucky dice copy']);
  });

  journey('an example opens as my own copy', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    await snap('home-with-examples');
    await home.exampleButton('Rock, paper, scissors').click();
    await page.waitForURL(/\/projects\/[^/]+$/);
    const editor = new EditorPage(page, baseUrl);
    expect(await editor.codeText()).toContain('input.onGesture(Gesture.Shake');
    expect(await editor.nameInput().inputValue()).toBe('Rock, paper, scissors');
    await home.open();
    expect(await home.projectNames()).toEqual(['Rock, paper, scissors']);
  });

  journey('a damaged project leaves the others listed and openable', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    for (const name of ['Healthy one', 'Doomed', 'Healthy two']) {
      await home.createProject(name);
      await home.open();
    }
    const editorIds = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('blockyard-projects');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      const tx = db.transaction('projects', 'readwrite');
      const store = tx.objectStore('projects');
      const records = await new Promise<{ id: string; name: string }[]>((resolve) => {
        const request = store.getAll();
        request.onsuccess = () => resolve(request.result as { id: string; name: string }[]);
      });
      const doomed = records.find((r) => r.name === 'Doomed');
      if (!doomed) throw new Error('no project called Doomed');
      store.put({ id: doomed.id, name: 'Doomed', createdAt: 'a long time ago', revision: -1 }, doomed.id);
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
      return records.filter((r) => r.name !== 'Doomed').map((r) => r.id);
    });
    await page.reload();
    expect((await home.projectNames()).sort()).toEqual(['Healthy one', 'Healthy two']);
    const warning = await home.storageWarnings().textContent();
    expect(warning).toContain('We couldn\u2019t read one project (“Doomed”)'.replace('\u2019', "'"));
    await snap('damaged-warning');
    const editor = new EditorPage(page, baseUrl);
    for (const id of editorIds) {
      await editor.open(id);
      expect(await editor.nameInput().inputValue()).toMatch(/^Healthy/);
    }
  });

  journey(
    'two tabs editing one project: the second save is a conflict, nothing is lost',
    async ({ context, page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Shared');
      const first = new EditorPage(page, baseUrl);
      const id = first.projectId();
      await first.waitUntilSaved();
      const secondPage = await context.newPage();
      const second = new EditorPage(secondPage, baseUrl);
      await second.open(id);

      // Both tabs in JavaScript and up to date, then both edit at once.
      await first.switchTo('JavaScript');
      await first.waitUntilSaved();
      await second.switchTo('JavaScript');
      await second.waitUntilSaved();
      await first.setCode(program(1));
      await second.setCode(program(2));
      // One of the two tabs saved first; the other must stop and ask.
      await Promise.race([first.conflict().waitFor(), second.conflict().waitFor()]);
      const [loser, winner, mine, theirs] = (await second.conflict().isVisible())
        ? [second, first, program(2), program(1)]
        : [first, second, program(1), program(2)];
      await snap('conflict');
      await loser.page.screenshot({ path: join(screenshotDir, 'two-tabs-conflict-loser.png'), fullPage: true });
      await winner.waitUntilSaved();
      expect(await loser.codeText()).toBe(mine);

      await loser.keepMineButton().click();
      await loser.page.waitForURL((url) => !url.pathname.endsWith(id));
      await loser.ready();
      expect(await loser.codeText()).toBe(mine);
      expect(await loser.nameInput().inputValue()).toBe('Shared (my copy)');

      await winner.page.reload();
      await winner.ready();
      expect(await winner.codeText()).toBe(theirs);
      await secondPage.close();
    },
  );

  journey('the home screen works by keyboard, in high contrast and on a phone', async ({ page, baseUrl, snap }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    await home.createProject('Keyboard kid');
    await home.open();
    // Keyboard: New project opens the dialog, Escape closes it and focus goes back to the button.
    await home.newProjectButton().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('false');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('New project');
    // Every control on the cards has a name and a visible focus ring.
    await home.projectCard('Keyboard kid').getByRole('button', { name: 'Rename Keyboard kid' }).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      return { label: element.getAttribute('aria-label'), ring: getComputedStyle(element).boxShadow };
    });
    expect(focused.label).toBe('Duplicate Keyboard kid');
    expect(focused.ring).not.toBe('none');
    await page.keyboard.press('Enter');
    await home.projectCard('Keyboard kid copy').waitFor();

    await page.evaluate(() => (document.documentElement.dataset.theme = 'high-contrast'));
    await snap('high-contrast');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap('phone');
    // The page fits the phone: no sideways scrolling (the header's Settings shows only its icon).
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widths.screen).toBe(390);
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    const settings = page.getByRole('banner').getByRole('button', { name: 'Settings' });
    const box = await settings.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    // Two cards side by side, each still wide enough for its three 44 px buttons.
    const [a, b] = await Promise.all(
      ['Keyboard kid', 'Keyboard kid copy'].map((name) =>
        home.projectCard(name).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect),
      ),
    );
    expect(a!.top).toBe(b!.top);
    expect(a!.width).toBeGreaterThan(3 * 44);
  });
});
