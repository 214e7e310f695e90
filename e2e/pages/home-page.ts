import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

export class HomePage extends AppPage {
  open(): Promise<void> {
    return this.goto('/');
  }

  newProjectButton(): Locator {
    return this.page.getByRole('button', { name: 'New project' });
  }

  /** The cards of My projects. */
  projectList(): Locator {
    return this.page.getByRole('list', { name: 'My projects' });
  }

  /** Names on the cards, in the order shown. */
  async projectNames(): Promise<string[]> {
    await this.page.getByRole('heading', { name: 'My projects' }).waitFor();
    await this.page.getByText('Opening your projects…').waitFor({ state: 'hidden' });
    if ((await this.projectList().count()) === 0) return [];
    return this.projectList().getByRole('heading', { level: 3 }).allTextContents();
  }

  projectCard(name: string): Locator {
    return this.projectList()
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Creates a project through the dialog and waits for its editor. */
  async createProject(name: string): Promise<void> {
    await this.newProjectButton().click();
    const dialog = this.page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Project name').fill(name);
    await dialog.getByLabel('Project name').press('Enter');
    await this.page.waitForURL(/\/projects\/[^/]+$/);
  }

  async renameProject(name: string, newName: string): Promise<void> {
    await this.projectCard(name)
      .getByRole('button', { name: `Rename ${name}` })
      .click();
    const input = this.page.getByRole('textbox', { name: `New name for ${name}` });
    await input.fill(newName);
    await input.press('Enter');
    await this.projectCard(newName).waitFor();
  }

  duplicateButton(name: string): Locator {
    return this.projectCard(name).getByRole('button', { name: `Duplicate ${name}` });
  }

  deleteButton(name: string): Locator {
    return this.projectCard(name).getByRole('button', { name: `Delete ${name}` });
  }

  toast(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  undoButton(): Locator {
    return this.page.getByRole('button', { name: 'Undo' });
  }

  trashButton(): Locator {
    return this.page.getByRole('button', { name: /^Trash \(\d+\)$/ });
  }

  exampleButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Open ${name}` });
  }

  storageWarnings(): Locator {
    return this.page.getByRole('alert', { name: 'Storage warnings' });
  }
}
