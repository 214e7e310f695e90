import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { settle } from '../test/app-harness.tsx';
import { GitHubDialog } from './GitHubDialog.tsx';
import { MAIN_TS, PROJECT_ID, testCodeHost } from './github-test-host.ts';

afterEach(() => cleanup());

async function openDialog(host: ReturnType<typeof testCodeHost>, mainTs = MAIN_TS) {
  const pulled: Record<string, string>[] = [];
  const i18n = await createI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <GitHubDialog
        open
        onClose={() => undefined}
        workflow={host.workflow}
        projectId={PROJECT_ID}
        projectName="Dance"
        files={() => ({ 'main.ts': mainTs })}
        onPulled={(files) => pulled.push(files)}
      />
    </I18nextProvider>,
  );
  await settle();
  return { pulled };
}

async function click(name: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
  await settle();
}

async function openTab(name: string) {
  fireEvent.click(screen.getByRole('tab', { name }));
  await settle();
}

function type(label: string, text: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
}

const status = () => screen.getAllByRole('status').map((element) => element.textContent);

describe('GitHubDialog', () => {
  it('makes a branch from the current one and moves the project to it', async () => {
    const host = testCodeHost();
    await openDialog(host);
    await openTab('Branches');
    expect(screen.getByText('You are working on the branch main.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Branches' });
    expect(within(list).getByText('main')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Make branch' }).disabled).toBe(true);
    type('Name of the new branch (letters, numbers, - and _)', 'faster');
    await click('Make branch');
    expect(host.heads.get('faster')).toBeDefined();
    expect(host.calls).toContain('POST repos/learner/dance/git/refs');
    expect(status()).toContain('You are now on the branch faster.');
    expect(host.storage.link(PROJECT_ID)?.branch).toBe('faster');
    expect(screen.getByText('You are working on the branch faster.')).toBeTruthy();
    // Back to main: its files come into the project.
    await click('Switch to main');
    expect(host.storage.link(PROJECT_ID)?.branch).toBe('main');
  });

  it('keeps the project on its branch while it has changes not saved on GitHub', async () => {
    const host = testCodeHost();
    host.heads.set('other', 'd'.repeat(40));
    await openDialog(host, 'basic.showNumber(2)\n');
    await openTab('Branches');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Switch to other' }).disabled).toBe(true);
    expect(screen.getByText(/Switching branch now would lose them/)).toBeTruthy();
  });

  it('opens a pull request from the branch and merges it', async () => {
    const host = testCodeHost();
    await openDialog(host);
    await openTab('Pull requests');
    // Only one branch: the dialog says how to make one first.
    expect(screen.getByText(/Make a new branch under Branches/)).toBeTruthy();
    await openTab('Branches');
    type('Name of the new branch (letters, numbers, - and _)', 'faster');
    await click('Make branch');
    await openTab('Pull requests');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Add it to the branch' }).value).toBe('main');
    type('Title: what does this change do?', 'Dance faster');
    type('More about it (optional)', 'Shorter pauses');
    await click('Open pull request');
    expect(host.pulls[0]).toMatchObject({ title: 'Dance faster', body: 'Shorter pauses', head: { ref: 'faster' } });
    expect(status()).toContain('Pull request #1 is open.');
    const list = screen.getByRole('list', { name: 'Pull requests' });
    expect(within(list).getByText('Open')).toBeTruthy();
    await click('Merge #1 into main');
    expect(host.calls).toContain('POST repos/learner/dance/merges');
    expect(status()).toContain('Pull request #1 is merged into main.');
    expect(within(screen.getByRole('list', { name: 'Pull requests' })).getByText('Merged')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Merge #1 into main' })).toBeNull();
  });

  it("says a merge clash (409) in spec 000's words", async () => {
    const host = testCodeHost({ clash: true });
    host.heads.set('faster', 'e'.repeat(40));
    host.pulls.push({ number: 1, title: 'X', body: '', state: 'open', head: { ref: 'faster' }, base: { ref: 'main' } });
    await openDialog(host);
    await openTab('Pull requests');
    await click('Merge #1 into main');
    expect(screen.getByRole('alert').textContent).toContain(
      'Cannot merge in the repository host/learner/dance; code: 409',
    );
    expect(within(screen.getByRole('list', { name: 'Pull requests' })).getByText('Open')).toBeTruthy();
  });

  it('makes a release of the branch and lists it', async () => {
    const host = testCodeHost();
    await openDialog(host);
    await openTab('Releases');
    expect(screen.getByText('None yet.')).toBeTruthy();
    type('Version name (like v1.0.0)', 'not a tag');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Make release' }).disabled).toBe(true);
    type('Version name (like v1.0.0)', 'v1.0.0');
    type('Title (optional)', 'First dance');
    await click('Make release');
    expect(host.releases).toEqual([{ id: 1, tag_name: 'v1.0.0', name: 'First dance', target_commitish: 'main' }]);
    expect(status()).toContain('The release v1.0.0 is made.');
    const list = screen.getByRole('list', { name: 'Releases' });
    expect(within(list).getByText('v1.0.0')).toBeTruthy();
    expect(within(list).getByText('First dance')).toBeTruthy();
  });

  it("copies someone else's repository, saying how long it has waited", async () => {
    const host = testCodeHost({ owner: 'teacher', forkReadyAfter: 2 });
    await openDialog(host);
    await openTab('Make a copy');
    expect(screen.getByText(/belongs to someone else/)).toBeTruthy();
    await click('Make my copy');
    expect(status()).toContain('GitHub is making your copy… (0 s)');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Make my copy' }).disabled).toBe(true);
    act(() => host.clock.advance(1000));
    await settle();
    expect(status()).toContain('GitHub is making your copy… (1 s)');
    expect(host.forkPolls()).toBe(2);
    act(() => host.clock.advance(1000));
    await settle();
    expect(status()).toContain('Your copy learner/dance is ready. This project now saves there.');
    expect(host.storage.link(PROJECT_ID)?.owner).toBe('learner');
    expect(screen.getByText('This project is kept in learner/dance (branch main).')).toBeTruthy();
  });

  it("sends a learner saving to someone else's repository to Make a copy", async () => {
    const host = testCodeHost({ owner: 'teacher' });
    await openDialog(host, 'basic.showNumber(2)\n');
    await click('Commit and push');
    expect(screen.getByRole('alert').textContent).toContain(
      'teacher/dance belongs to someone else, so you cannot save to it.',
    );
    expect(screen.getByRole('tab', { name: 'Make a copy' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Make my copy' })).toBeTruthy();
  });
});
