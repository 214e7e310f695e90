import { ManualClock } from '@blockyard/core';
import { MemoryProjectStore, sequentialIds } from '@blockyard/projects';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { START, renderApp, settle } from '../test/app-harness.tsx';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

const files = (main: string) => ({ 'pxt.json': '{"name":"x"}', 'main.ts': main });

async function storeWith(...names: string[]) {
  const clock = new ManualClock(START);
  const store = new MemoryProjectStore({ clock, newId: sequentialIds('project-') });
  for (const name of names) {
    await store.create({ name, files: files(name) });
    clock.advance(60_000);
  }
  clock.advance(5 * 60_000);
  return { clock, store };
}

function card(name: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'My projects' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('link', { name }));
  if (!item) throw new Error(`no card for ${name}`);
  return item;
}

describe('HomePage', () => {
  it('shows my projects newest first with when they were edited', async () => {
    const { clock, store } = await storeWith('Dice', 'Compass');
    await renderApp('/', { clock, store });
    const names = within(screen.getByRole('list', { name: 'My projects' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Compass', 'Dice']);
    expect(within(card('Dice')).getByText('Edited 7 minutes ago')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Dice' })).toBeTruthy();
  });

  it('says where projects will appear when there are none', async () => {
    await renderApp('/');
    expect(screen.getByText('Your projects will appear here. Start a new one to begin!')).toBeTruthy();
  });

  it('creates a project from the New project dialog and opens it', async () => {
    const app = await renderApp('/');
    fireEvent.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    const input = within(dialog).getByLabelText('Project name');
    expect((input as HTMLInputElement).value).toBe('My project');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(within(dialog).getByText('Give your project a name.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Robot pet' } });
    fireEvent.submit(input.closest('form')!);
    await settle();
    const { projects } = await app.store.list();
    expect(projects.map((p) => p.name)).toEqual(['Robot pet']);
    expect(app.path()).toBe(`/projects/${projects[0]?.id}`);
    const created = await app.store.get(projects[0]!.id);
    expect(Object.keys(created.files)).toContain('pxt.json');
  });

  it('renames inline, duplicates, and deletes with undo', async () => {
    const { clock, store } = await storeWith('Dice');
    await renderApp('/', { clock, store });
    fireEvent.click(within(card('Dice')).getByRole('button', { name: 'Rename Dice' }));
    const input = screen.getByRole('textbox', { name: 'New name for Dice' });
    fireEvent.change(input, { target: { value: 'Lucky dice' } });
    fireEvent.submit(input.closest('form')!);
    await settle();
    expect(screen.getByRole('link', { name: 'Lucky dice' })).toBeTruthy();

    fireEvent.click(within(card('Lucky dice')).getByRole('button', { name: 'Duplicate Lucky dice' }));
    await settle();
    expect(screen.getByRole('link', { name: 'Lucky dice copy' })).toBeTruthy();

    fireEvent.click(within(card('Lucky dice')).getByRole('button', { name: 'Delete Lucky dice' }));
    await settle();
    expect(screen.queryByRole('link', { name: 'Lucky dice' })).toBeNull();
    expect(screen.getByText('“Lucky dice” moved to the trash.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await settle();
    expect(screen.getByRole('link', { name: 'Lucky dice' })).toBeTruthy();
  });

  it('restores from the trash and deletes forever only after asking', async () => {
    const { clock, store } = await storeWith('Old', 'Older');
    const { projects } = await store.list();
    for (const p of projects) await store.trash(p.id);
    await renderApp('/', { clock, store });
    fireEvent.click(screen.getByRole('button', { name: 'Trash (2)' }));
    expect(screen.getAllByText('Deleted now · Gone for good in 30 days')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Restore Old' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Older forever' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Older” forever?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect((await store.list()).projects).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Older forever' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete “Older” forever?' })).getByRole('button', {
        name: 'Delete forever',
      }),
    );
    await settle();
    const left = (await store.list()).projects;
    expect(left.map((p) => [p.name, p.trashedAt === undefined])).toEqual([['Old', true]]);
  });

  it('imports a project file and explains a file it cannot read', async () => {
    const app = await renderApp('/');
    const input = screen.getByLabelText('Choose a project file to import');
    const seven = { 'pxt.json': '{}', 'main.ts': 'basic.showNumber(7)' };
    const good = new File([JSON.stringify(seven)], 'seven.mkcd');
    fireEvent.change(input, { target: { files: [good] } });
    await settle();
    const { projects } = await app.store.list();
    expect(projects.map((p) => p.name)).toEqual(['seven']);
    expect(app.path()).toBe(`/projects/${projects[0]?.id}`);

    await app.router.navigate({ to: '/' });
    await settle();
    fireEvent.change(screen.getByLabelText('Choose a project file to import'), {
      target: { files: [new File(['hello'], 'notes.txt')] },
    });
    await settle();
    expect(screen.getByText("This file isn't a Blockyard or MakeCode project.")).toBeTruthy();
  });

  it('opens an example as my own copy', async () => {
    const app = await renderApp('/');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toContain('Games');
    fireEvent.click(screen.getByRole('button', { name: 'Open Dice' }));
    await vi.waitFor(async () => expect((await app.store.list()).projects).toHaveLength(1), {
      // The example's files load lazily; a busy machine can take a few seconds.
      timeout: 10_000,
    });
    await settle();
    const { projects } = await app.store.list();
    expect(projects.map((p) => p.name)).toEqual(['Dice']);
    expect((await app.store.get(projects[0]!.id)).files['main.ts']).toContain('Gesture.Shake');
    expect(app.path()).toBe(`/projects/${projects[0]?.id}`);
  });

  it('tells about a damaged project and keeps listing the others', async () => {
    const { clock, store } = await storeWith('Fine');
    store.putRaw('projects', 'broken', { id: 'broken', name: 'Broken one', revision: 'x' });
    await renderApp('/', { clock, store });
    const banner = screen.getByRole('alert', { name: 'Storage warnings' });
    expect(banner.textContent).toContain("We couldn't read one project (“Broken one”)");
    expect(screen.getByRole('link', { name: 'Fine' })).toBeTruthy();
  });
});
