import {
  emptyProgramMarker,
  encodeBase64,
  encodePng,
  createImage,
  ManualClock,
  readProject,
  writeIntelHex,
} from '@blockyard/core';
import { newProjectFiles } from '@blockyard/projects';
import { describe, expect, it } from 'vitest';
import { importProjectFile } from '../../projects/import/read-project-bytes.ts';
import { buildProjectDownload, downloadFileName, hexHoldsProgram } from './download-project.ts';

const fileOf = (name: string, bytes: Uint8Array) => ({
  name,
  arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
});

const project = (name = 'Travel kit') => ({
  name,
  files: {
    ...newProjectFiles(name),
    'main.ts': 'basic.showString("Hi")\n',
    'main.blocks': '<xml xmlns="https://developers.google.com/blockly/xml"></xml>',
  },
});

const build = (input: Parameters<typeof buildProjectDownload>[0], format: 'hex' | 'png' | 'mkcd') =>
  buildProjectDownload(input, format, new ManualClock(), 'http://localhost:3000');

describe('Download', () => {
  it('names the file after the project, safely', () => {
    expect(downloadFileName('My game', 'hex')).toBe('My game.hex');
    expect(downloadFileName('a/b: c?', 'png')).toBe('a b c.png');
    expect(downloadFileName('  ', 'mkcd')).toBe('project.mkcd');
    expect(downloadFileName('..secret', 'hex')).toBe('secret.hex');
  });

  it.each(['hex', 'png', 'mkcd'] as const)(
    'writes a .%s with the project inside, which Import reads back',
    async (format) => {
      const input = project();
      const download = await build(input, format);
      expect(download.fileName).toBe(`Travel kit.${format}`);
      expect(readProject(download.bytes, { fileName: download.fileName }).files['main.ts']).toBe(
        'basic.showString("Hi")\n',
      );
      const imported = await importProjectFile(fileOf(download.fileName, download.bytes));
      if (!imported.ok) throw new Error(`not imported: ${imported.problem}`);
      expect(imported.projects.map((p) => p.name)).toEqual(['Travel kit']);
      expect(imported.projects[0]?.files).toMatchObject({ 'main.ts': input.files['main.ts'] });
    },
  );

  it('carries the current name after a rename, inside the file too', async () => {
    // The files still say "Travel kit" (a rename changes only the stored name).
    const renamed = { ...project('Travel kit'), name: 'Space kit' };
    for (const format of ['hex', 'png', 'mkcd'] as const) {
      const download = await build(renamed, format);
      expect(download.fileName).toBe(`Space kit.${format}`);
      const loaded = readProject(download.bytes, { fileName: download.fileName });
      expect(loaded.name).toBe('Space kit');
      expect(JSON.parse(loaded.files['pxt.json'] ?? '{}')).toMatchObject({ name: 'Space kit' });
    }
  });

  it('puts the thumbnail in the PNG when there is one', async () => {
    const image = createImage(30, 20);
    image.data.fill(200);
    const thumbnail = `data:image/png;base64,${encodeBase64(encodePng(image))}`;
    const withPicture = await build({ ...project(), thumbnail }, 'png');
    const without = await build(project(), 'png');
    expect(withPicture.mimeType).toBe('image/png');
    expect(withPicture.bytes).not.toEqual(without.bytes);
    expect(readProject(withPicture.bytes).files['main.ts']).toBe('basic.showString("Hi")\n');
  });

  it('says today’s .hex cannot run on the board, and would say so when it holds a program', async () => {
    const download = await build(project(), 'hex');
    expect(download.runnable).toBe(false);
    expect(hexHoldsProgram(download.bytes)).toBe(false);
    // A .hex with real code where the program goes (no marker) reads as runnable.
    const program = new Uint8Array(64).fill(0x70);
    expect(hexHoldsProgram(new TextEncoder().encode(writeIntelHex([{ address: 0x18000, data: program }])))).toBe(true);
    const marker = writeIntelHex([{ address: 0x18000, data: emptyProgramMarker(1024) }]);
    expect(hexHoldsProgram(new TextEncoder().encode(marker))).toBe(false);
    expect((await build(project(), 'png')).runnable).toBe(false);
  });
});

describe('Import', () => {
  it('explains a damaged .hex in plain words and creates nothing', async () => {
    const result = await importProjectFile(fileOf('broken.hex', new TextEncoder().encode(':10000000ZZ\n')));
    expect(result).toEqual({
      ok: false,
      problem: 'format',
      message: 'This .hex file is not valid.',
      code: 'hex-invalid',
      params: {},
    });
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
