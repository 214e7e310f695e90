import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

/** The editor placeholder: name, main.ts text area, autosave status, History, conflicts. */
export class EditorPage extends AppPage {
  async open(id: string): Promise<void> {
    await this.goto(`/projects/${id}`);
    await this.code().waitFor();
  }

  /** The id in the address. */
  projectId(): string {
    return new URL(this.page.url()).pathname.split('/').at(-1) ?? '';
  }

  code(): Locator {
    return this.page.getByRole('textbox', { name: 'JavaScript (main.ts)' });
  }

  nameInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Project name' });
  }

  autosave(): Locator {
    return this.page.locator('[data-status]');
  }

  async waitUntilSaved(): Promise<void> {
    await this.page.locator('[data-status="saved"]').waitFor();
  }

  historyButton(): Locator {
    return this.page.getByRole('button', { name: 'History' });
  }

  conflict(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'This project was changed in another tab.' });
  }

  keepMineButton(): Locator {
    return this.page.getByRole('button', { name: 'Keep mine as a copy' });
  }

  loadTheirsButton(): Locator {
    return this.page.getByRole('button', { name: 'Load their version' });
  }
}
