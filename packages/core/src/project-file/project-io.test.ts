import { describe, expect, it } from 'vitest';
import { messageOf } from '../../test/fixtures/format-error-message.ts';
import { goldenDir, makecodeDir, readBaseline, sampleProject } from '../../test/fixtures/baselines.ts';
import { FormatError } from '../formats/format-error.ts';
import { encodeLzma } from '../compression/lzma-encoder.ts';
import type { ProjectFormat } from '../project/loaded-project.ts';
import {
  detectProjectFormat,
  formatFromFileName,
  MAX_PROJECT_FILE_BYTES,
  PROJECT_FORMATS,
  readProject,
  writeProject,
  writeProjectAsync,
} from './project-io.ts';
import { writeProjectJson } from './project-file.ts';

const files = sampleProject();
const encoder = new TextEncoder();

describe('reading and writing project files', () => {
  it.each(PROJECT_FORMATS)('round-trips .%s, synchronously and asynchronously alike', async (format) => {
    const bytes = writeProject(files, format);
    expect(await writeProjectAsync(files, format)).toEqual(bytes);
    const project = readProject(bytes, { fileName: `heart.${format}` });
    expect(project.files).toEqual(files);
    expect(project.format).toBe(format);
    expect(project.name).toBe('Heart beat');
  });

  it('writes exactly the golden files', () => {
    const golden: [string, ProjectFormat][] = [
      ['sample.hex', 'hex'],
      ['sample.uf2', 'uf2'],
      ['sample.png', 'png'],
      ['sample.mkcd', 'mkcd'],
      ['sample.json', 'json'],
    ];
    for (const [name, format] of golden) expect(writeProject(files, format)).toEqual(readBaseline(goldenDir, name));
    expect(writeProject(files, 'hex', { board: 'v1' })).toEqual(readBaseline(goldenDir, 'sample-v1.hex'));
  });

  it('refuses to write what could not be read back', async () => {
    expect(messageOf(() => writeProject({ 'main.ts': '' }, 'hex'))).toBe(
      'This project has no pxt.json, so it cannot be saved.',
    );
    expect(messageOf(() => writeProject({ ...files, 'pxt.json': '{' }, 'png'))).toBe('Syntax error in pxt.json');
    expect(messageOf(() => writeProject({ ...files, '../x': '' }, 'json'))).toBe(
      'The file name "../x" is not allowed in a project: it points outside the project folder (..).',
    );
    await expect(writeProjectAsync({ 'main.ts': '' }, 'uf2')).rejects.toThrow(FormatError);
  });

  it('writes a .json project as a plain, readable files map', () => {
    expect(JSON.parse(writeProjectJson(files))).toEqual(files);
    expect(writeProjectJson(files).endsWith('}\n')).toBe(true);
  });

  it.each([
    ['v1.hex', 'hex'],
    ['universal.hex', 'hex'],
    ['project.uf2', 'uf2'],
    ['project.mkcd', 'mkcd'],
    ['project.png', 'png'],
  ] as const)('opens MakeCode %s', (name, format) => {
    const project = readProject(readBaseline(makecodeDir, name), { fileName: name });
    expect(project.format).toBe(format);
    expect(project.files).toEqual(files);
  });

  it('opens .mkcd and .json in every shape: compressed or not, {meta, source} or a bare map', () => {
    const hexFile = JSON.stringify({ meta: { name: 'x' }, source: JSON.stringify(files) });
    expect(readProject(encoder.encode(hexFile), { fileName: 'a.json' }).files).toEqual(files);
    expect(readProject(encodeLzma(encoder.encode(JSON.stringify(files))), { fileName: 'a.mkcd' }).files).toEqual(files);
    expect(readProject(encoder.encode('\uFEFF' + JSON.stringify(files)), { fileName: 'a.mkcd' }).format).toBe('mkcd');
  });

  it('goes by content first, then by name', () => {
    const hex = writeProject(files, 'hex');
    expect(detectProjectFormat(hex, 'renamed.png')).toBe('hex');
    expect(detectProjectFormat(writeProject(files, 'uf2'), 'x.hex')).toBe('uf2');
    expect(detectProjectFormat(writeProject(files, 'mkcd'), 'x.mkcd')).toBe('mkcd');
    expect(detectProjectFormat(writeProject(files, 'mkcd'), 'x.bin')).toBe('mkcd');
    expect(detectProjectFormat(readBaseline(makecodeDir, 'project.mkcd'))).toBe('mkcd');
    expect(detectProjectFormat(new Uint8Array(40), 'x.bin')).toBeNull();
    expect(formatFromFileName('Project.HEX')).toBe('hex');
    expect(formatFromFileName('notes.txt')).toBeNull();
  });

  it('refuses unknown and oversized files with a message naming the file', () => {
    expect(messageOf(() => readProject(new Uint8Array([1, 2, 3]), { fileName: 'photo.jpg' }))).toBe(
      "Blockyard can't open photo.jpg: choose a .hex, .uf2, .png, .mkcd or .json project file.",
    );
    expect(messageOf(() => readProject(new Uint8Array(MAX_PROJECT_FILE_BYTES + 1), { fileName: 'a.hex' }))).toBe(
      'This file is too large to be a project.',
    );
  });

  it('uses each format’s own message for a bad file', () => {
    const bad = encoder.encode('garbage that is no project');
    expect(messageOf(() => readProject(bad, { fileName: 'a.hex' }))).toBe('This .hex file is not valid.');
    expect(messageOf(() => readProject(bad, { fileName: 'a.uf2' }))).toBe('This .uf2 file is not valid.');
    expect(messageOf(() => readProject(bad, { fileName: 'a.png' }))).toBe('Invalid encoded PNG format');
    expect(messageOf(() => readProject(bad, { fileName: 'a.mkcd' }))).toBe('This project file is not valid.');
    expect(messageOf(() => readProject(encoder.encode('{"a": 1}'), { fileName: 'a.json' }))).toBe(
      'This project file is not valid.',
    );
    expect(messageOf(() => readProject(encoder.encode('{"main.ts": "x"}'), { fileName: 'a.json' }))).toBe(
      'This project file is not valid.',
    );
    expect(
      messageOf(() => readProject(encoder.encode('{"../evil": "x", "pxt.json": "{}"}'), { fileName: 'a.json' })),
    ).toBe('The file name "../evil" is not allowed in a project: it points outside the project folder (..).');
  });
});
