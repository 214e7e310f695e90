import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, screenshotDir, useChromium } from '../harness/journey.ts';
import { DocsPage } from '../pages/docs-page.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/** Waits until the app's service worker has kept its files and is in charge of the next load. */
async function offlineCopyReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const active = registration.active;
    if (active && active.state !== 'activated')
      await new Promise<void>((done) =>
        active.addEventListener('statechange', () => active.state === 'activated' && done()),
      );
    const names = await caches.keys();
    return names.find((name) => name.startsWith('blockyard-app-')) ?? '';
  });
}

describe('offline', () => {
  useChromium();

  journey(
    'after one visit online, the editor, the help pages and the guides search open offline',
    async ({ page, context, baseUrl, snap }) => {
      // Online: a project in the editor, and one block help page.
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Offline walk');
      const editor = new EditorPage(page, baseUrl);
      await editor.waitForMode('Blocks');
      const projectPath = new URL(page.url()).pathname;
      const docs = new DocsPage(page, baseUrl);
      await docs.goto('/reference/basic/show-number');
      await page.locator('.docs-snippet .block-program-stacks').first().waitFor();
      expect(await offlineCopyReady(page)).toMatch(/^blockyard-app-[0-9a-f]{16}$/);

      await context.setOffline(true);

      // The same help page, loaded again from scratch: words, block picture and example.
      await page.reload();
      await docs.mainHeading().filter({ hasText: 'show number' }).waitFor();
      await page.locator('.docs-snippet .block-program-stacks').first().waitFor();
      await page.screenshot({ path: join(screenshotDir, 'offline-help-page.png'), fullPage: true });

      // Another block's page, never opened before.
      await docs.goto('/reference/loops/repeat');
      await docs.mainHeading().filter({ hasText: 'repeat' }).waitFor();
      expect((await docs.breadcrumbs().allTextContents()).at(-1)).toBe('repeat');

      // The guides and their search.
      await docs.open();
      await page.getByRole('searchbox', { name: 'Search the guides' }).fill('tilt');
      const results = page.getByRole('list', { name: 'Pages found' });
      await results.getByRole('link', { name: 'The simulator' }).click();
      await docs.mainHeading().filter({ hasText: 'The simulator' }).waitFor();
      await snap('offline-guide-from-search');

      // The editor, with the project made online.
      await page.goto(new URL(projectPath, baseUrl).toString());
      await editor.ready();
      expect(await editor.nameInput().inputValue()).toBe('Offline walk');
      await snap('offline-editor');

      // An address that was never kept: plain words, not the browser's error page.
      await page.goto(new URL('/licenses/third-party-notices.txt', baseUrl).toString());
      const message = page.getByRole('alert');
      await message.getByRole('heading', { name: 'You are offline' }).waitFor();
      expect(await message.textContent()).toContain('Your projects are safe.');
      expect(await message.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
      await page.screenshot({ path: join(screenshotDir, 'offline-not-kept.png'), fullPage: true });

      // "Try again" loads the same address again; back online, home is the real app again.
      expect(await message.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('');
      await context.setOffline(false);
      await message.getByRole('link', { name: 'Go to the home page' }).click();
      await home.newProjectButton().waitFor();
    },
    {
      context: { serviceWorkers: 'allow' },
      // Offline, the page's calls to the server fail as they should (sign-in, live translations).
      // The page for an address not kept is a 503 (Service Unavailable), which the browser logs.
      allowConsoleErrors: ['net::ERR_INTERNET_DISCONNECTED', 'the server responded with a status of 503'],
      timeout: 180_000,
    },
  );
});
