import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

export class UnsupportedBrowserPage extends AppPage {
  tryAnywayLink(): Locator {
    return this.page.getByRole('link', { name: 'Try anyway' });
  }
}
