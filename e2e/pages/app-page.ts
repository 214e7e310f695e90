import type { Locator, Page } from 'playwright-core';

/** What every screen of the app shares: the header, its navigation and the settings panel. */
export class AppPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
    await this.mainHeading().waitFor();
    // The app's own page, not index.html's picture of the home page (first-paint.ts), which a
    // press or a chosen file can reach before the app replaces it.
    await this.page.locator('#root[data-picture]').waitFor({ state: 'detached' });
  }

  mainHeading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  navLink(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
  }

  settingsButton(): Locator {
    return this.page.getByRole('button', { name: 'Settings' });
  }

  highContrastSwitch(): Locator {
    return this.page.getByRole('switch', { name: 'High contrast' });
  }

  languageSelect(): Locator {
    return this.page.getByRole('combobox', { name: 'Language' });
  }

  async theme(): Promise<string | null> {
    return this.page.evaluate(() => document.documentElement.dataset.theme ?? null);
  }
}
