// The runtime debugger on a real board and real debug builds (issue 18): every transition
// (breakpoint, pause, resume, step over / into / out, exception) and stepping through loops,
// recursion, event handlers and across basic.pause.
import type { BreakInfo } from '@blockyard/runtime';
import { describe, expect, it } from 'vitest';
import { debugBoard } from '../test/programs.ts';

function debugRun(source: string, breakLines: readonly number[] = []) {
  const { program, clock, board, dbg, stops, serial, start } = debugBoard(source);
  const statementsOn = (line: number) =>
    program.statements!.flatMap(([, l], id) => (l === line ? [id] : [])).slice(0, 1);
  dbg.setBreakpoints(breakLines.flatMap(statementsOn));
  start();
  const lastLine = () => stops.at(-1)?.frames[0]?.line;
  const vars = (list: BreakInfo['locals']) => Object.fromEntries(list.map((v) => [v.name, v.value]));
  return { program, clock, board, dbg, stops, serial, lastLine, vars, statementsOn };
}

const loopProgram = `let total = 0
for (let i = 0; i < 3; i++) {
    total += i
}
serial.writeValue("total", total)`;

describe('RuntimeDebugger', () => {
  it('stops at a breakpoint in a loop with the values of that iteration, and goes on when resumed', () => {
    const run = debugRun(loopProgram, [3]);
    run.clock.advance(10);
    expect(run.stops).toHaveLength(1);
    const first = run.stops[0]!;
    expect(first).toMatchObject({ reason: 'breakpoint', fiber: { name: 'main' } });
    expect(first.frames[0]).toEqual({
      name: 'on start',
      block: { key: 'onStart', text: 'on start' },
      file: 'main.ts',
      line: 3,
      column: 5,
    });
    expect(run.vars(first.locals)).toEqual({ i: '0' });
    expect(run.vars(first.globals)).toEqual({ total: '0' });
    expect(run.dbg.halted).toBe(first);
    run.dbg.resume();
    expect(run.dbg.halted).toBeUndefined();
    run.clock.advance(10);
    expect(run.stops).toHaveLength(2);
    expect(run.vars(run.stops[1]!.locals)).toEqual({ i: '1' });
    run.dbg.setBreakpoints([]);
    run.dbg.resume();
    run.clock.advance(10);
    expect(run.stops).toHaveLength(2);
    expect(run.serial).toEqual(['total:3']);
  });

  it('holds every fiber while halted: nothing else runs, sleeps keep what was left', () => {
    const run = debugRun(
      `let ticks = 0
basic.forever(function () {
    ticks += 1
    basic.pause(100)
})
basic.pause(250)
serial.writeValue("ticks", ticks)`,
      [7],
    );
    run.clock.advance(300);
    expect(run.stops).toHaveLength(1);
    expect(run.vars(run.stops[0]!.globals)).toEqual({ ticks: '3' });
    // Halted at t=250. The forever loop ran at 0, 120 and 240 (20 ms between runs), so its
    // pause(100) had 90 ms left; that sleep must not fire while halted.
    const forever = run.board.runtime.scheduler.fibers.find((f) => f.name === 'forever')!;
    expect(forever.sleepLeft).toBe(90);
    run.clock.advance(5000);
    expect(forever.state).toBe('sleeping');
    expect(run.vars(run.stops[0]!.globals)).toEqual({ ticks: '3' });
    run.dbg.setBreakpoints([]);
    run.dbg.resume();
    expect(forever.wakeAt).toBe(run.clock.now() + 90);
    run.clock.advance(0);
    expect(run.serial).toEqual(['ticks:3']);
    run.dbg.pause();
    run.clock.advance(89 + 20);
    expect(run.stops).toHaveLength(1);
    run.clock.advance(1);
    expect(run.stops).toHaveLength(2);
    expect(run.stops[1]).toMatchObject({ reason: 'pause', fiber: { name: 'forever' } });
    expect(run.stops[1]!.frames[0]?.line).toBe(3);
  });

  it('steps over a function call, into it, and out of it', () => {
    const source = `let x = 1
function bump(n: number) {
    let y = n * 2
    x += y
    return y
}
bump(3)
bump(4)
serial.writeValue("x", x)`;
    const run = debugRun(source, [7]);
    run.clock.advance(0);
    expect(run.lastLine()).toBe(7);
    run.dbg.step('over');
    run.clock.advance(0);
    expect(run.stops.at(-1)).toMatchObject({ reason: 'step' });
    expect(run.lastLine()).toBe(8);
    expect(run.vars(run.stops.at(-1)!.globals)).toEqual({ x: '7' });
    run.dbg.step('into');
    run.clock.advance(0);
    expect(run.lastLine()).toBe(3);
    expect(run.stops.at(-1)!.frames.map((f) => [f.name, f.line])).toEqual([
      ['bump', 3],
      ['on start', 8],
    ]);
    expect(run.vars(run.stops.at(-1)!.locals)).toEqual({ n: '4' });
    run.dbg.step('over');
    run.clock.advance(0);
    expect(run.lastLine()).toBe(4);
    expect(run.vars(run.stops.at(-1)!.locals)).toEqual({ n: '4', y: '8' });
    run.dbg.step('out');
    run.clock.advance(0);
    expect(run.lastLine()).toBe(9);
    expect(run.stops.at(-1)!.frames).toHaveLength(1);
    expect(run.serial).toEqual([]);
    run.dbg.resume();
    run.clock.advance(0);
    expect(run.serial).toEqual(['x:15']);
  });

  it('shows the whole call stack of a recursion', () => {
    const run = debugRun(
      `function fact(n: number): number {
    if (n <= 1) {
        return 1
    }
    let rest = fact(n - 1)
    return n * rest
}
serial.writeValue("f", fact(4))`,
      [3],
    );
    run.clock.advance(0);
    const stop = run.stops[0]!;
    expect(stop.frames.map((f) => `${f.name}:${f.line}`)).toEqual([
      'fact:3',
      'fact:5',
      'fact:5',
      'fact:5',
      'on start:8',
    ]);
    expect(run.vars(stop.locals)).toEqual({ n: '1' });
    run.dbg.step('out');
    run.clock.advance(0);
    expect(run.stops[1]!.frames.map((f) => `${f.name}:${f.line}`)).toEqual([
      'fact:6',
      'fact:5',
      'fact:5',
      'on start:8',
    ]);
    expect(run.vars(run.stops[1]!.locals)).toEqual({ n: '2', rest: '1' });
    run.dbg.resume();
    run.clock.advance(0);
    expect(run.serial).toEqual(['f:24']);
  });

  it('steps across basic.pause: the next stop waits until the pause is over', () => {
    const run = debugRun(
      `let x = 0
basic.pause(1000)
x = 2
serial.writeValue("x", x)`,
      [2],
    );
    run.clock.advance(0);
    expect(run.lastLine()).toBe(2);
    run.dbg.step('over');
    run.clock.advance(999);
    expect(run.stops).toHaveLength(1);
    run.clock.advance(1);
    expect(run.stops).toHaveLength(2);
    expect(run.lastLine()).toBe(3);
    expect(run.board.runningTime()).toBe(1000);
  });

  it('stops in an event handler on its own fiber, and a step past its end stops at the next statement', () => {
    const run = debugRun(
      `let presses = 0
input.onButtonPressed(Button.A, function () {
    presses += 1
})
basic.forever(function () {
    basic.pause(500)
})`,
      [3],
    );
    run.clock.advance(100);
    expect(run.stops).toHaveLength(0);
    run.board.click('A');
    run.clock.advance(200);
    expect(run.stops).toHaveLength(1);
    const stop = run.stops[0]!;
    expect(stop.reason).toBe('breakpoint');
    expect(stop.fiber.name).toBe('on button A pressed');
    expect(stop.frames.map((f) => f.name)).toEqual(['on button A pressed']);
    // Also as a message key and the block's choice, for the editor to say in the learner's words.
    const block = { key: 'onButtonPressed', values: { button: 'A' }, text: 'on button A pressed' };
    expect(stop.fiber.block).toEqual(block);
    expect(stop.frames[0]!.block).toEqual(block);
    expect(run.vars(stop.globals)).toEqual({ presses: '0' });
    run.dbg.setBreakpoints([]);
    run.dbg.step('over');
    run.clock.advance(1000);
    // The handler ended: the step ends at the next statement of any fiber (the forever loop).
    expect(run.stops).toHaveLength(2);
    expect(run.stops[1]).toMatchObject({ reason: 'step', fiber: { name: 'forever' } });
    expect(run.vars(run.stops[1]!.globals)).toEqual({ presses: '1' });
  });

  it('names frames as the learner knows them: methods by their class, handlers by their block', () => {
    const run = debugRun(
      `class Sprite {
    x = 0
    move() {
        this.x += 1
    }
}
let s = new Sprite()
function bump() {
    s.move()
}
input.onButtonPressed(Button.B, bump)
basic.forever(function () {
    s.move()
    basic.pause(1000)
})`,
      [4],
    );
    run.clock.advance(0);
    expect(run.stops[0]!.frames.map((f) => `${f.name}:${f.line}`)).toEqual(['Sprite.move:4', 'forever:13']);
    run.dbg.resume();
    run.clock.advance(10);
    run.board.click('B');
    run.clock.advance(200);
    expect(run.stops).toHaveLength(2);
    expect(run.stops[1]!.fiber.name).toBe('on button B pressed');
    expect(run.stops[1]!.frames.map((f) => f.name)).toEqual(['Sprite.move', 'bump']);
  });

  it('expands lists and objects while halted, and forgets them on resume', () => {
    const run = debugRun(
      `let list = [1, 2, 3]
let name = "micro:bit"
basic.pause(10)`,
      [3],
    );
    run.clock.advance(0);
    const globals = run.stops[0]!.globals;
    const list = globals.find((v) => v.name === 'list')!;
    expect(list).toMatchObject({ value: '[1, 2, 3]', type: 'list' });
    expect(globals.find((v) => v.name === 'name')).toMatchObject({ value: '"micro:bit"', type: 'string', ref: 0 });
    expect(run.dbg.variables(list.ref).map((v) => `${v.name}=${v.value}`)).toEqual(['0=1', '1=2', '2=3']);
    run.dbg.resume();
    expect(run.dbg.variables(list.ref)).toEqual([]);
  });

  it('reports an uncaught runtime error as an exception stop with its message and stack', () => {
    const run = debugRun(`function down(n: number): number {
    return down(n + 1) + 1
}
down(0)`);
    run.clock.advance(100);
    const stop = run.stops.at(-1)!;
    expect(stop.reason).toBe('exception');
    expect(stop.exceptionMessage).toBe('Stack overflow');
    expect(stop.frames[0]).toMatchObject({ name: 'down', file: 'main.ts', line: 2 });
    expect(stop.exceptionStack).toMatch(/^at down \(main\.ts:2:\d+\)/);
    // Nothing to step from: a step after an exception just leaves the halted state.
    run.dbg.step('over');
    expect(run.dbg.halted).toBeUndefined();
  });

  it('costs nothing while it watches nothing: the trap is down without breakpoints or steps', () => {
    const run = debugRun(loopProgram);
    expect(run.board.runtime.exec.trap).toBe(0);
    run.dbg.setBreakpoints(run.statementsOn(3));
    expect(run.board.runtime.exec.trap).toBe(1);
    run.dbg.setBreakpoints([]);
    expect(run.board.runtime.exec.trap).toBe(0);
    run.clock.advance(10);
    expect(run.stops).toEqual([]);
    expect(run.serial).toEqual(['total:3']);
    run.dbg.detach();
    expect(run.board.runtime.exec.debug).toBeNull();
  });

  it("runs a helper's plain twin while nothing is watched, and stops in it once a breakpoint is set", () => {
    const run = debugRun(`let beats = 0
function bump(by: number): number {
    return beats + by
}
basic.forever(function () {
    beats = bump(2)
    basic.pause(100)
})`);
    // The helper that a release build would not make wait also exists as a plain function.
    expect(run.program.js).toContain('function $$plain_bump(by)');
    run.clock.advance(250);
    expect(run.stops).toEqual([]);
    run.dbg.setBreakpoints(run.statementsOn(3));
    run.clock.advance(200);
    expect(run.stops).toHaveLength(1);
    expect(run.stops[0]!.frames.map((f) => f.name)).toEqual(['bump', 'forever']);
    expect(run.vars(run.stops[0]!.locals)).toEqual({ by: '2' });
    expect(run.vars(run.stops[0]!.globals)).toEqual({ beats: '6' });
  });

  it('goes past a breakpoint in code that cannot wait (a sort comparator), as a release build runs it', () => {
    const run = debugRun(
      `let list = [3, 1, 2]
list.sort(function (a, b) {
    return a - b
})
serial.writeValue("first", list[0])`,
      [3],
    );
    run.clock.advance(100);
    expect(run.stops).toEqual([]);
    expect(run.board.error).toBeUndefined();
    expect(run.serial).toEqual(['first:1']);
  });

  it('a pause asked for while the program waits stops at the first statement that runs', () => {
    const run = debugRun(`let n = 0
input.onButtonPressed(Button.B, function () {
    n = 5
})`);
    run.clock.advance(100);
    run.dbg.pause();
    run.clock.advance(1000);
    expect(run.stops).toHaveLength(0);
    run.board.click('B');
    run.clock.advance(200);
    expect(run.stops).toHaveLength(1);
    expect(run.stops[0]).toMatchObject({ reason: 'pause' });
    expect(run.lastLine()).toBe(3);
    run.dbg.resume();
    run.clock.advance(0);
    expect(run.vars(run.stops[0]!.globals)).toEqual({ n: '0' });
  });
});
