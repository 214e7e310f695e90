import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { AppPage } from '../pages/app-page.ts';
import { DocsPage } from '../pages/docs-page.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';
import { UnsupportedBrowserPage } from '../pages/unsupported-page.ts';

const midori =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Safari/605.1.15 Midori/6';

/** Holds the app's entry script back until the returned function is called. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The name of the project the editor opens next. */
async function openedProjectName(page: Page): Promise<string> {
  await page.waitForURL(/\/projects\/[^/]+$/);
  return new EditorPage(page, '').nameInput().inputValue();
}

describe('the app shell', () => {
  useChromium();

  journey('home page greets the learner', async ({ page, baseUrl }) => {
    const home = new HomePage(page, baseUrl);
    await home.open();
    expect(await home.mainHeading().textContent()).toBe('What will you make today?');
    expect(await home.newProjectButton().isVisible()).toBe(true);
    // The self-hosted font is in use (no request may leave localhost; the harness checks that).
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toContain('Nunito');
  });

  journey('the home page shows before its scripts run, and a project can be named there', async ({ page, baseUrl }) => {
    // The app's entry script held back: what shows is index.html's picture of the home page.
    const release = await holdEntryScript(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
    const home = new HomePage(page, baseUrl);
    await home.newProjectButton().click();
    // The picture's script is asked for ahead of the entry's chunks (on a slow network it came
    // in after them when it was asked for last).
    const firstPaint = asked.findIndex((path) => /\/assets\/first-paint-[^/]+\.js$/.test(path));
    const entry = asked.findIndex((path) => /\/assets\/main-[^/]+\.js$/.test(path));
    expect(firstPaint).toBeGreaterThan(0);
    expect(firstPaint).toBeLessThan(entry);
    // The dialog opens on the picture, the suggested name ready to be typed over.
    const name = page.getByRole('dialog', { name: 'New project' }).getByLabel('Project name');
    await name.waitFor();
    expect(await name.inputValue()).toBe('My project');
    await page.keyboard.type('Roc');
    // The app starts mid-word: the dialog becomes the app's, and the typing goes on in it.
    release();
    await page.getByText('Your projects will appear here').waitFor();
    await page.keyboard.type('ket');
    await page.keyboard.press('Enter');
    expect(await openedProjectName(page)).toBe('Rocket');
  });

  journey("Enter pressed on the picture's dialog makes the project once the app starts", async ({ page, baseUrl }) => {
    const release = await holdEntryScript(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
    await new HomePage(page, baseUrl).newProjectButton().click();
    const name = page.getByRole('dialog', { name: 'New project' }).getByLabel('Project name');
    await name.fill('Moon');
    await name.press('Enter');
    // Nothing more to type while the app starts; its dialog then makes the project.
    expect(await name.getAttribute('readonly')).not.toBeNull();
    release();
    expect(await openedProjectName(page)).toBe('Moon');
  });

  journey('docs and block help open with breadcrumbs', async ({ page, baseUrl, snap }) => {
    const docs = new DocsPage(page, baseUrl);
    await docs.open();
    expect(await docs.mainHeading().textContent()).toBe('Guides');
    await snap('docs-home');
    await docs.goto('/reference/x');
    expect(await docs.mainHeading().textContent()).toBe('Block help not found');
    expect(await docs.breadcrumbs().first().textContent()).toBe('Guides');
  });

  journey('settings switch to high contrast and it sticks after reload', async ({ page, baseUrl }) => {
    const app = new AppPage(page, baseUrl);
    await app.goto('/');
    await app.settingsButton().click();
    await app.highContrastSwitch().click();
    expect(await app.theme()).toBe('high-contrast');
    // Only languages with a translation are offered (languages.e2e.ts checks which).
    expect(await app.languageSelect().locator('option').count()).toBe(8);
    await page.reload();
    await app.mainHeading().waitFor();
    expect(await app.theme()).toBe('high-contrast');
  });

  journey('keyboard users reach the skip link first', async ({ page, baseUrl }) => {
    const app = new AppPage(page, baseUrl);
    await app.goto('/');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe('Skip to main content');
  });

  journey('an unknown address shows a friendly not-found page', async ({ page, baseUrl }) => {
    const app = new AppPage(page, baseUrl);
    await app.goto('/no/such/page');
    expect(await app.mainHeading().textContent()).toBe("We couldn't find that page");
  });

  journey(
    'an unsupported browser is told why and can continue anyway',
    async ({ page, baseUrl, snap }) => {
      const unsupported = new UnsupportedBrowserPage(page, baseUrl);
      await unsupported.goto('/');
      expect(await unsupported.mainHeading().textContent()).toBe("Blockyard can't run in this browser");
      expect(await page.getByText('does not support Midori').isVisible()).toBe(true);
      await snap('unsupported');
      await unsupported.tryAnywayLink().click();
      await page.waitForURL(/anybrowser=true/);
      expect(await unsupported.mainHeading().textContent()).toBe('What will you make today?');
    },
    { context: { userAgent: midori } },
  );
});
