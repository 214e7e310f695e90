import { ManualClock } from '@blockyard/core';
import {
  MemoryBroadcastHub,
  MemoryProjectStore,
  TabSyncedProjectStore,
  sequentialIds,
  type ProjectsTabMessage,
} from '@blockyard/projects';
import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { START, renderApp, settle } from '../test/app-harness.tsx';
import { simulatorAddress, type UseSimulatorOptions } from '../sim-host/use-simulator.ts';
import { inProcessEditor } from './testing/in-process-environment.ts';
import { fakeShareServer, SHARE_ID } from '../share/share-test-server.ts';

afterEach(() => cleanup());

const config = (preferredEditor: string) =>
  JSON.stringify({ name: 'Dice', dependencies: { core: '*' }, files: ['main.ts'], preferredEditor }, null, 4) + '\n';

async function oneProject(mainTs = 'basic.showNumber(1)\n') {
  const clock = new ManualClock(START);
  const store = new MemoryProjectStore({ clock, newId: sequentialIds('project-') });
  const project = await store.create({ name: 'Dice', files: { 'pxt.json': config('tsprj'), 'main.ts': mainTs } });
  return { clock, store, project, editor: inProcessEditor(clock) };
}

/** The code editor's view (CodeMirror), once it has loaded. */
async function codeView(): Promise<EditorView> {
  const content = await vi.waitFor(
    () => {
      const element = document.querySelector<HTMLElement>('.cm-content');
      if (!element) throw new Error('no code editor yet');
      return element;
    },
    { timeout: 25_000 },
  );
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no view');
  return view;
}

