import { describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';

const workspace = (files: Record<string, string>) => tempWorkspace('compile', files);

describe('blockyard compile', () => {
  it('exits 0 and prints nothing for a clean program', async () => {
    const cwd = workspace({ 'blink.ts': 'basic.forever(function () {\n  basic.showIcon(IconNames.Heart)\n})\n' });
    expect(await runCli(['compile', 'blink.ts'], cwd)).toEqual({ code: 0, out: '', err: '' });
  });

  it('prints each diagnostic as file:line:col message and exits 1', async () => {
    const cwd = workspace({
      'src/bad.ts': 'let n: number = "five"\nbasic.showNumber(n)\nbasic.showNumbr(1)\n',
    });
    const result = await runCli(['compile', 'src/bad.ts'], cwd);
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      "src/bad.ts:1:5 Type 'string' is not assignable to type 'number'.\n" +
        "src/bad.ts:3:7 Property 'showNumbr' does not exist on type 'typeof basic'. Did you mean 'showNumber'?\n",
    );
  });

  it('compiles a project folder: the .ts files pxt.json lists, main.ts last', async () => {
    const cwd = workspace({
      'proj/pxt.json': JSON.stringify({
        name: 'p',
        dependencies: { core: '*' },
        files: ['main.blocks', 'main.ts', 'custom.ts'],
      }),
      'proj/custom.ts': 'function greet() { basic.showString("hi") }\n',
      'proj/main.ts': 'greet()\nlet x: string = 1\n',
    });
    const result = await runCli(['compile', 'proj'], cwd);
    expect(result.code).toBe(1);
    expect(result.out).toBe("proj/main.ts:2:5 Type 'number' is not assignable to type 'string'.\n");
  });

  it('explains a missing file, a folder that is not a project, and a wrong file type', async () => {
    const cwd = workspace({ 'notes.txt': 'x', 'empty/readme.md': '', 'broken/pxt.json': '{ nope' });
    const missing = await runCli(['compile', 'nothing.ts'], cwd);
    expect(missing).toMatchObject({ code: 1, out: '' });
    expect(missing.err).toContain('cannot find nothing.ts');
    expect((await runCli(['compile', 'empty'], cwd)).err).toContain(
      'empty is not a project folder: it has no pxt.json.',
    );
    expect((await runCli(['compile', 'notes.txt'], cwd)).err).toContain('notes.txt is not a .ts or .py file');
    expect((await runCli(['compile', 'broken'], cwd)).err).toContain('broken/pxt.json is not valid JSON');
    const noMain = workspace({ 'p/pxt.json': '{"files":["custom.ts"]}', 'p/custom.ts': '' });
    expect((await runCli(['compile', 'p'], noMain)).err).toContain('p is not a project folder: it has no main.ts.');
  });
});
