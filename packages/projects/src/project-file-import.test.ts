import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { files, memoryStore } from '../test/helpers.ts';
import { readProjectFile } from './project-file-import.ts';
import { serializeRecoveryBundle } from './recovery-bundle.ts';

describe('readProjectFile', () => {
  it('reads a JSON file map, named after its pxt.json', () => {
    const text = JSON.stringify({
      'pxt.json': '{"name":"Thermometer"}',
      'main.ts': 'basic.showNumber(input.temperature())',
    });
    expect(readProjectFile('thermo.mkcd', text)).toEqual({
      ok: true,
      projects: [{ name: 'Thermometer', files: JSON.parse(text) as Record<string, string> }],
    });
  });

  it('falls back to the file name when pxt.json has no name', () => {
    const text = JSON.stringify({ 'pxt.json': '{}', 'main.blocks': '<xml/>' });
    const result = readProjectFile('C:\\Users\\kid\\my-game.json', text);
    expect(result.ok && result.projects[0]?.name).toBe('my-game');
  });

  it('refuses what is not a project, with one clear problem', () => {
    const cases: [string, string][] = [
      ['photo.jpg', 'whatever'],
      ['notes.json', 'not json'],
      ['list.json', '[1,2,3]'],
      ['config.json', JSON.stringify({ 'pxt.json': '{}' })],
      ['code.json', JSON.stringify({ 'main.ts': 'x' })],
      ['odd.mkcd', JSON.stringify({ 'pxt.json': '{}', 'main.ts': 5 })],
    ];
    for (const [name, text] of cases)
      expect(readProjectFile(name, text), name).toEqual({ ok: false, problem: 'not-a-project' });
  });

  it('reads every project back from a recovery file', async () => {
    const { store } = memoryStore();
    await store.create({ name: 'A', files: files('a') });
    await store.create({ name: 'B', files: files('b') });
    const text = serializeRecoveryBundle(await store.exportAll());
    const result = readProjectFile('blockyard-recovery-2026-01-05.json', text);
    expect(result.ok && result.projects.map((p) => [p.name, p.files['main.ts']])).toEqual([
      ['A', 'a'],
      ['B', 'b'],
    ]);
    const empty = serializeRecoveryBundle({ ...(await store.exportAll()), projects: [] });
    expect(readProjectFile('r.json', empty)).toEqual({ ok: false, problem: 'empty' });
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), fc.constantFrom('a.json', 'b.mkcd', 'c.hex'), (text, name) => {
        const result = readProjectFile(name, text);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});

describe('readProjectFile on hostile files', () => {
  const hostile = (name: string) =>
    readFileSync(join(import.meta.dirname, '../../core/test/fixtures/hostile', name), 'utf8');

  it.each([
    [
      'parent-path.json',
      'The file name "../evil.ts" is not allowed in a project: it points outside the project folder (..).',
    ],
    [
      'git-hooks.json',
      'The file name ".git/hooks/post-checkout" is not allowed in a project: it uses a name that computers keep for themselves (such as CON, NUL or .git).',
    ],
    [
      'case-clash.json',
      'The files "main.ts" and "MAIN.TS" cannot be in one project: their names differ only in capital letters.',
    ],
  ])('refuses %s at import, saying why', (fixture, message) => {
    const result = readProjectFile(fixture, hostile(fixture));
    // The code and params let the screens say it in the learner's language.
    expect(result).toHaveProperty('code', fixture === 'case-clash.json' ? 'file-names-clash' : 'invalid-file-name');
    expect(readProjectFile(fixture, hostile(fixture))).toMatchObject({ ok: false, problem: 'format', message });
  });

  it('imports the good projects of a recovery file and says which one it left out', () => {
    const result = readProjectFile('recovery.json', hostile('recovery-parent-path.json'));
    expect(result).toEqual({
      ok: true,
      projects: [expect.objectContaining({ name: 'Fine' })],
      skipped: [
        {
          name: 'Climber',
          message: 'The file name "../../x.ts" is not allowed in a project: it points outside the project folder (..).',
          code: 'invalid-file-name',
          params: { file: '../../x.ts', reason: 'it points outside the project folder (..)' },
        },
      ],
    });
  });
});
