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
        // Report this project: the server takes it (202) and the visitor is thanked.
        await visitor.getByRole('button', { name: 'Report this project' }).click();
        const report = visitor.getByRole('dialog', { name: 'Report this project' });
        await report.getByRole('radio', { name: 'It is not right for children' }).check();
        await report.getByRole('textbox', { name: 'Tell us more (optional)' }).fill('A word I do not like.');
        await visitor.screenshot({ path: snapPath('share-report') });
        const sent = visitor.waitForResponse((r) => r.url().endsWith('/report') && r.request().method() === 'POST');
        await report.getByRole('button', { name: 'Send report' }).click();
        expect((await sent).status()).toBe(202);
        await report.getByText('Thank you for telling us. Someone will look at this project.').waitFor();
        await report.getByRole('button', { name: 'Close' }).click();
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

  journey(
    'a share embedded in frames renders in every embed mode',
    async ({ page, baseUrl }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Framed robot');
      await new EditorPage(page, baseUrl).ready();
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Share your project' });
      await dialog.getByRole('button', { name: 'Share', exact: true }).click();
      const link = dialog.getByRole('textbox', { name: 'Link' });
      await link.waitFor();
      const url = await link.inputValue();

      // Every embed flag of spec 001 §2 the share page answers to, each in a frame of its own.
      const modes = [
        'controller=2',
        'controller=1&readonly=1',
        'nosandbox=1',
        'editorlayout=widget',
        'noproject=1',
        'sandbox=1&edit=1',
        'timeMachine=1',
      ];
      const host = await page.context().newPage();
      await host.setViewportSize({ width: 1400, height: 1800 });
      await host.goto(`${baseUrl}/no-such-page-for-embeds`);
      await host.evaluate(
        ({ src, flags }) => {
          document.body.innerHTML = flags
            .map((f) => `<iframe src="${src}?${f}" title="${f}" width="680" height="420"></iframe>`)
            .join('');
        },
        { src: url, flags: modes },
      );
      const frame = (mode: string) => host.frameLocator(`iframe[title="${mode}"]`);
      for (const mode of modes) {
        // Each one runs the program, and none shows Blockyard's own header.
        await frame(mode).getByRole('button', { name: 'Stop' }).waitFor({ timeout: 60_000 });
        expect(await frame(mode).locator('.app-header').count(), mode).toBe(0);
      }
      // Controller modes: the simulator alone, no code and no way out of the frame.
      for (const mode of ['controller=2', 'controller=1&readonly=1']) {
        expect(await frame(mode).locator('.share-code').count(), mode).toBe(0);
        expect(await frame(mode).getByRole('link', { name: 'Open in Blockyard' }).count(), mode).toBe(0);
      }
      // The widget layout (nosandbox, editorlayout=widget) and edit=1 copy in place with Edit.
      for (const mode of ['nosandbox=1', 'editorlayout=widget', 'sandbox=1&edit=1'])
        await frame(mode).getByRole('button', { name: 'Edit' }).waitFor();
      // The sandbox (a plain frame, or the read-only time machine) sends the visitor to Blockyard.
      for (const mode of ['noproject=1', 'timeMachine=1'])
        await frame(mode).getByRole('link', { name: 'Open in Blockyard' }).waitFor();
      // noproject=1 keeps the name for screen readers only.
      expect(await frame('noproject=1').locator('h1:not(.visually-hidden)').count()).toBe(0);
      expect(await frame('timeMachine=1').locator('h1:not(.visually-hidden)').innerText()).toBe('Framed robot');
      await host.screenshot({ path: snapPath('embed-modes'), fullPage: true });
    },
    { timeout: 240_000 },
  );
});

describe('the time machine of a share', () => {
  useChromium();

  journey(
    'a share with its earlier versions: timeMachine=1 lists them and shows each one, read-only',
    async ({ page, context, baseUrl }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Growing robot');
      const editor = new EditorPage(page, baseUrl);
      await editor.switchTo('JavaScript');
      await editor.waitUntilSaved();
      await editor.setCode(program(1));
      await editor.waitUntilSaved();
      await editor.setCode(program(2));
      await editor.waitUntilSaved();

      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Share your project' });
      await dialog.getByRole('checkbox', { name: /^Include earlier versions/ }).check();
      await dialog.getByRole('button', { name: 'Share', exact: true }).click();
      const link = dialog.getByRole('textbox', { name: 'Link' });
      await link.waitFor();
      const url = await link.inputValue();

      const browser = context.browser();
      if (!browser) throw new Error('no browser');
      for (const width of [1280, 390]) {
        const visitorContext = await browser.newContext({ viewport: { width, height: 800 } });
        try {
          const visitor = await visitorContext.newPage();
          await visitor.goto(`${url}?timeMachine=1`);
          const versions = visitor.getByRole('list', { name: 'Versions, newest first' }).getByRole('button');
          await versions.first().waitFor({ timeout: 30_000 });
          expect(await versions.first().getAttribute('aria-pressed')).toBe('true');
          expect(await versions.first().innerText()).toMatch(/^As shared \(/);
          const code = visitor.getByRole('region', { name: 'The code (JavaScript)' }).locator('pre');
          expect(await code.textContent()).toBe(program(2));
          // The newest earlier version is the one before the share: program 1.
          await versions.nth(1).click();
          await expect.poll(() => code.textContent()).toBe(program(1));
          expect(await versions.nth(1).getAttribute('aria-pressed')).toBe('true');
          await visitor.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 30_000 });
          // Read-only: nothing copies it here.
          expect(await visitor.getByRole('button', { name: 'Edit' }).count()).toBe(0);
          await visitor.screenshot({ path: snapPath(`time-machine-${width}`), fullPage: true });
          expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        } finally {
          await visitorContext.close();
        }
      }
    },
    { timeout: 180_000 },
  );
});

const program = (n: number) => `basic.forever(function () {\n    basic.showNumber(${n})\n})\n`;

function snapPath(label: string): string {
  return join(screenshotDir, `share--${label}.png`);
}