async function type(text: string): Promise<void> {
  const view = await codeView();
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

async function code(): Promise<string> {
  return (await codeView()).state.doc.toString();
}

/** A project edited once (two saved versions) with its History panel open. */
async function historyAfterOneEdit() {
  const { clock, store, project, editor } = await oneProject();
  const app = await renderApp(`/projects/${project.id}`, { clock, store, editor: editor.environment });
  await type('basic.showNumber(2)\n');
  await app.advance(1000);
  fireEvent.click(screen.getByRole('button', { name: 'History' }));
  await settle();
  return { store, project, panel: screen.getByRole('complementary', { name: 'History' }) };
}

describe('EditorPage', () => {
  it('saves an edit within a second and says so', async () => {
    const { clock, store, project, editor } = await oneProject();
    const app = await renderApp(`/projects/${project.id}`, { clock, store, editor: editor.environment });
    // The editor is its own chunk: the first test waits for it to load.
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 25_000 })).textContent).toBe('Dice');
    expect(screen.getByRole('tab', { name: 'JavaScript' }).getAttribute('aria-selected')).toBe('true');
    expect(await code()).toBe('basic.showNumber(1)\n');
    await type('basic.showNumber(6)\n');
    expect(document.querySelector('[data-status]')?.textContent).toBe('Unsaved changes');
    await app.advance(1000);
    expect((await store.get(project.id)).files['main.ts']).toBe('basic.showNumber(6)\n');
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

  it('lists saved versions in History and restores one into the code editor', async () => {
    const { store, project, panel } = await historyAfterOneEdit();
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Current')).toBeTruthy();
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Restore the version from/ }));
    await vi.waitFor(async () => expect(await code()).toBe('basic.showNumber(1)\n'), { timeout: 25_000 });
    await settle();
    expect((await store.get(project.id)).files['main.ts']).toBe('basic.showNumber(1)\n');
  });

  it('shows an old version read-only, restores it from the preview, and undoes the restore', async () => {
    const { store, project, panel } = await historyAfterOneEdit();
    const list = within(panel).getByRole('list', { name: 'Saved versions, newest first' });
    const older = within(list).getAllByRole('listitem')[1]!;
    fireEvent.click(within(older).getByRole('button', { name: /^Look at the version from/ }));
    await settle();
    const preview = screen.getByRole('dialog', { name: /^Your project / });
    // The old code, as text to read; looking changes nothing.
    expect(within(preview).getByLabelText('JavaScript').textContent).toBe('basic.showNumber(1)\n');
    expect(await code()).toBe('basic.showNumber(2)\n');
    fireEvent.click(within(preview).getByRole('button', { name: 'Restore this version' }));
    await vi.waitFor(async () => expect(await code()).toBe('basic.showNumber(1)\n'), { timeout: 25_000 });
    expect(screen.queryByRole('dialog', { name: /^Your project / })).toBeNull();
    // The version it replaced is still there, and Undo brings it back as one more version.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo the restore' }));
    await vi.waitFor(async () => expect(await code()).toBe('basic.showNumber(2)\n'), { timeout: 25_000 });
    await settle();
    expect((await store.get(project.id)).files['main.ts']).toBe('basic.showNumber(2)\n');
    expect((await store.listVersions(project.id)).map((v) => v.reason)).toEqual([
      'restore',
      'restore',
      'save',
      'create',
    ]);
  });

  it('shares the project as it is this instant from the header, and has no Share without a server', async () => {
    const { clock, store, project, editor } = await oneProject();
    const server = fakeShareServer();
    await renderApp(`/projects/${project.id}`, { clock, store, editor: editor.environment, shares: server.shares });
    await type('basic.showNumber(5)\n');
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Share your project' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Link' })).toBeTruthy());
    // The edit typed a moment ago is in the share, though not saved yet.
    expect(server.published.get(SHARE_ID)?.files['main.ts']).toBe('basic.showNumber(5)\n');
    expect(server.published.get(SHARE_ID)?.name).toBe('Dice');
    cleanup();

    await renderApp(`/projects/${project.id}`, { clock, store, editor: editor.environment });
    await codeView();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('meets a change from another tab with the two choices, and keeps mine as a copy', async () => {
    const { clock, store, project, editor } = await oneProject();
    const hub = new MemoryBroadcastHub<ProjectsTabMessage>();
    const otherTab = new TabSyncedProjectStore(store, hub.connect(), 'other tab');
    const app = await renderApp(`/projects/${project.id}`, { clock, store, hub, editor: editor.environment });
    await type('mine');
    await otherTab.save(
      project.id,
      { files: { 'pxt.json': config('tsprj'), 'main.ts': 'theirs' } },
      { expectedRevision: 1 },
    );
    await app.advance(1000);
    const alert = screen
      .getAllByRole('alert')
      .find((element) => element.textContent?.includes('This project was changed in another tab.'));
    expect(alert).toBeTruthy();
    expect((await store.get(project.id)).files['main.ts']).toBe('theirs');
    fireEvent.click(within(alert!).getByRole('button', { name: 'Keep mine as a copy' }));
    await vi.waitFor(() => expect(app.path()).not.toBe(`/projects/${project.id}`), { timeout: 25_000 });
    await settle();
    const copyId = app.path().split('/').at(-1)!;
    expect(await store.get(copyId)).toMatchObject({ name: 'Dice (my copy)', files: { 'main.ts': 'mine' } });
    expect((await store.get(project.id)).files['main.ts']).toBe('theirs');
  });

  it('runs the program, and puts a compile error on its line in plain words with the details', async () => {
    const { clock, store, project, editor } = await oneProject();
    const app = await renderApp(`/projects/${project.id}`, { clock, store, editor: editor.environment });
    await vi.waitFor(() => expect(screen.getByRole('region', { name: 'Simulator' }).dataset.state).toBe('running'), {
      timeout: 15_000,
    });
    await type('basic.showNumber(1)\nbasic.showNumbr(2)\n');
    await app.advance(300);
    const problems = await vi.waitFor(
      () => {
        const region = screen.getByRole('region', { name: 'Problems' });
        expect(region.textContent).toContain('Did you mean “showNumber”?');
        return region;
      },
      { timeout: 15_000 },
    );
    expect(within(problems).getByRole('button', { name: 'Line 2' })).toBeTruthy();
    expect(within(problems).getByText('Details')).toBeTruthy();
    expect(problems.textContent).toContain("Property 'showNumbr' does not exist on type 'typeof basic'.");
    // The line is underlined in the code editor as well.
    await vi.waitFor(() => expect(document.querySelector('.cm-lintRange-error')?.textContent).toBe('showNumbr'), {
      timeout: 25_000,
    });
    // Fixing it runs the program again.
    await type('basic.showNumber(2)\n');
    await app.advance(300);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Problems' })?.textContent ?? '').toBe(''), {
      timeout: 15_000,
    });
  }, 70_000);

  it('gives the simulator new frames in a newly chosen language and runs the program again', async () => {
    const { clock, store, project, editor } = await oneProject();
    let made: UseSimulatorOptions | undefined;
    const environment = {
      ...editor.environment,
      createSimulator: (options: UseSimulatorOptions) => {
        made = options;
        return editor.environment.createSimulator(options);
      },
    };
    const app = await renderApp(`/projects/${project.id}`, { clock, store, editor: environment });
    await vi.waitFor(() => expect(screen.getByRole('region', { name: 'Simulator' }).dataset.state).toBe('running'), {
      timeout: 15_000,
    });
    const before = [...editor.runners.keys()];
    await act(() => app.services.language.set('ja'));
    await settle();
    await vi.waitFor(() => expect([...editor.runners.keys()].filter((id) => !before.includes(id))).toHaveLength(1), {
      timeout: 15_000,
    });
    await vi.waitFor(
      () => expect(screen.getByRole('region', { name: 'シミュレーター' }).dataset.state).toBe('running'),
      {
        timeout: 15_000,
      },
    );
    // New frames are addressed in the language chosen now.
    expect(simulatorAddress(made!)).toBe('/sim/?lang=ja');
  }, 45_000);

  it('asks before code becomes grey blocks; Stay keeps the JavaScript as it is', async () => {
    const program = 'basic.showNumber(1)\nclass Pet {\n    name = "Rex"\n}\n';
    const { clock, store, project, editor } = await oneProject(program);
    await renderApp(`/projects/${project.id}`, { clock, store, editor: editor.environment });
    expect(await code()).toBe(program);
    fireEvent.click(screen.getByRole('tab', { name: 'Blocks' }));
    const dialog = await vi.waitFor(
      () => screen.getByRole('dialog', { name: "Some code can't be shown as blocks yet" }),
      {
        timeout: 15_000,
      },
    );
    expect(dialog.textContent).toContain(
      "Lines 2-4 can't be shown as blocks yet; they'll appear as grey code blocks. Nothing is lost.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay in JavaScript' }));
    await settle();
    expect(screen.getByRole('tab', { name: 'JavaScript' }).getAttribute('aria-selected')).toBe('true');
    expect(await code()).toBe(program);
    expect((await store.get(project.id)).files['main.blocks']).toBeUndefined();
  });

  it('says so when a project does not exist', async () => {
    await renderApp('/projects/nope');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We couldn't find this project");
  });
});
