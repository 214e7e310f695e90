import { ManualClock, readProject } from '@blockyard/core';
import { newProjectFiles } from '@blockyard/projects';
import { describe, expect, it } from 'vitest';
import { importProjectFile } from '../../projects/import/read-project-bytes.ts';
import { hexFileName, projectHex } from './download-project.ts';

const fileOf = (name: string, bytes: Uint8Array) => ({
  name,
  arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
});

describe('Download as .hex', () => {
  it('names the file after the project, safely', () => {
    expect(hexFileName('My game')).toBe('My game.hex');
    expect(hexFileName('a/b: c?')).toBe('a b c.hex');
    expect(hexFileName('  ')).toBe('project.hex');
  });

  it('writes a .hex with the project inside, which Import reads back', async () => {
    const files = {
      ...newProjectFiles('Travel kit'),
      'main.ts': 'basic.showString("Hi")\n',
      'main.blocks': '<xml xmlns="https://developers.google.com/blockly/xml"></xml>',
    };
    const bytes = await projectHex(files, new ManualClock(), 'http://localhost:3000');
    expect(new TextDecoder().decode(bytes.subarray(0, 1))).toBe(':');
    expect(readProject(bytes, { fileName: 'Travel kit.hex' }).files['main.ts']).toBe('basic.showString("Hi")\n');
    const imported = await importProjectFile(fileOf('Travel kit.hex', bytes));
    if (!imported.ok) throw new Error(`not imported: ${imported.problem}`);
    expect(imported.projects.map((p) => p.name)).toEqual(['Travel kit']);
    expect(imported.projects[0]?.files).toMatchObject(files);
  });
});

describe('Import', () => {
  it('explains a damaged .hex in plain words and creates nothing', async () => {
    const result = await importProjectFile(fileOf('broken.hex', new TextEncoder().encode(':10000000ZZ\n')));
    expect(result).toEqual({ ok: false, problem: 'format', message: 'This .hex file is not valid.' });
  });

  it('says a file that is no project at all is not one', async () => {
    expect(await importProjectFile(fileOf('notes.txt', new TextEncoder().encode('just notes')))).toEqual({
      ok: false,
      problem: 'not-a-project',
    });
  });

  it('still reads our JSON file maps', async () => {
    const json = JSON.stringify({ 'pxt.json': '{"name":"Picked"}', 'main.ts': 'basic.pause(1)\n' });
    const result = await importProjectFile(fileOf('picked.mkcd', new TextEncoder().encode(json)));
    expect(result).toMatchObject({ ok: true, projects: [{ name: 'Picked' }] });
  });
});
