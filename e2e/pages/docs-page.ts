import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

export class DocsPage extends AppPage {
  open(path = ''): Promise<void> {
    return this.goto(`/docs/${path}`);
  }

  breadcrumbs(): Locator {
    return this.page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  }
}
