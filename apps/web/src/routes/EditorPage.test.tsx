import { ManualClock } from '@blockyard/core';
import {
  MemoryBroadcastHub,
  MemoryProjectStore,
  TabSyncedProjectStore,
  sequentialIds,
  type ProjectsTabMessage,
} from '@blockyard/projects';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { START, renderApp, settle } from '../test/app-harness.tsx';

afterEach(() => cleanup());

async function oneProject() {
  const clock = new ManualClock(START);
  const store = new MemoryProjectStore({ clock, newId: sequentialIds('project-') });
  const project = await store.create({ name: 'Dice', files: { 'pxt.json': '{}', 'main.ts': 'basic.showNumber(1)' } });
  return { clock, store, project };
}

const code = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'JavaScript (main.ts)' });

describe('EditorPage', () => {
  it('saves an edit within a second and says so', async () => {
    const { clock, store, project } = await oneProject();
    const app = await renderApp(`/projects/${project.id}`, { clock, store });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dice');
    expect(code().value).toBe('basic.showNumber(1)');
    fireEvent.change(code(), { target: { value: 'basic.showNumber(6)' } });
    expect(document.querySelector('[data-status]')?.textContent).toBe('Unsaved changes');
    await app.advance(1000);
    expect((await store.get(project.id)).files['main.ts']).toBe('basic.showNumber(6)');
    expect(document.querySelector('[data-status]')?.getAttribute('data-status')).toBe('saved');

    fireEvent.change(screen.getByRole('textbox', { name: 'Project name' }), { target: { value: 'Lucky dice' } });
    await app.advance(1000);
    expect((await store.get(project.id)).name).toBe('Lucky dice');
    // An empty name is not saved; leaving the field brings the saved one back.
    const name = screen.getByRole('textbox', { name: 'Project name' });
    fireEvent.change(name, { target: { value: '' } });
    expect(screen.getByText('Give your project a name.')).toBeTruthy();
    fireEvent.blur(name);
    await app.advance(1000);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Project name' }).value).toBe('Lucky dice');
    expect((await store.get(project.id)).name).toBe('Lucky dice');
  });

  it('lists saved versions in History and restores one', async () => {
    const { clock, store, project } = await oneProject();
    const app = await renderApp(`/projects/${project.id}`, { clock, store });
    fireEvent.change(code(), { target: { value: 'basic.showNumber(2)' } });
    await app.advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    await settle();
    const panel = screen.getByRole('complementary', { name: 'History' });
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Current')).toBeTruthy();
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Restore the version from/ }));
    await vi.waitFor(() => expect(code().value).toBe('basic.showNumber(1)'));
    await settle();
    expect((await store.get(project.id)).files['main.ts']).toBe('basic.showNumber(1)');
    expect(within(screen.getByRole('complementary', { name: 'History' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('meets a change from another tab with the two choices, and keeps mine as a copy', async () => {
    const { clock, store, project } = await oneProject();
    const hub = new MemoryBroadcastHub<ProjectsTabMessage>();
    const otherTab = new TabSyncedProjectStore(store, hub.connect(), 'other tab');
    const app = await renderApp(`/projects/${project.id}`, { clock, store, hub });
    fireEvent.change(code(), { target: { value: 'mine' } });
    await otherTab.save(project.id, { files: { 'pxt.json': '{}', 'main.ts': 'theirs' } }, { expectedRevision: 1 });
    await app.advance(1000);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('This project was changed in another tab.')).toBeTruthy();
    expect((await store.get(project.id)).files['main.ts']).toBe('theirs');
    fireEvent.click(within(alert).getByRole('button', { name: 'Keep mine as a copy' }));
    await vi.waitFor(() => expect(app.path()).not.toBe(`/projects/${project.id}`));
    await settle();
    const copyId = app.path().split('/').at(-1)!;
    expect(await store.get(copyId)).toMatchObject({ name: 'Dice (my copy)', files: { 'main.ts': 'mine' } });
    expect((await store.get(project.id)).files['main.ts']).toBe('theirs');
  });

  it('says so when a project does not exist', async () => {
    await renderApp('/projects/nope');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We couldn't find this project");
  });
});
