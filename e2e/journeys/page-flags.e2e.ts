// Issue 20 item 13: the page flags of spec 000 §2 that apply to Blockyard, as a learner (or the
// site embedding Blockyard) meets them. `anybrowser` has its journey in shell.e2e.ts;
// `downloadWindowOpen` matters only in browsers whose links cannot save files, so it is unit
// tested (downloader.test.ts); the flags that do not apply are listed in apps/web/README.md.

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

/** Makes a project the ordinary way and returns its id (the editor is open on it). */
async function makeProject(page: Page, baseUrl: string, name: string): Promise<string> {
  const home = new HomePage(page, baseUrl);
  await home.open();
  await home.createProject(name);
  const editor = new EditorPage(page, baseUrl);
  await editor.ready();
  await editor.waitUntilSaved();
  return editor.projectId();
}

describe('page flags', () => {
  useChromium();

  journey('sandbox=1: an embed to read and run, that cannot change the program', async ({ page, baseUrl, snap }) => {
    const id = await makeProject(page, baseUrl, 'Embedded');
    const editor = new EditorPage(page, baseUrl);
    await editor.goto(`/projects/${id}?sandbox=1`);
    await editor.ready();
    await page.getByRole('status').filter({ hasText: 'View only' }).waitFor();
    await page.getByRole('link', { name: 'Open in Blockyard' }).waitFor();
    // No way to change, save or leave the program from the embed.
    expect(await editor.nameInput().count()).toBe(0);
    expect(await editor.settingsButton().count()).toBe(0);
    expect(await editor.downloadButton().count()).toBe(0);
    expect(await editor.tool('Undo').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Home' }).count()).toBe(0);
    expect(await page.locator('.blocklyToolbox').count()).toBe(0);
    await snap('blocks');

    // Both views can be read; the code cannot be typed into.
    await editor.switchTo('JavaScript');
    expect(await editor.code().getAttribute('aria-readonly')).toBe('true');
    // It can still be selected and copied, so typing is what must change nothing.
    const before = await editor.codeText();
    await editor.code().click();
    await page.keyboard.type('oops');
    expect(await editor.codeText()).toBe(before);
    await snap('javascript');
  });

  journey('nosandbox=1: the editor alone, without the app around it', async ({ page, baseUrl, snap }) => {
    const id = await makeProject(page, baseUrl, 'Widget');
    const editor = new EditorPage(page, baseUrl);
    await editor.goto(`/projects/${id}?nosandbox=1`);
    await editor.ready();
    await editor.nameInput().waitFor();
    await editor.downloadButton().waitFor();
    expect(await editor.settingsButton().count()).toBe(0);
    expect(await editor.historyButton().count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Home' }).count()).toBe(0);
    await snap('widget');
  });

  journey(
    'nosharedlocalstorage: projects stay in the page, and the page says so',
    async ({ page, context, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.goto('/?nosharedlocalstorage');
      await home.storageWarnings().getByText('This page keeps your projects only while it is open').waitFor();
      await home.createProject('Only here');
      await new EditorPage(page, baseUrl).ready();
      await page.goBack();
      expect(await home.projectNames()).toEqual(['Only here']);
      await snap('home');
      // Nothing went into the browser's shared storage: another page does not see the project,
      // nor the settings chosen here.
      await home.settingsButton().click();
      await home.highContrastSwitch().click();
      // Read before another page opens: that one keeps its own things (its cached translations).
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
      const other = new HomePage(await context.newPage(), baseUrl);
      await other.open();
      expect(await other.projectNames()).toEqual([]);
      expect(await other.theme()).not.toBe('high-contrast');
    },
  );

  journey('downloadUserContext=1: the file waits for the learner’s own press', async ({ page, baseUrl, snap }) => {
    const id = await makeProject(page, baseUrl, 'Press');
    const editor = new EditorPage(page, baseUrl);
    await editor.goto(`/projects/${id}?downloadUserContext=1`);
    await editor.ready();
    await editor.downloadButton().click();
    const dialog = page.getByRole('dialog', { name: 'Your file is ready' });
    await dialog.waitFor();
    await snap('ready');
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Save “Press.hex”' }).click();
    expect((await download).suggestedFilename()).toBe('Press.hex');
    await dialog.waitFor({ state: 'hidden' });
  });

  journey('downloadProtocol: the file goes to the host app’s scheme', async ({ page, baseUrl }) => {
    const id = await makeProject(page, baseUrl, 'Host');
    // Chromium cannot follow an unknown scheme here; record where the app sends the file.
    await page.addInitScript(() => {
      const sent: string[] = [];
      (window as unknown as { sent: string[] }).sent = sent;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        sent.push(this.href);
      };
    });
    const editor = new EditorPage(page, baseUrl);
    await editor.goto(`/projects/${id}?downloadProtocol=blockyard-host`);
    await editor.ready();
    await editor.downloadButton().click();
    await page.waitForFunction(() => (window as unknown as { sent: string[] }).sent.length > 0);
    const sent = await page.evaluate(() => (window as unknown as { sent: string[] }).sent);
    expect(sent[0]).toMatch(/^blockyard-host:application\/octet-stream;base64,[A-Za-z0-9+/]+=*$/);
  });

  journey('nolocalhost=1: the simulator frame is told to check who talks to it', async ({ page, baseUrl }) => {
    const id = await makeProject(page, baseUrl, 'Checked');
    const editor = new EditorPage(page, baseUrl);
    await editor.goto(`/projects/${id}?nolocalhost=1`);
    await editor.ready();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('iframe')].some((frame) => frame.src.includes('/sim/')),
    );
    const sources = await page.evaluate(() => [...document.querySelectorAll('iframe')].map((frame) => frame.src));
    expect(sources.find((src) => src.includes('/sim/'))).toMatch(/[?&]nolocalhost=1(&|#|$)/);
  });
});
