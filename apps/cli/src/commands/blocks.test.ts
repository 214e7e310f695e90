import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';

const workspace = (files: Record<string, string>) => tempWorkspace('blocks', files);

const program = [
  'input.onButtonPressed(Button.A, function () {',
  '    basic.showString("Hello!")',
  '})',
  'let count = 0',
  'class Counter {',
  '}',
  'basic.forever(function () {',
  '    count += 1',
  '})',
  '',
].join('\n');

describe('blockyard decompile and blocks2ts', () => {
  it('decompile prints the blocks XML on stdout and the grey block count on stderr, exit 0', async () => {
    const cwd = workspace({ 'main.ts': program });
    const result = await runCli(['decompile', 'main.ts'], cwd);
    expect(result.code).toBe(0);
    expect(result.err).toBe('grey blocks: 1\n');
    expect(result.out).toMatch(/^<xml xmlns="https:\/\/developers.google.com\/blockly\/xml">/);
    expect(result.out).toContain('<block type="device_button_event"');
    expect(result.out).toContain('<block type="typescript_statement"');
    expect(result.out).toContain('line0="class Counter {"');
  });

  it('blocks2ts turns the decompiled blocks back into the same program', async () => {
    const cwd = workspace({ 'main.ts': program });
    const blocks = await runCli(['decompile', 'main.ts'], cwd);
    writeFileSync(join(cwd, 'main.blocks'), blocks.out);
    expect(await runCli(['blocks2ts', 'main.blocks'], cwd)).toEqual({ code: 0, out: program, err: '' });
  });

  it('explains files it cannot use and exits 1', async () => {
    const cwd = workspace({ 'notes.txt': 'x', 'bad.blocks': '<xml><block type="a"></xml>', 'html.blocks': '<html/>' });
    expect(await runCli(['decompile', 'missing.ts'], cwd)).toMatchObject({ code: 1, out: '' });
    expect(await runCli(['decompile', 'bad.blocks'], cwd)).toMatchObject({ code: 1, out: '' });
    expect((await runCli(['decompile', 'bad.blocks'], cwd)).err).toBe(
      'error: bad.blocks holds blocks, not code: use "blockyard blocks2ts" for it, or give a TypeScript or JavaScript file (such as main.ts).\n',
    );
    expect((await runCli(['blocks2ts', 'notes.txt'], cwd)).err).toBe(
      'error: notes.txt does not hold blocks (Blockly XML starts with <xml>): give a blocks file (Blockly XML, such as main.blocks).\n',
    );
    const bad = await runCli(['blocks2ts', 'bad.blocks'], cwd);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('bad.blocks: The blocks file is not valid XML');
    expect((await runCli(['blocks2ts', 'html.blocks'], cwd)).err).toContain('its root element is <html>, not <xml>');
  });

  it('reads files by content, whatever their names, and standard input for -', async () => {
    const cwd = workspace({ 'program.js': program, 'x.xml': '', notes: 'basic.showNumber(1)\n' });
    const blocks = await runCli(['decompile', 'program.js'], cwd);
    expect(blocks).toMatchObject({ code: 0, err: 'grey blocks: 1\n' });
    writeFileSync(join(cwd, 'x.xml'), blocks.out);
    expect(await runCli(['blocks2ts', 'x.xml'], cwd)).toEqual({ code: 0, out: program, err: '' });
    expect((await runCli(['decompile', 'notes'], cwd)).code).toBe(0);
    const stdin = (text: string) => () => Promise.resolve(new TextEncoder().encode(text));
    expect(await runCli(['blocks2ts', '-'], cwd, stdin(blocks.out))).toEqual({ code: 0, out: program, err: '' });
    expect(await runCli(['decompile', '-'], cwd, stdin(program))).toEqual({ ...blocks, code: 0 });
    expect(await runCli(['blocks2ts', '-'], cwd, stdin('let x = 1'))).toMatchObject({
      code: 1,
      err: 'error: standard input does not hold blocks (Blockly XML starts with <xml>): give a blocks file (Blockly XML, such as main.blocks).\n',
    });
  });

  it('refuses binary, empty and XML input to decompile, saying what it is', async () => {
    const cwd = workspace({ 'empty.ts': '  \n', 'page.ts': '<!DOCTYPE html><html></html>' });
    writeFileSync(join(cwd, 'game.hex'), Uint8Array.of(0x3a, 0x31, 0, 0xff));
    expect((await runCli(['decompile', 'game.hex'], cwd)).err).toBe(
      'error: game.hex is not text (perhaps a .hex or an image): give a TypeScript or JavaScript file (such as main.ts).\n',
    );
    expect((await runCli(['decompile', 'empty.ts'], cwd)).err).toContain('empty.ts is empty');
    expect((await runCli(['decompile', 'page.ts'], cwd)).err).toContain('page.ts is XML or HTML, not code');
    expect((await runCli(['blocks2ts', 'game.hex'], cwd)).code).toBe(1);
  });

  it('blocks2ts warns about blocks that are not connected to an event', async () => {
    const xml =
      '<xml xmlns="https://developers.google.com/blockly/xml"><block type="device_clear_display" x="10" y="10"/></xml>';
    const result = await runCli(['blocks2ts', 'stray.blocks'], workspace({ 'stray.blocks': xml }));
    expect(result).toMatchObject({ code: 0, out: '' });
    expect(result.err).toContain('warning: A "device_clear_display" block is not inside an event or "on start"');
  });
});
