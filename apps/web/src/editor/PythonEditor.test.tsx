import { ManualClock } from '@blockyard/core';
import { MemoryProjectStore, sequentialIds } from '@blockyard/projects';
import { currentCompletions, startCompletion } from '@codemirror/autocomplete';
import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { START, renderApp } from '../test/app-harness.tsx';
import { inProcessEditor } from './testing/in-process-environment.ts';

afterEach(() => cleanup());

// The router loads the editor page lazily, and the page the code editor. Their first import
// transforms the editor, CodeMirror and its languages: on this shared machine under load that
// took 45 s, longer than the waits below, which are for the app's own work. The cost is paid
// once here, under its own timeout (the lazy imports then find the modules loaded).
beforeAll(async () => {
  await Promise.all([import('./EditorPage.tsx'), import('./code/CodeArea.tsx')]);
}, 180_000);

const config = (preferredEditor: string, files: string[]) =>
  JSON.stringify({ name: 'Dice', dependencies: { core: '*' }, files, preferredEditor }, null, 4) + '\n';

async function oneProject(files: Record<string, string>) {
  const clock = new ManualClock(START);
  const store = new MemoryProjectStore({ clock, newId: sequentialIds('project-') });
  const project = await store.create({ name: 'Dice', files });
  return { clock, store, project, editor: inProcessEditor(clock) };
}

/** The code editor's view (CodeMirror) showing `label`, once it has loaded. */
async function codeView(label: string): Promise<EditorView> {
  const content = await vi.waitFor(
    () => {
      const element = document.querySelector<HTMLElement>(`.cm-content[aria-label="${label}"]`);
      if (!element) throw new Error(`no ${label} editor yet`);
      return element;
    },
    { timeout: 25_000 },
  );
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no view');
  return view;
}

const PYTHON = 'Python (main.py)';
const JAVASCRIPT = 'JavaScript (main.ts)';

