import { describe, expect } from 'vitest';
import { join } from 'node:path';
import { journey, screenshotDir, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

describe('sharing a project', () => {
  useChromium();

  journey(
    'share from the editor, open the link in a fresh browser, Edit makes a copy there; unshare',
    async ({ page, context, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Shared robot');
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();

      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Share your project' });
      await dialog.getByRole('button', { name: 'Share', exact: true }).click();
      const link = dialog.getByRole('textbox', { name: 'Link' });
      await link.waitFor();
      const url = await link.inputValue();
      expect(url).toMatch(new RegExp(`^${baseUrl}/_[A-Za-z0-9]{12}$`));
      expect(await dialog.getByRole('textbox', { name: 'Code to show it on a web page' }).inputValue()).toContain(
        `<iframe src="${url}?sandbox=1"`,
      );
      await snap('share-dialog');

      // A visitor with a browser of their own: no projects, no sign-in.
      const browser = context.browser();
      if (!browser) throw new Error('no browser');
      const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const visitor = await visitorContext.newPage();
        await visitor.goto(url);
        await visitor.getByRole('heading', { level: 1, name: 'Shared robot' }).waitFor();
        await visitor.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 30_000 });
        await visitor.getByText('Running', { exact: true }).waitFor({ timeout: 30_000 });
        await visitor.screenshot({ path: snapPath('share-page') });
        await visitor.getByRole('button', { name: 'Edit' }).click();
        await visitor.waitForURL(/\/projects\//);
        expect(await new EditorPage(visitor, baseUrl).nameInput().inputValue()).toBe('Shared robot');
      } finally {
        await visitorContext.close();
      }

      await dialog.getByRole('button', { name: 'Unshare' }).click();
      await dialog.getByText('Your project is no longer shared.').waitFor();
      const gone = await context.newPage();
      await gone.goto(url);
      await gone.getByRole('heading', { name: 'This project is no longer shared' }).waitFor();
      await gone.screenshot({ path: snapPath('share-page-unshared') });
    },
  );
});

function snapPath(label: string): string {
  return join(screenshotDir, `share--${label}.png`);
}
