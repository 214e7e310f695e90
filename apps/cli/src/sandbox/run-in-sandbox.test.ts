import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeMessages } from '@blockyard/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { loadTypeScript } from '../typescript.ts';
import { type SandboxRunOptions, runInSandbox, sandboxNodeFlags, sandboxRunnerSource } from './run-in-sandbox.ts';

// Issue 21 item 1a: the sandbox must hold even if the compiler's checks were bypassed, so these
// tests feed it program bodies by hand (test-fixtures/attacks/emitted/), as a compiler without
// the checks would emit them.

const fixtures = fileURLToPath(new URL('../../test-fixtures/attacks/emitted/', import.meta.url));
const written = [join(tmpdir(), 'blockyard-attack-written.txt'), '/tmp/blockyard-attack-written.txt'];

function job(file: string, overrides: Partial<SandboxRunOptions> = {}): SandboxRunOptions {
  const js = readFileSync(join(fixtures, file), 'utf8');
  const lines = js.split('\n').length;
  return {
    program: {
      js,
      // Every line of the body is line N of main.ts, so errors can be placed.
      positions: { files: ['main.ts'], lines: Array.from({ length: lines }, (_, i) => [0, 0, i + 1, 1]) },
      hostNames: ['serial'],
    },
    boards: 1,
    timeMs: 1000,
    presses: [],
    settings: [],
    serialInput: [],
    audio: false,
    timeLimitMs: 20_000,
    ...overrides,
  };
}

const texts = (lines: { text: string }[]) => lines.map((line) => line.text);

beforeEach(() => {
  for (const file of written) rmSync(file, { force: true });
});
afterEach(() => {
  for (const file of written) rmSync(file, { force: true });
});

