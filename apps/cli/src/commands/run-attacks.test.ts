import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeMessages } from '@blockyard/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';

// Issue 21: programs a hostile learner or a stranger's .hex could bring to `blockyard run`
// (test-fixtures/attacks/). Each must end with a clear error, and nothing may be written.

const attacks = fileURLToPath(new URL('../../test-fixtures/attacks/', import.meta.url));
const attack = (name: string) => readFileSync(join(attacks, name), 'utf8');
const written = [join(tmpdir(), 'blockyard-attack-written.txt'), '/tmp/blockyard-attack-written.txt'];
const nothingWritten = () => {
  for (const file of written) expect(existsSync(file), `${file} exists`).toBe(false);
};

beforeEach(() => {
  for (const file of written) rmSync(file, { force: true });
});
afterEach(() => {
  for (const file of written) rmSync(file, { force: true });
});

/** The attack as a project folder, packed into a .hex, unpacked again elsewhere: a file someone sent. */
async function throughHex(source: string): Promise<{ cwd: string; dir: string }> {
  const cwd = tempWorkspace('attack-hex', {
    'project/pxt.json': JSON.stringify({ name: 'Nice game', dependencies: { core: '*' }, files: ['main.ts'] }),
    'project/main.ts': source,
  });
  expect((await runCli(['pack', 'project', '-o', 'nice-game.hex'], cwd)).code).toBe(0);
  expect((await runCli(['unpack', 'nice-game.hex', '-o', 'received'], cwd)).code).toBe(0);
  expect(readFileSync(join(cwd, 'received', 'main.ts'), 'utf8')).toBe(source);
  return { cwd, dir: 'received' };
}

describe('blockyard run against hostile programs', () => {
  it("refuses the issue's constructor escape at compile time, directly and from a .hex", async () => {
    const source = attack('constructor-escape.ts');
    const direct = await runCli(['run', 'main.ts'], tempWorkspace('attack', { 'main.ts': source }));
    expect(direct.code).toBe(1);
    expect(direct.out).toMatch(/^main\.ts:2:22 Programs cannot use "constructor": it reaches into JavaScript itself/);
    expect(direct.out).not.toContain('done');
    const { cwd, dir } = await throughHex(source);
    const received = await runCli(['run', dir], cwd);
    expect(received.code).toBe(1);
    expect(received.out).toContain('Programs cannot use "constructor"');
    nothingWritten();
  });

  it('stops the same escape built from keys at run time, directly and from a .hex', async () => {
    const source = attack('computed-key-escape.ts');
    const expected = `error: ${runtimeMessages.forbiddenProperty('constructor')} at line 4\n`;
    const direct = await runCli(['run', 'main.ts'], tempWorkspace('attack', { 'main.ts': source }));
    expect(direct.code).toBe(1);
    expect(direct.out.endsWith(expected)).toBe(true);
    const { cwd, dir } = await throughHex(source);
    const received = await runCli(['run', dir], cwd);
    expect(received.code).toBe(1);
    expect(received.out.endsWith(expected)).toBe(true);
    nothingWritten();
  });

  it('stops a loop in a sort comparator with the runaway error instead of hanging', async () => {
    const started = Date.now();
    const result = await runCli(['run', 'main.ts'], tempWorkspace('attack', { 'main.ts': attack('sort-spin.ts') }));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^start\n--- board 1 leds\n/);
    expect(result.out.endsWith(`error: ${runtimeMessages.runaway} at line 5\n`)).toBe(true);
    expect(result.out).not.toContain('never');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it.each([
    [
      'a callback called from a constructor',
      'class Box {\n    constructor(fill: () => void) { fill() }\n}\nnew Box(() => {\n    while (true) { }\n})\n',
      5,
    ],
    [
      'a getter calling a looping function',
      'function spin() {\n    while (true) { }\n}\nclass Box {\n    get size() { spin(); return 1 }\n}\nlet size = new Box().size\n',
      2,
    ],
    [
      'toString, called by a string join',
      'class Box {\n    toString() {\n        while (true) { }\n        return "box"\n    }\n}\nserial.writeLine("a " + new Box())\n',
      3,
    ],
  ])('stops a loop in %s too', async (_name, source, line) => {
    const result = await runCli(['run', 'main.ts'], tempWorkspace('attack', { 'main.ts': source }));
    expect(result.code).toBe(1);
    expect(result.out.endsWith(`error: ${runtimeMessages.runaway} at line ${line}\n`)).toBe(true);
  });

  it('stops a spin inside the engine at --timeout, with what was printed before and a clear error', async () => {
    const result = await runCli(
      ['run', 'main.ts', '--timeout', '1.5'],
      tempWorkspace('attack', { 'main.ts': attack('regex-spin.ts') }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^start\n--- board 1 leds\n/);
    expect(result.out).toContain(`error: ${runtimeMessages.runaway}\n`);
    expect(result.err).toBe(
      'error: the run was stopped after 1.5 s of real time (--timeout), before its --time was over: ' +
        'the program computed without a pause.\n',
    );
  });

  it('explains a --timeout it cannot use', async () => {
    const result = await runCli(['run', 'main.ts', '--timeout', 'soon'], tempWorkspace('attack', { 'main.ts': '' }));
    expect(result).toMatchObject({ code: 1, out: '' });
    expect(result.err).toBe('error: --timeout "soon" must be a number of seconds of real time, as in --timeout 30.\n');
  });
});
