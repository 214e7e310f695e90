import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, screenshotDir, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/** Signs in on whatever page is open, as Grace, through the local provider's account picker. */
async function signInAsGrace(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in to Blockyard' }).waitFor();
  await page.getByRole('button', { name: /^Grace Hopper/ }).click();
  await page.getByRole('button', { name: 'Your account: Grace Hopper' }).waitFor();
}

/** What the account holds of one project, read with the page's own sign-in. */
function cloudCopy(page: Page, projectId: string) {
  return page.evaluate(async (id) => {
    const token = localStorage.getItem('blockyard:blockyard.auth.token');
    const headers: Record<string, string> = { 'x-blockyard-target': 'microbit' };
    if (token) headers['authorization'] = `Bearer ${token}`;
    const answer = await fetch(`/api/projects/${id}`, { headers });
    return answer.ok ? ((await answer.json()) as { deleted: boolean; files: Record<string, string> }) : null;
  }, projectId);
}

describe('cloud projects and embeds', () => {
  useChromium();

  journey(
    'a project made on one device appears on another signed in to the same account; its trash follows',
    async ({ page, context, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Made on the laptop');
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();
      const id = new URL(page.url()).pathname.split('/').pop() ?? '';
      await editor.setCode('basic.showNumber(7)\n');
      await editor.waitUntilSaved();
      await signInAsGrace(page);
      await expect
        .poll(async () => (await cloudCopy(page, id))?.files['main.ts'] ?? '', { timeout: 30_000 })
        .toContain('basic.showNumber(7)');

      // The same learner on a second device (a browser profile of its own, never used before).
      const browser = context.browser();
      if (!browser) throw new Error('no browser');
      const tablet = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const other = await tablet.newPage();
        const otherHome = new HomePage(other, baseUrl);
        await otherHome.open();
        expect(await otherHome.projectNames()).not.toContain('Made on the laptop');
        await signInAsGrace(other);
        await otherHome.projectCard('Made on the laptop').waitFor({ timeout: 30_000 });
        await otherHome.projectCard('Made on the laptop').locator('[data-cloud-status$="ynced"]').waitFor({
          timeout: 30_000,
        });
        await other.screenshot({ path: join(screenshotDir, 'cloud-projects--second-device-list.png') });
        // It opens there with everything in it, under the same id.
        await otherHome
          .projectCard('Made on the laptop')
          .getByRole('link', { name: 'Made on the laptop', exact: true })
          .click();
        const otherEditor = new EditorPage(other, baseUrl);
        await otherEditor.ready();
        expect(new URL(other.url()).pathname).toBe(`/projects/${id}`);
        await otherEditor.switchTo('JavaScript');
        expect(await otherEditor.codeText()).toContain('basic.showNumber(7)');
        await other.screenshot({ path: join(screenshotDir, 'cloud-projects--second-device-editor.png') });

        // Moving it to the trash there reaches the account…
        await otherHome.open();
        await otherHome.deleteButton('Made on the laptop').click();
        await expect.poll(async () => (await cloudCopy(other, id))?.deleted, { timeout: 30_000 }).toBe(true);
      } finally {
        await tablet.close();
      }
      // …and this device, the next time its list opens: in the trash here too, nothing lost.
      await home.open();
      await expect.poll(() => home.projectNames(), { timeout: 30_000 }).not.toContain('Made on the laptop');
      await home.trashButton().click();
      await page.locator('.trash').getByText('Made on the laptop', { exact: true }).waitFor();
      await snap('trash-followed');
      expect((await cloudCopy(page, id))?.files['main.ts']).toContain('basic.showNumber(7)');
    },
    // Asking the account for the project before its first save has arrived answers 404.
    { allowConsoleErrors: ['404'], timeout: 240_000 },
  );

  journey(
    'a signed-in project syncs; a change on another device is a conflict that keeps both; embeds in each mode',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Cloud dice');
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();
      const id = new URL(page.url()).pathname.split('/').pop() ?? '';

      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Sign in to Blockyard' }).waitFor();
      await page.getByRole('button', { name: /^Grace Hopper/ }).click();
      await page.getByRole('button', { name: 'Your account: Grace Hopper' }).waitFor();
      const cloudStatus = (status: string) => page.locator(`.editor-header [data-cloud-status="${status}"]`);
      await cloudStatus('synced').waitFor({ timeout: 30_000 });
      await snap('editor-synced');

      // Another device saves the project in the cloud…
      await page.evaluate(async (projectId) => {
        const token = localStorage.getItem('blockyard:blockyard.auth.token');
        const headers: Record<string, string> = {
          'x-blockyard-target': 'microbit',
          'content-type': 'application/json',
        };
        if (token) headers['authorization'] = `Bearer ${token}`;
        const current = (await (await fetch(`/api/projects/${projectId}`, { headers })).json()) as {
          name: string;
          files: Record<string, string>;
          revision: number;
        };
        const files = { ...current.files, 'main.ts': 'basic.showString("other device")\n' };
        const saved = await fetch(`/api/projects/${projectId}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ name: current.name, files, baseRevision: current.revision }),
        });
        if (!saved.ok) throw new Error(`the other device's save answered ${saved.status}`);
      }, id);
      // …and this one changes it too: a conflict, nothing overwritten.
      await editor.setCode('basic.showNumber(42)\n');
      await cloudStatus('conflict').waitFor({ timeout: 30_000 });
      await snap('editor-conflict');
      await page.getByRole('button', { name: /changed on another device/i }).click();
      const dialog = page.getByRole('dialog', { name: 'This project was changed on another device' });
      await dialog.waitFor();
      await snap('conflict-dialog');
      await dialog.getByRole('button', { name: 'Keep both' }).click();
      await page.locator('.editor-header [data-cloud-status$="ynced"]').waitFor({ timeout: 30_000 });
      expect(await editor.codeText()).toContain('basic.showNumber(42)');

      await home.open();
      expect(await home.projectNames()).toEqual(expect.arrayContaining(['Cloud dice', 'Cloud dice (other device)']));
      await home.projectCard('Cloud dice').locator('[data-cloud-status$="ynced"]').waitFor({ timeout: 30_000 });
      await snap('home-statuses');

      // Share it and embed it in both modes.
      await home.projectCard('Cloud dice').getByRole('link', { name: 'Cloud dice', exact: true }).click();
      await editor.ready();
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const share = page.getByRole('dialog', { name: 'Share your project' });
      await share.getByRole('button', { name: 'Share', exact: true }).click();
      const embedCode = share.getByRole('textbox', { name: 'Code to show it on a web page' });
      await embedCode.waitFor();
      const both = await embedCode.inputValue();
      await share.getByRole('radio', { name: 'Only the simulator' }).check();
      const simulatorOnly = await embedCode.inputValue();
      expect(both).toContain('?sandbox=1');
      expect(simulatorOnly).toContain('?controller=1');
      await snap('share-embed-modes');

      const host = await page.context().newPage();
      await host.setViewportSize({ width: 1280, height: 1200 });
      await host.goto(`${baseUrl}/no-such-page-for-embeds`);
      await host.evaluate(
        (codes) => {
          document.body.innerHTML = codes.join('\n');
        },
        [both, simulatorOnly],
      );
      const [sandboxFrame, simulatorFrame] = [host.frameLocator('iframe').nth(0), host.frameLocator('iframe').nth(1)];
      await sandboxFrame.getByRole('link', { name: 'Open in Blockyard' }).waitFor({ timeout: 30_000 });
      await sandboxFrame.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 30_000 });
      await simulatorFrame.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 30_000 });
      expect(await simulatorFrame.getByRole('button', { name: 'Open in Blockyard' }).count()).toBe(0);
      expect(await simulatorFrame.locator('.share-code').count()).toBe(0);
      // An embed is part of someone else's page: none of Blockyard's own header in any mode.
      expect(await sandboxFrame.locator('.app-header').count()).toBe(0);
      expect(await simulatorFrame.locator('.app-header').count()).toBe(0);
      await host.screenshot({ path: join(screenshotDir, 'cloud-projects--embeds.png') });
    },
    // The other device's save makes this one's compare-and-set answer 409, as it should.
    { allowConsoleErrors: ['409'], timeout: 240_000 },
  );
});
