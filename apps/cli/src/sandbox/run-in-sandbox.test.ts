import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeMessages } from '@blockyard/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
