// GitHub projects against the local code host, through our server's write proxy: token, a new
// repository, a change made on the host, a refused push, a pull with a clash settled per clash,
// and the push that follows.
import { GitHubClient } from '@blockyard/cloud';
import { FetchHttpClient } from '@blockyard/platform';
import { describe, expect, inject } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

const TOKEN = 'local-code-host-token';
// The platform's fetch client, as the page uses it (e2e may not import the server's test helper).
const fetchHttp = new FetchHttpClient();

describe('GitHub projects', () => {
  useChromium();

  journey(
    'save a project to GitHub, pull a change made there, settle the clash, push',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Dance');
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();
      await editor.setCode('basic.showNumber(1)\nbasic.pause(100)\nbasic.showNumber(2)\n');
      await editor.waitUntilSaved();

      await page.getByRole('button', { name: 'GitHub', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Keep this project on GitHub' });
      await dialog.getByLabel('GitHub token').fill(TOKEN);
      await snap('github-token');
      await dialog.getByRole('button', { name: 'Use this token' }).click();
      await dialog.getByText('Saving to GitHub as learner').waitFor({ timeout: 30_000 });
      await dialog.getByLabel('Repository name (letters, numbers, - and _)').fill('dance-journey');
      await snap('github-create');
      await dialog.getByRole('button', { name: 'Save to GitHub' }).click();
      await dialog.getByText('Saved in the new repository learner/dance-journey.').waitFor({ timeout: 30_000 });
      await dialog.getByText('Nothing has changed since the last save to GitHub.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();

      // Meanwhile the same line changes on the code host.
      const host = new GitHubClient(fetchHttp, inject('codeHostUrl'), TOKEN);
      const repo = { owner: 'learner', repo: 'dance-journey' };
      const head = await host.branchHead(repo, 'main');
      const stored = await host.readFiles(repo, head);
      const theirs = stored.files['main.ts']!.replace('pause(100)', 'pause(500)');
      await host.commitFiles(repo, 'main', head, { 'main.ts': theirs }, 'Slower on the host');

      await editor.setCode('basic.showNumber(1)\nbasic.pause(200)\nbasic.showNumber(2)\n');
      await editor.waitUntilSaved();
      await page.getByRole('button', { name: 'GitHub', exact: true }).click();
      await dialog.getByRole('list', { name: 'Changed files' }).getByText('main.ts').waitFor({ timeout: 30_000 });
      await dialog.getByLabel('Say in a few words what you changed').fill('A bit slower');
      await snap('github-diff');
      await dialog.getByRole('button', { name: 'Commit and push' }).click();
      await dialog.getByText('GitHub has changes you do not have yet.', { exact: false }).waitFor({ timeout: 30_000 });

      await dialog.getByRole('button', { name: 'Get changes from GitHub' }).click();
      await dialog.getByText('Place 1 of 1').waitFor({ timeout: 30_000 });
      await snap('github-conflicts');
      await dialog.getByRole('radio', { name: 'Keep mine' }).check();
      await dialog.getByRole('button', { name: 'Use my choices' }).click();
      await dialog.getByText('Done: your choices are in the project.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Commit and push' }).click();
      await dialog.getByText('Your changes are saved on GitHub.').waitFor({ timeout: 30_000 });
      await snap('github-pushed');

      const after = await host.readFiles(repo, await host.branchHead(repo, 'main'));
      expect(after.files['main.ts']).toContain('pause(200)');
      expect(after.files['main.ts']).not.toContain('<<<<<<<');
      expect(await editor.codeText()).toContain('pause(200)');
    },
    // The refused push: the code host answers 422 when the branch moved on (said as "behind").
    { allowConsoleErrors: ['status of 422'], timeout: 180_000 },
  );
});
