import { ManualClock } from '@blockyard/core';
import { AutosaveController, MemoryProjectStore } from '@blockyard/projects';
import { describe, expect, it } from 'vitest';
import { keepPythonInStep, ORIGINAL_PYTHON_FILE, setAsidePython } from './python-keeper.ts';

const python = 'basic.show_number(5)\n';
const ts = 'basic.showNumber(5)\n';
const config = (extra: object = {}) =>
  JSON.stringify({
    name: 'Py',
    dependencies: { core: '*' },
    files: ['main.py', 'main.ts'],
    preferredEditor: 'pyprj',
    ...extra,
  });
const makeCodePythonProject = () => ({ 'pxt.json': config(), 'main.py': python, 'main.ts': ts });

describe('a MakeCode project written in Python', () => {
  it('keeps main.py while main.ts still says the same', () => {
    expect(setAsidePython(makeCodePythonProject(), ts)).toBeNull();
  });

  it('sets the Python aside, unchanged, once main.ts changes, and pxt.json follows', () => {
    const files = { ...makeCodePythonProject(), 'main.ts': 'basic.showNumber(6)\n' };
    const aside = setAsidePython(files, ts);
    expect(aside?.remove).toEqual(['main.py']);
    expect(aside?.keptAs).toBe(ORIGINAL_PYTHON_FILE);
    expect(aside?.files[ORIGINAL_PYTHON_FILE]).toBe(python);
    expect(JSON.parse(aside?.files['pxt.json'] ?? '{}')).toMatchObject({
      files: ['main.ts', ORIGINAL_PYTHON_FILE],
      preferredEditor: 'tsprj',
      name: 'Py',
    });
  });

  it('never overwrites an earlier set-aside file, and keeps Python even with a damaged pxt.json', () => {
    const files = {
      'pxt.json': '{ damaged',
      'main.py': python,
      'main.ts': 'x',
      [ORIGINAL_PYTHON_FILE]: 'older python',
    };
    const aside = setAsidePython(files, ts);
    expect(aside?.keptAs).toBe('original-main-2.py.txt');
    expect(aside?.files).toEqual({ 'original-main-2.py.txt': python });
  });

  it('in the editor: the save after the first change to main.ts has no stale main.py, and loses no Python', async () => {
    const clock = new ManualClock(1000);
    const store = new MemoryProjectStore({ clock });
    const project = await store.create({ name: 'Py', files: makeCodePythonProject() });
    const autosave = new AutosaveController({ store, clock, project });
    const stop = keepPythonInStep(autosave);
    // Renaming changes no program text: main.py stays.
    autosave.edit({ name: 'Py game' });
    await autosave.flush();
    expect((await store.get(project.id)).files['main.py']).toBe(python);
    autosave.edit({ files: { 'main.ts': 'basic.showNumber(6)\n' } });
    await autosave.flush();
    const saved = await store.get(project.id);
    expect(saved.files['main.py']).toBeUndefined();
    expect(saved.files[ORIGINAL_PYTHON_FILE]).toBe(python);
    expect(saved.files['main.ts']).toBe('basic.showNumber(6)\n');
    // Every saved version either has both files agreeing or no main.py at all.
    for (const version of await store.listVersions(project.id)) {
      const files = (await store.getVersion(project.id, version.revision)).files;
      if (files['main.py'] !== undefined) expect(files['main.ts']).toBe(ts);
    }
    stop();
    await autosave.dispose();
  });
});
