import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

export class HomePage extends AppPage {
  open(): Promise<void> {
    return this.goto('/');
  }

  newProjectButton(): Locator {
    return this.page.getByRole('button', { name: 'New project' });
  }
}
