// GitHub projects against the local code host, through our server's write proxy: token, a new
// repository, a change made on the host, a refused push, a pull with a clash settled per clash,
// and the push that follows; then a branch, a commit on it, a pull request merged into main, and
// a release, each screen also looked at 390 px wide.
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

  journey(
    'make a branch, commit on it, open a pull request, merge it, make a release',
    async ({ page, baseUrl, snap }) => {
      /** This screen at 1280 px wide, then at a phone's 390 px. */
      const snapBoth = async (label: string) => {
        await snap(label);
        await page.setViewportSize({ width: 390, height: 844 });
        await snap(`${label}-390`);
        await page.setViewportSize({ width: 1280, height: 800 });
      };
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Team');
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();
      await editor.setCode('basic.showNumber(1)\n');
      await editor.waitUntilSaved();

      await page.getByRole('button', { name: 'GitHub', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Keep this project on GitHub' });
      await dialog.getByLabel('GitHub token').fill(TOKEN);
      await dialog.getByRole('button', { name: 'Use this token' }).click();
      await dialog.getByLabel('Repository name (letters, numbers, - and _)').fill('team-journey');
      await dialog.getByRole('button', { name: 'Save to GitHub' }).click();
      await dialog.getByText('Saved in the new repository learner/team-journey.').waitFor({ timeout: 30_000 });

      // A branch from main; the project now saves there.
      await dialog.getByRole('tab', { name: 'Branches' }).click();
      await dialog.getByRole('list', { name: 'Branches' }).getByText('main').waitFor({ timeout: 30_000 });
      await dialog.getByLabel('Name of the new branch (letters, numbers, - and _)').fill('faster');
      await snapBoth('github-branches');
      await dialog.getByRole('button', { name: 'Make branch' }).click();
      await dialog.getByText('You are now on the branch faster.').waitFor({ timeout: 30_000 });
      await dialog.getByText('You are working on the branch faster.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();

      await editor.setCode('basic.showNumber(2)\n');
      await editor.waitUntilSaved();
      await page.getByRole('button', { name: 'GitHub', exact: true }).click();
      await dialog.getByRole('list', { name: 'Changed files' }).getByText('main.ts').waitFor({ timeout: 30_000 });
      await dialog.getByLabel('Say in a few words what you changed').fill('Show two');
      await snapBoth('github-changes-tab');
      await dialog.getByRole('button', { name: 'Commit and push' }).click();
      await dialog.getByText('Your changes are saved on GitHub.').waitFor({ timeout: 30_000 });

      // Ask for the branch to be added to main, then merge it.
      await dialog.getByRole('tab', { name: 'Pull requests' }).click();
      await dialog.getByLabel('Title: what does this change do?').fill('Show two');
      await dialog.getByLabel('More about it (optional)').fill('The dance starts at two now.');
      await snapBoth('github-pull-request');
      await dialog.getByRole('button', { name: 'Open pull request' }).click();
      await dialog.getByText('Pull request #1 is open.').waitFor({ timeout: 30_000 });
      const pulls = dialog.getByRole('list', { name: 'Pull requests' });
      await pulls.getByText('Open', { exact: true }).waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Merge #1 into main' }).click();
      await dialog.getByText('Pull request #1 is merged into main.').waitFor({ timeout: 30_000 });
      await pulls.getByText('Merged', { exact: true }).waitFor({ timeout: 30_000 });
      await snapBoth('github-merged');

      await dialog.getByRole('tab', { name: 'Releases' }).click();
      await dialog.getByLabel('Version name (like v1.0.0)').fill('v1.0.0');
      await dialog.getByLabel('Title (optional)').fill('First team dance');
      await dialog.getByRole('button', { name: 'Make release' }).click();
      await dialog.getByText('The release v1.0.0 is made.').waitFor({ timeout: 30_000 });
      await dialog.getByRole('list', { name: 'Releases' }).getByText('v1.0.0').waitFor();
      await snapBoth('github-releases');

      await dialog.getByRole('tab', { name: 'Make a copy' }).click();
      await dialog.getByText('learner/team-journey is yours', { exact: false }).waitFor();
      await snapBoth('github-fork');

      const host = new GitHubClient(fetchHttp, inject('codeHostUrl'), TOKEN);
      const repo = { owner: 'learner', repo: 'team-journey' };
      const main = await host.readFiles(repo, await host.branchHead(repo, 'main'));
      expect(main.files['main.ts']).toContain('showNumber(2)');
      expect(await host.releases(repo)).toEqual([{ tag: 'v1.0.0', name: 'First team dance' }]);
      expect(await host.branches(repo)).toEqual(['faster', 'main']);

      // Two branches change the same line: the merge is refused (409) in spec 000's words.
      const base = await host.branchHead(repo, 'main');
      await host.createBranch(repo, 'clash', base);
      await host.commitFiles(repo, 'clash', base, { 'main.ts': 'basic.showNumber(3)\n' }, 'Three');
      await host.commitFiles(repo, 'main', base, { 'main.ts': 'basic.showNumber(4)\n' }, 'Four');
      await host.createPullRequest(repo, { title: 'Three', body: '', head: 'clash', base: 'main' });
      await dialog.getByRole('tab', { name: 'Pull requests' }).click();
      await dialog.getByRole('button', { name: 'Merge #2 into main' }).click();
      await dialog
        .getByText('Cannot merge in the repository host/learner/team-journey; code: 409', { exact: false })
        .waitFor({ timeout: 30_000 });
      await snapBoth('github-merge-clash');
    },
    // The refused merge: the code host answers 409.
    { allowConsoleErrors: ['status of 409'], timeout: 240_000 },
  );

  journey(
    "copy (fork) someone else's repository, then save to the copy",
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.open();
      await home.createProject('Robot');
      const editor = new EditorPage(page, baseUrl);
      await editor.ready();
      // The project is linked to a repository of another account (as if opened from it).
      const theirs = { owner: 'blockyard-test', repo: 'robot-dance' };
      const info = (await (await fetch(`${inject('codeHostUrl')}/repos/blockyard-test/robot-dance`)).json()) as {
        default_branch: string;
      };
      const host = new GitHubClient(fetchHttp, inject('codeHostUrl'), TOKEN);
      const commit = await host.branchHead(theirs, info.default_branch);
      const link = JSON.stringify({ ...theirs, branch: info.default_branch, commit });
      await page.evaluate(
        ([key, value]) => window.localStorage.setItem(key!, value!),
        [`blockyard:blockyard.github.link.${editor.projectId()}`, link],
      );

      await page.getByRole('button', { name: 'GitHub', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Keep this project on GitHub' });
      await dialog.getByLabel('GitHub token').fill(TOKEN);
      await dialog.getByRole('button', { name: 'Use this token' }).click();
      await dialog.getByText('This project is kept in blockyard-test/robot-dance', { exact: false }).waitFor({
        timeout: 30_000,
      });
      await dialog.getByRole('tab', { name: 'Make a copy' }).click();
      await snap('github-fork-theirs');
      await dialog.getByRole('button', { name: 'Make my copy' }).click();
      await dialog.getByText('Your copy learner/robot-dance is ready.', { exact: false }).waitFor({ timeout: 30_000 });
      await dialog.getByText('This project is kept in learner/robot-dance', { exact: false }).waitFor();
      await snap('github-forked');

      await dialog.getByRole('tab', { name: 'Save changes' }).click();
      await dialog.getByRole('button', { name: 'Commit and push' }).click();
      await dialog.getByText('Your changes are saved on GitHub.').waitFor({ timeout: 30_000 });
      const mine = { owner: 'learner', repo: 'robot-dance' };
      expect(await host.branchHead(mine, info.default_branch)).not.toBe(commit);
      expect(await host.branchHead(theirs, info.default_branch)).toBe(commit);
    },
    { timeout: 180_000 },
  );
});