describe('the sandbox of blockyard run', () => {
  it("stops the issue's attack when it reaches the sandbox uncompiled: nothing is written", async () => {
    const { report } = await runInSandbox(job('constructor-escape.js'));
    expect(report.boards[0]!.error?.message).toMatch(/Code generation from strings disallowed/);
    expect(texts(report.lines)).not.toContain('done');
    for (const file of written) expect(existsSync(file)).toBe(false);
  });

  it('gives a program nothing of Node and no Function that runs text, whichever object it starts from', async () => {
    const { report } = await runInSandbox(job('probe-reach.js'));
    expect(report.boards[0]!.error).toBeUndefined();
    expect(texts(report.lines)).toEqual([
      'process -> undefined',
      'require -> undefined',
      'module -> undefined',
      'fetch -> undefined',
      'WebAssembly -> undefined',
      'SharedArrayBuffer -> undefined',
      'Atomics -> undefined',
      'console -> undefined',
      'setTimeout -> undefined',
      'eval -> refused: EvalError',
      'Function of a value -> refused: EvalError',
      'Function of the global object -> refused: EvalError',
      'Function of $rt -> refused: EvalError',
      'Function of $h -> refused: EvalError',
      'Function of $api -> refused: EvalError',
      'Function of the main generator -> refused: EvalError',
      'blockyardSandbox replaced -> refused: TypeError',
      'end',
    ]);
  });

  it('refuses import(): nothing is loaded, nothing written', async () => {
    const { report } = await runInSandbox(job('dynamic-import.js'));
    expect(texts(report.lines)).toEqual(['asked']);
    for (const file of written) expect(existsSync(file)).toBe(false);
  });

  it('interrupts a program spinning where no check runs, at the real-time limit, keeping what it printed', async () => {
    const started = Date.now();
    const { report } = await runInSandbox(job('spin-native.js', { timeLimitMs: 1500 }));
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(report.interrupted).toBe(true);
    expect(texts(report.lines)).toEqual(['before the spin']);
    expect(report.boards[0]!.error).toEqual({ kind: 'runaway', message: runtimeMessages.runaway });
  });

  it('interrupts a flood of promise jobs as well', async () => {
    const { report } = await runInSandbox(job('microtask-flood.js', { timeLimitMs: 1500 }));
    expect(report.interrupted).toBe(true);
    expect(texts(report.lines)).toEqual(['flooding']);
  });

  it('runs the board from a bundle that uses no Node API and no host global', async () => {
    const runner = await sandboxRunnerSource();
    expect(runner).not.toMatch(/\brequire\(|\bimport\(|node:/);
    expect(runner).toContain('blockyardSandbox');
  });
});

// The compiler's output, from each JavaScript back end, in the sandbox: the run-time halves of
// the protections (computed keys, strict mode, runaway checks, the memory budget) must hold
// whichever emitter printed the program (the IR's is the default).
describe.each(['ir', 'transform'] as const)('compiled programs in the sandbox (%s emitter)', (emitter) => {
  const compiler = createMicrobitCompiler(loadTypeScript());
  const attack = (name: string) =>
    readFileSync(fileURLToPath(new URL(`../../test-fixtures/attacks/${name}`, import.meta.url)), 'utf8');
  const compiled = (source: string, overrides: Partial<SandboxRunOptions> = {}): SandboxRunOptions => {
    const files = { 'main.ts': source };
    const lowered = compiler.lower(files);
    // Each program here is one the IR prints (not one it hands to the transformer).
    expect(lowered.diagnostics.filter((d) => d.code === 9100)).toEqual([]);
    const program = compiler.compile(files, { emitter }).program;
    if (!program) throw new Error('does not compile');
    return { ...job('probe-reach.js'), program, ...overrides };
  };

  it('stops the escape built from keys at run time: nothing is written', async () => {
    const { report } = await runInSandbox(compiled(attack('computed-key-escape.ts')));
    expect(report.boards[0]!.error).toMatchObject({
      kind: 'forbidden',
      message: runtimeMessages.forbiddenProperty('constructor'),
      position: { line: 4 },
    });
    expect(texts(report.lines)).toEqual([]);
    for (const file of written) expect(existsSync(file)).toBe(false);
  });

  it('stops loops on synchronous paths with the runaway error, before the real-time limit', async () => {
    for (const [source, line] of [
      [attack('sort-spin.ts'), 5],
      [
        'class Box {\n    toString() {\n        while (true) { }\n        return "box"\n    }\n}\nserial.writeLine("a " + new Box())\n',
        3,
      ],
    ] as const) {
      const { report } = await runInSandbox(compiled(source));
      expect(report.interrupted).toBeFalsy();
      expect(report.boards[0]!.error).toMatchObject({ kind: 'runaway', position: { line } });
    }
  });

  it('runs strict code: a plain call never gets the global object as this', async () => {
    const ran = await runInSandbox(compiled('function me(): any { return this }\nserial.writeLine(typeof me())'));
    expect(texts(ran.report.lines)).toEqual(['undefined']);
  });

  it('ends a program holding buffers past the budget with "out of memory"', async () => {
    const source =
      'let kept: Buffer[] = []\nfor (let i = 0; i < 70; i++) {\n    kept.push(pins.createBuffer(60000000))\n}\nserial.writeNumber(kept.length)\n';
    const { report } = await runInSandbox(compiled(source, { timeMs: 5000 }));
    expect(report.boards[0]!.error?.message).toMatch(/^Out of memory/);
    expect(texts(report.lines)).toEqual([]);
  });
});

describe('the sandbox process, the wall behind the context', () => {
  // Were a program to get out of its context into the process's own, this is what it would meet.
  const escaped = `
    const fs = require('node:fs');
    const tries = {
      write: () => fs.writeFileSync(${JSON.stringify(written[0])}, 'x'),
      read: () => fs.readFileSync('/etc/hostname'),
      spawn: () => require('node:child_process').execSync('true'),
      worker: () => new (require('node:worker_threads').Worker)('1', { eval: true }),
      eval: () => eval('1 + 1'),
      env: () => { if (Object.keys(process.env).length > 0) return 'has ' + Object.keys(process.env).join(','); throw new Error('empty'); },
    };
    const out = {};
    for (const [name, action] of Object.entries(tries)) {
      try { action(); out[name] = 'allowed'; } catch (error) { out[name] = error.code || error.name || error.message; }
    }
    process.stdout.write(JSON.stringify(out));
  `;

  it('may not write or read files, start processes or workers, evaluate text, or see the environment', () => {
    const result = spawnSync(process.execPath, [...sandboxNodeFlags(), '-e', escaped], { env: {}, encoding: 'utf8' });
    expect(JSON.parse(result.stdout)).toEqual({
      write: 'ERR_ACCESS_DENIED',
      read: 'ERR_ACCESS_DENIED',
      spawn: 'ERR_ACCESS_DENIED',
      worker: 'ERR_ACCESS_DENIED',
      eval: 'EvalError',
      env: 'Error',
    });
    for (const file of written) expect(existsSync(file)).toBe(false);
  });
});
