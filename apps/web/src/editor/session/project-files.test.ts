import { describe, expect, it } from 'vitest';
import { configFor, openingMode, programFiles } from './project-files.ts';

const config = (fields: Record<string, unknown>) =>
  JSON.stringify({ name: 'P', dependencies: {}, files: ['main.ts'], ...fields }, null, 4);

describe('project files for the editor', () => {
  it('opens in the editor pxt.json prefers, else blocks when there are blocks or no code', () => {
    expect(openingMode({ 'pxt.json': config({ preferredEditor: 'tsprj' }), 'main.blocks': '<xml/>' })).toBe(
      'javascript',
    );
    expect(openingMode({ 'pxt.json': config({ preferredEditor: 'blocksprj' }), 'main.ts': 'x' })).toBe('blocks');
    expect(openingMode({ 'pxt.json': config({}), 'main.blocks': '<xml></xml>', 'main.ts': 'x' })).toBe('blocks');
    expect(openingMode({ 'pxt.json': config({}), 'main.ts': 'basic.showNumber(1)' })).toBe('javascript');
    expect(openingMode({ 'pxt.json': 'not json', 'main.ts': '' })).toBe('blocks');
  });

  it('records the editor in pxt.json and keeps fields it does not know', () => {
    const files = { 'pxt.json': config({ preferredEditor: 'blocksprj', somethingNew: [1, 2] }) };
    const text = configFor(files, 'javascript');
    expect(JSON.parse(text!)).toMatchObject({ preferredEditor: 'tsprj', somethingNew: [1, 2], name: 'P' });
    expect(configFor(files, 'blocks')).toBeUndefined();
    expect(configFor({ 'pxt.json': '{ broken' }, 'blocks')).toBeUndefined();
  });

  it('opens main.py in Python, and lists main.py in pxt.json exactly while in Python', () => {
    expect(openingMode({ 'pxt.json': config({ preferredEditor: 'pyprj' }), 'main.py': 'x = 1' })).toBe('python');
    // pyprj without main.py (nothing to show in Python) opens the code.
    expect(openingMode({ 'pxt.json': config({ preferredEditor: 'pyprj' }), 'main.ts': 'x' })).toBe('javascript');
    expect(openingMode({ 'pxt.json': config({}), 'main.py': 'x = 1', 'main.ts': 'x' })).toBe('python');
    const toPython: unknown = JSON.parse(configFor({ 'pxt.json': config({ preferredEditor: 'tsprj' }) }, 'python')!);
    expect(toPython).toMatchObject({ preferredEditor: 'pyprj', files: ['main.ts', 'main.py'] });
    const python = { 'pxt.json': config({ preferredEditor: 'pyprj', files: ['main.ts', 'main.py', 'README.md'] }) };
    expect(configFor(python, 'python')).toBeUndefined();
    expect(JSON.parse(configFor(python, 'blocks')!)).toMatchObject({
      preferredEditor: 'blocksprj',
      files: ['main.ts', 'README.md'],
    });
  });

  it('compiles the TypeScript files of the project only', () => {
    expect(
      programFiles({ 'pxt.json': '{}', 'main.blocks': '<xml/>', 'main.ts': 'a', 'custom.ts': 'b', 'README.md': '' }),
    ).toEqual({ 'main.ts': 'a', 'custom.ts': 'b' });
    expect(programFiles({ 'pxt.json': '{}' })).toEqual({ 'main.ts': '' });
  });
});
