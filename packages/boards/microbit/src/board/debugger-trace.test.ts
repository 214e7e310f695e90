// Slow motion (issue 18, spec 002 §3 `trace` / `traceConfig`) on a real board and real debug
// builds: each statement is reported before it runs and held for the interval, timers keep what
// was left, breakpoints still stop, and turning it off lets the program run at full speed.
import { MIN_TRACE_INTERVAL_MS, type TraceInfo } from '@blockyard/runtime';
import { describe, expect, it } from 'vitest';
import { debugBoard } from '../test/programs.ts';

function traceRun(source: string, interval: number) {
  const { program, clock, board, dbg, stops, serial, start } = debugBoard(source);
  const traces: TraceInfo[] = [];
  /** How many traces had come when each trace end was heard. */
  const ends: number[] = [];
  dbg.onTrace((info) => traces.push(info));
  dbg.onTraceEnd(() => ends.push(traces.length));
  dbg.setTrace(interval);
  start();
  /** The source line of each traced statement, in order. */
  const lines = () => traces.map((t) => program.statements![t.statementId]![1]);
  const statementOn = (line: number) => program.statements!.findIndex(([, l]) => l === line);
  return { program, clock, board, dbg, traces, stops, ends, serial, lines, statementOn };
}

const straight = `let a = 1
a += 2
a += 3
serial.writeValue("a", a)`;

describe('RuntimeDebugger slow motion', () => {
  it('reports each statement in order and holds it for the interval', () => {
    const run = traceRun(straight, 200);
    run.clock.advance(0);
    expect(run.lines()).toEqual([1]);
    run.clock.advance(199);
    expect(run.lines()).toEqual([1]);
    run.clock.advance(1);
    expect(run.lines()).toEqual([1, 2]);
    run.clock.advance(400);
    expect(run.lines()).toEqual([1, 2, 3, 4]);
    expect(run.serial).toEqual([]);
    run.clock.advance(200);
    expect(run.serial).toEqual(['a:6']);
    expect(run.traces.every((t) => t.fiber.name === 'main')).toBe(true);
    expect(run.stops).toHaveLength(0);
  });

  it('says the traced code ended when the fiber of the lit statement ends (the light goes out)', () => {
    const run = traceRun(
      `input.onButtonPressed(Button.A, function () {
    serial.writeLine("A")
})
serial.writeLine("go")`,
      100,
    );
    run.clock.advance(150);
    // Line 4 is lit and still to run: nothing ended yet.
    expect(run.lines()).toEqual([1, 4]);
    expect(run.ends).toEqual([]);
    run.clock.advance(1000);
    expect(run.serial).toEqual(['go']);
    expect(run.ends).toEqual([2]);
    run.board.click('A');
    run.clock.advance(500);
    expect(run.serial).toEqual(['go', 'A']);
    expect(run.lines()).toEqual([1, 4, 2]);
    expect(run.ends).toEqual([2, 3]);
  });

  it('keeps the light on while the lit fiber sleeps, though another fiber ends', () => {
    const run = traceRun(
      `basic.forever(function () {
    basic.pause(1000)
})
basic.pause(10)`,
      100,
    );
    run.clock.advance(5000);
    // Main ended while the forever loop's pause was the lit statement: that stays lit.
    expect(run.board.runtime.scheduler.fibers.map((f) => f.name)).toEqual(['forever']);
    expect(run.traces.at(-1)!.fiber.name).toBe('forever');
    expect(run.ends).toEqual([]);
  });

  it('goes through every iteration of a loop, statement by statement', () => {
    const run = traceRun(
      `let total = 0
for (let i = 0; i < 2; i++) {
    total += i
}
serial.writeValue("total", total)`,
      100,
    );
    run.clock.advance(2000);
    expect(run.lines()).toEqual([1, 2, 3, 3, 5]);
    expect(run.serial).toEqual(['total:1']);
  });

  it('holds the other fibers and their timers while a statement is held', () => {
    const run = traceRun(
      `let ticks = 0
basic.forever(function () {
    ticks += 1
    basic.pause(100)
})`,
      500,
    );
    run.clock.advance(3000);
    // Without slow motion the loop would have run ~25 times; each of its two statements is
    // held 500 ms and its pause(100) does not count while held.
    const forever = run.lines().filter((line) => line === 3).length;
    expect(forever).toBeGreaterThanOrEqual(2);
    expect(forever).toBeLessThanOrEqual(3);
  });

  it('still stops at a breakpoint, and slow motion goes on after the resume', () => {
    const run = traceRun(straight, 100);
    run.dbg.setBreakpoints([run.statementOn(3)]);
    run.clock.advance(1000);
    expect(run.stops).toHaveLength(1);
    expect(run.stops[0]).toMatchObject({ reason: 'breakpoint', statementId: run.statementOn(3) });
    expect(run.lines()).toEqual([1, 2]);
    run.dbg.resume();
    run.clock.advance(0);
    expect(run.lines()).toEqual([1, 2, 4]);
    run.clock.advance(100);
    expect(run.serial).toEqual(['a:6']);
  });

  it('a pause asked for while a statement is held stops at the next one', () => {
    const run = traceRun(straight, 100);
    run.clock.advance(0);
    run.dbg.pause();
    run.clock.advance(100);
    expect(run.stops).toHaveLength(1);
    expect(run.stops[0]).toMatchObject({ reason: 'pause', statementId: run.statementOn(2) });
  });

  it('turned off, lets the held statement go and the rest run at full speed', () => {
    const run = traceRun(straight, 1000);
    run.clock.advance(0);
    expect(run.lines()).toEqual([1]);
    run.dbg.setTrace(0);
    run.clock.advance(0);
    expect(run.serial).toEqual(['a:6']);
    expect(run.lines()).toEqual([1]);
    expect(run.board.runtime.exec.trap).toBe(0);
  });

  it('keeps the interval within its bounds and ignores nonsense', () => {
    const run = traceRun(straight, 1);
    expect(run.dbg.traceIntervalMs).toBe(MIN_TRACE_INTERVAL_MS);
    run.dbg.setTrace(Number.NaN);
    expect(run.dbg.traceIntervalMs).toBe(0);
    run.dbg.setTrace(1e9);
    expect(run.dbg.traceIntervalMs).toBe(5000);
  });

  it('a hold from outside is kept when the interval ends, and lifted by unhold', () => {
    const run = traceRun(straight, 100);
    run.clock.advance(0);
    run.dbg.hold();
    run.clock.advance(1000);
    expect(run.lines()).toEqual([1]);
    run.dbg.unhold();
    run.clock.advance(0);
    expect(run.lines()).toEqual([1, 2]);
  });
});