async function type(label: string, text: string): Promise<void> {
  const view = await codeView(label);
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

async function textOf(label: string): Promise<string> {
  return (await codeView(label)).state.doc.toString();
}

describe('the Python tab', () => {
  it('switches JavaScript -> Python -> JavaScript, saves main.py as MakeCode does and runs its TypeScript', async () => {
    const { clock, store, project, editor } = await oneProject({
      'pxt.json': config('tsprj', ['main.ts']),
      'main.ts': 'basic.showNumber(1)\n',
    });
    const app = await renderApp(`/projects/${project.id}`, { clock, store, editor: editor.environment });
    expect(await textOf(JAVASCRIPT)).toBe('basic.showNumber(1)\n');
    fireEvent.click(screen.getByRole('tab', { name: 'Python' }));
    await vi.waitFor(
      () => expect(screen.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected')).toBe('true'),
      {
        timeout: 25_000,
      },
    );
    expect(await textOf(PYTHON)).toBe('basic.show_number(1)\n');
    await app.advance(1000);
    let saved = (await store.get(project.id)).files;
    expect(saved['main.py']).toBe('basic.show_number(1)\n');
    expect(JSON.parse(saved['pxt.json']!)).toMatchObject({ preferredEditor: 'pyprj', files: ['main.ts', 'main.py'] });

    // Typing Python saves it, and what runs is its TypeScript (main.ts follows main.py).
    await type(PYTHON, 'basic.show_number(7)\n');
    await app.advance(300);
    // The conversion answers from the worker; autosave then waits for a quiet second.
    await vi.waitFor(
      async () => {
        await app.advance(500);
        expect((await store.get(project.id)).files['main.ts']).toBe('basic.showNumber(7)\n');
      },
      { timeout: 25_000, interval: 50 },
    );
    expect((await store.get(project.id)).files['main.py']).toBe('basic.show_number(7)\n');

    // A mistake is shown on its Python line, in Python names.
    await type(PYTHON, 'basic.show_number(7)\nbasic.show_numbr(2)\n');
    await app.advance(300);
    const problems = await vi.waitFor(
      () => {
        const region = screen.getByRole('region', { name: 'Problems' });
        expect(region.textContent).toContain('show_numbr');
        return region;
      },
      { timeout: 25_000 },
    );
    expect(within(problems).getByRole('button', { name: 'Line 2' })).toBeTruthy();
    await vi.waitFor(() => expect(document.querySelector('.cm-lintRange-error')?.textContent).toBe('show_numbr'), {
      timeout: 25_000,
    });

    // Back to JavaScript: the program converted, main.py no longer listed (nor kept).
    await type(PYTHON, 'basic.show_number(8)\n');
    fireEvent.click(screen.getByRole('tab', { name: 'JavaScript' }));
    expect(await textOf(JAVASCRIPT)).toBe('basic.showNumber(8)\n');
    await app.advance(1000);
    saved = (await store.get(project.id)).files;
    expect(saved['main.ts']).toBe('basic.showNumber(8)\n');
    expect(saved['main.py']).toBeUndefined();
    expect(JSON.parse(saved['pxt.json']!)).toMatchObject({ preferredEditor: 'tsprj', files: ['main.ts'] });
  }, 100_000);

  it('offers the API in Python names while typing, from the worker', async () => {
    const { clock, store, project, editor } = await oneProject({
      'pxt.json': config('pyprj', ['main.ts', 'main.py']),
      'main.ts': '',
      'main.py': 'count = 0\n',
    });
    await renderApp(`/projects/${project.id}`, { clock, store, editor: editor.environment });
    const view = await codeView(PYTHON);
    const text = 'count = 0\nbasic.';
    act(() =>
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        selection: { anchor: text.length },
      }),
    );
    act(() => void startCompletion(view));
    const labels = await vi.waitFor(
      () => {
        const found = currentCompletions(view.state).map((c) => c.label);
        if (!found.includes('show_number')) throw new Error(`offered: ${found.join(', ')}`);
        return found;
      },
      { timeout: 25_000 },
    );
    expect(labels).toEqual(expect.arrayContaining(['show_string', 'show_icon', 'pause', 'forever']));
    expect(labels).not.toContain('showNumber');

    // At the start of a word: the program's own names beside the API's namespaces.
    const next = `${text}show_number(1)\nco`;
    act(() =>
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: next },
        selection: { anchor: next.length },
      }),
    );
    act(() => void startCompletion(view));
    await vi.waitFor(
      () => {
        const found = currentCompletions(view.state).map((c) => c.label);
        if (!found.includes('count') || !found.includes('control')) throw new Error(`offered: ${found.join(', ')}`);
      },
      { timeout: 25_000 },
    );
  }, 60_000);

  it('keeps Python that cannot be converted, in Python, and says why', async () => {
    const python = 'import os\nbasic.show_number(1)\n';
    const { clock, store, project, editor } = await oneProject({
      'pxt.json': config('pyprj', ['main.ts', 'main.py']),
      'main.ts': '',
      'main.py': python,
    });
    const app = await renderApp(`/projects/${project.id}`, { clock, store, editor: editor.environment });
    // A MakeCode Python project opens in Python.
    expect(await textOf(PYTHON)).toBe(python);
    expect(screen.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Blocks' }));
    const alert = await vi.waitFor(
      () => {
        const found = screen.getAllByRole('alert').find((a) => a.textContent?.includes('stays Python'));
        if (!found) throw new Error('no notice yet');
        return found;
      },
      { timeout: 25_000 },
    );
    expect(alert.textContent).toContain("This Python can't be turned into blocks or JavaScript yet");
    expect(alert.textContent).toContain('Line 1:');
    expect(screen.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected')).toBe('true');
    expect(await textOf(PYTHON)).toBe(python);
    await app.advance(1000);
    const saved = (await store.get(project.id)).files;
    expect(saved['main.py']).toBe(python);
    expect(saved['main.blocks']).toBeUndefined();
    expect(JSON.parse(saved['pxt.json']!)).toMatchObject({ preferredEditor: 'pyprj' });
  }, 60_000);
});
