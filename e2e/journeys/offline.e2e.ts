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

  journey(
    'a new version waits until the learner chooses Reload',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      const first = await offlineCopyReady(page);
      // The first visit is not run by the worker (nothing is switched mid-visit); the next is.
      await page.reload();
      await home.newProjectButton().waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      // The next build, as after a deploy: a worker script the registration has not run yet
      // (the same files; the address differs, which counts as a new worker).
      await page.evaluate(async () => {
        await navigator.serviceWorker.register('/sw.js?next-build=1');
      });
      const notice = page.getByRole('status').filter({ hasText: 'A new version of Blockyard is ready.' });
      await notice.waitFor();
      await page.screenshot({ path: join(screenshotDir, 'offline-update-notice.png') });
      // Nothing switched yet: the page still runs the first worker.
      const firstScript = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
      expect(firstScript).toMatch(/\/sw\.js$/);
      const reloaded = page.waitForEvent('load');
      await notice.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await home.newProjectButton().waitFor();
      // The page reloaded into the new worker (its registering `/sw.js` again then counts as yet
      // another build here, an effect of this journey's trick, not of a real deploy).
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/next-build=1$/);
      // Same files, same version: its cache is kept, no other remains.
      expect(await offlineCopyReady(page)).toBe(first);
      expect(
        await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('blockyard-app-'))),
      ).toEqual([first]);
      await snap('after-update');
    },
    { context: { serviceWorkers: 'allow' }, timeout: 120_000 },
  );
});
