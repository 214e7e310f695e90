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
    expect((await runCli(['decompile', 'notes.txt'], cwd)).err).toContain('notes.txt is not a .ts file');
    const bad = await runCli(['blocks2ts', 'bad.blocks'], cwd);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('bad.blocks: The blocks file is not valid XML');
    expect((await runCli(['blocks2ts', 'html.blocks'], cwd)).err).toContain('its root element is <html>, not <xml>');
  });

  it('blocks2ts warns about blocks that are not connected to an event', async () => {
    const xml =
      '<xml xmlns="https://developers.google.com/blockly/xml"><block type="device_clear_display" x="10" y="10"/></xml>';
    const result = await runCli(['blocks2ts', 'stray.blocks'], workspace({ 'stray.blocks': xml }));
    expect(result).toMatchObject({ code: 0, out: '' });
    expect(result.err).toContain('warning: A "device_clear_display" block is not inside an event or "on start"');
  });
});
