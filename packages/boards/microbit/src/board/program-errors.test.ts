import { describe, expect, it } from 'vitest';
import { run } from '../test/programs.ts';

describe('runtime errors in learner programs', () => {
  it('reports a null dereference at its line', () => {
    const result = run(`let name: string = null
basic.showString("hi", 1)
serial.writeNumber(name.length)`);
    expect(result.error?.message).toBe('Dereferencing null/undefined value.');
    expect(result.error?.position?.line).toBe(3);
    expect(result.error?.describe()).toBe('Dereferencing null/undefined value. at line 3');
  });

  it('stops deep recursion with "Stack overflow"', () => {
    const result = run(`function dive(n: number): number {
    return dive(n + 1) + 1
}
serial.writeLine("start")
dive(0)`);
    expect(result.error?.message).toBe('Stack overflow');
    // Reported where the call one too deep is made.
    expect(result.error?.describe()).toBe('Stack overflow at line 2');
    expect(result.lines).toEqual(['0 start']);
  });

  it('stops recursion that branches without end, which no stack limit catches', () => {
    const result = run(
      `function grow(n: number): number {
    return n == 0 ? 1 : grow(n - 1) + grow(n - 1)
}
serial.writeValue("grow", grow(40))`,
      { limits: { runawayWorkUnits: 2_000_000 } },
    );
    expect(result.error?.kind).toBe('runaway');
    expect(result.error?.message).toMatch(/computed for too long without a pause/);
  });

  it('allows recursion within the stack limit', () => {
    const result = run(`function sum(n: number): number { return n == 0 ? 0 : n + sum(n - 1) }
serial.writeValue("sum", sum(90))`);
    expect(result.error).toBeUndefined();
    expect(result.lines).toEqual(['0 sum:4095']);
  });

  it('keeps time moving when a loop never pauses: the runtime yields every 20 ms', () => {
    const started = Date.now();
    const result = run(
      `basic.forever(function () {
    serial.writeValue("t", control.millis())
    basic.pause(1000)
})
let x = 0
while (true) {
    x += 1
}`,
      { timeMs: 3000 },
    );
    expect(result.error).toBeUndefined();
    // The busy main loop is preempted every 20 ms of work and rests 5 ms; the forever loop still
    // gets its turns, a little late.
    expect(result.lines.map((l) => l.split(' ')[1])).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops a list that grows without bound with an out-of-memory error', () => {
    const result = run(
      `let list: number[] = []
while (true) {
    list.push(list.length)
}`,
      { timeMs: 60000, limits: { memoryLimitBytes: 8 * 1024 * 1024 } },
    );
    expect(result.error?.kind).toBe('out-of-memory');
    expect(result.error?.describe()).toBe('Out of memory: the program tried to use more than 8 MB. at line 3');
  });

  it('stops a list filled by index without bound', () => {
    const result = run(
      `let list: number[] = []
let i = 0
while (true) {
    list[i] = i
    i += 1
}`,
      { timeMs: 60000, limits: { memoryLimitBytes: 4 * 1024 * 1024 } },
    );
    expect(result.error?.describe()).toBe('Out of memory: the program tried to use more than 4 MB. at line 4');
  });

  it('stops a string that doubles without bound', () => {
    const result = run(`let text = "ab"
basic.forever(function () {
    text = text + text
})`);
    expect(result.error?.kind).toBe('out-of-memory');
    expect(result.error?.position?.line).toBe(3);
  });

  it('stops a list of lists before it fills the memory', () => {
    const result = run(
      `let grid: number[][] = []
for (let i = 0; i < 10000000; i++) {
    grid.push([1, 2, 3, 4, 5, 6, 7, 8])
}`,
      { timeMs: 60000, limits: { memoryLimitBytes: 4 * 1024 * 1024 } },
    );
    expect(result.error?.kind).toBe('out-of-memory');
  });

  it('reports values the program throws and lets it catch its own', () => {
    expect(run('throw "game over"').error?.describe()).toBe('game over at line 1');
    const caught = run('try { throw "oops" } catch (e) { serial.writeLine("caught " + e) }');
    expect(caught.lines).toEqual(['0 caught oops']);
  });
});
