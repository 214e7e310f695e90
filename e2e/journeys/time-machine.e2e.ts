import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

const program = (n: number) => `basic.forever(function () {\n    basic.showNumber(${n})\n})\n`;

describe('the time machine: a project’s saved versions', () => {
  useChromium();

  journey(
    'edits made over two days are listed in plain words, one is looked at, restored, and the restore undone',
    async ({ page, baseUrl, snap }) => {
      // The page's clock is ours: "yesterday" comes without waiting a day.
      await page.clock.install({ time: new Date('2026-11-25T10:00:00') });
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Time machine');
      const editor = new EditorPage(page, baseUrl);
      await editor.switchTo('JavaScript');
      await editor.waitUntilSaved();
      await editor.setCode(program(1));
      await editor.waitUntilSaved();
      await page.clock.fastForward('26:00:00');
      await editor.setCode(program(2));
      await editor.waitUntilSaved();
      await page.clock.fastForward('55:00');
      await editor.setCode(program(3));
      await editor.waitUntilSaved();
      await page.clock.fastForward('05:00');

      await editor.historyButton().click();
      const history = page.getByRole('complementary', { name: 'History' });
      const versions = history.getByRole('list', { name: 'Saved versions, newest first' }).getByRole('listitem');
      await versions.nth(2).waitFor();
      const ages = await versions.locator('.history-item-time').allTextContents();
      expect(ages.slice(0, 3)).toEqual(['5 minutes ago', '1 hour ago', 'yesterday']);
      await expect.poll(() => versions.first().getByText('Current').count()).toBe(1);
      await snap('history-list');

      // Keyboard only: focus Look on yesterday's version and press Enter.
      const yesterday = versions.nth(2);
      await yesterday.getByRole('button', { name: /^Look at the version from/ }).focus();
      await page.keyboard.press('Enter');
      const preview = page.getByRole('dialog', { name: 'Your project yesterday' });
      await preview.waitFor();
      await preview.getByRole('button', { name: 'JavaScript', pressed: true }).waitFor();
      expect(await preview.getByLabel('JavaScript', { exact: true }).textContent()).toBe(program(1));
      await snap('preview-code');
      // Looking changes nothing; Escape closes the preview.
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'hidden' });
      expect(await editor.codeText()).toBe(program(3));

      await yesterday.getByRole('button', { name: /^Look at the version from/ }).click();
      await preview.getByRole('button', { name: 'Restore this version' }).click();
      await preview.waitFor({ state: 'hidden' });
      await page
        .getByRole('status')
        .filter({ hasText: /^Restored the version from/ })
        .waitFor();
      await expect.poll(() => editor.codeText()).toBe(program(1));
      await editor.waitUntilSaved();
      await snap('restored');
      // The version it replaced is still in the list, and Undo brings it back.
      await versions.filter({ hasText: 'Restored an older version' }).first().waitFor();
      await page.getByRole('button', { name: 'Undo the restore' }).click();
      await expect.poll(() => editor.codeText()).toBe(program(3));
      await page.getByText('Your project is back the way it was before you restored.').waitFor();
      await editor.waitUntilSaved();
      await expect.poll(() => versions.filter({ hasText: 'Restored an older version' }).count()).toBe(2);

      await page.reload();
      await editor.ready();
      expect(await editor.codeText()).toBe(program(3));

      // On a phone the list and the preview fit the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await editor.historyButton().click();
      await versions.nth(2).waitFor();
      await snap('history-phone');
      await versions
        .nth(4)
        .getByRole('button', { name: /^Look at the version from/ })
        .click();
      await page.getByRole('dialog', { name: 'Your project yesterday' }).waitFor();
      await snap('preview-phone');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    },
    { timeout: 180_000 },
  );
});
