import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import type { RuntimeError } from '../errors/runtime-error.ts';
import type { Waiting } from '../exec/wait.ts';
import { functionHeaderLines } from './load-program.ts';
import type { ProgramImage } from './program-image.ts';
import { Runtime } from './runtime.ts';

/** A hand-written program in the shape the compiler emits (one statement per line). */
function image(lines: string[], hostNames: string[] = []): ProgramImage {
  const prologue = `const { ${hostNames.join(', ')} } = $api;`;
  const js = [prologue, 'return function* $main() {', ...lines, '};'].join('\n');
  // Generated line i+3 holds learner line i+1.
  const positions = { files: ['main.ts'], lines: [[], [], ...lines.map((_, i) => [0, 0, i + 1, 1])] };
  return { js, positions, hostNames };
}

function run(program: ProgramImage, api: Record<string, unknown> = {}, ms = 1000) {
  const clock = new ManualClock();
  const runtime = new Runtime({ clock });
  const errors: RuntimeError[] = [];
  runtime.onError((error) => errors.push(error));
  runtime.start(program, api);
  clock.advance(ms);
  return { runtime, errors, clock };
}

describe('Runtime', () => {
  it('runs the main fiber with the built-ins and the host API', () => {
    const seen: unknown[] = [];
    const { runtime, errors } = run(
      image(
        ['host.log(Math.max(2, 3) + randint(1, 1));', 'yield* host.wait(100);', 'host.log($rt.depth);'],
        ['host', 'Math', 'randint'],
      ),
      {
        host: {
          log: (v: unknown) => seen.push(v),
          *wait(ms: number): Waiting {
            yield ms;
          },
        },
      },
    );
    expect(errors).toEqual([]);
    expect(seen).toEqual([4, 0]);
    expect(runtime.status).toBe('running');
  });

  it('stops with the learner line of a null dereference', () => {
    const { runtime, errors } = run(image(['let x = null;', 'let y = 1;', 'y = x.size;']));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('Dereferencing null/undefined value.');
    expect(errors[0]!.position).toEqual({ file: 'main.ts', line: 3, column: 1 });
    expect(errors[0]!.describe()).toBe('Dereferencing null/undefined value. at line 3');
    expect(runtime.status).toBe('failed');
  });

  it('reports a program that needs an API the board lacks', () => {
    const { errors } = run(image(['radio.sendNumber(1);'], ['radio']));
    expect(errors[0]!.kind).toBe('missing-api');
    expect(errors[0]!.message).toContain('radio');
  });

  it('notifies when the top level finishes and stops cleanly', () => {
    const clock = new ManualClock();
    const runtime = new Runtime({ clock });
    let mainDone = false;
    const statuses: string[] = [];
    runtime.onStatus((s) => statuses.push(s));
    runtime.onMainDone(() => (mainDone = true));
    runtime.start(image(['let a = 1;']), {});
    clock.advance(0);
    expect(mainDone).toBe(true);
    runtime.stop();
    expect(statuses).toEqual(['running', 'stopped']);
    expect(() => runtime.start(image([]), {})).toThrow(/one program/);
  });

  it('creates buffers within the memory budget only', () => {
    const runtime = new Runtime({ clock: new ManualClock(), limits: { memoryLimitBytes: 1024 } });
    expect(runtime.createBuffer(16).length).toBe(16);
    expect(() => runtime.createBuffer(4096)).toThrow(/Out of memory/);
  });

  it('measures the engine header of evaluated functions', () => {
    expect(functionHeaderLines()).toBeGreaterThanOrEqual(0);
  });
});
