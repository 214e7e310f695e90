// How a debugger plugs into a run (the debugger itself comes later): compile with
// `{ debug: true }`, set `runtime.exec.debug`, and pause at a statement by returning a Waitable.
import { ManualClock } from '@blockyard/core';
import { Signal } from '@blockyard/runtime';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createMicrobitCompiler } from '../compiler.ts';
import { Board } from './board.ts';

describe('debugger hooks', () => {
  it('stops before a statement on a breakpoint line and goes on when resumed', () => {
    const program = createMicrobitCompiler(ts).compile(
      {
        'main.ts': `let x = 1
function bump() {
    x += 1
}
bump()
serial.writeValue("x", x)`,
      },
      { debug: true },
    ).program!;
    const clock = new ManualClock();
    const board = new Board({ clock });
    const resume = new Signal();
    const hits: number[] = [];
    board.runtime.exec.debug = {
      onStatement(id) {
        const [, line] = program.statements![id]!;
        if (line !== 3) return undefined;
        hits.push(clock.now());
        return resume.wait();
      },
    };
    const sent: string[] = [];
    board.serial.onBatch((batch) => sent.push(batch.data.trim()));
    board.start(program);
    clock.advance(100);
    expect(hits).toEqual([0]);
    expect(sent).toEqual([]);
    expect(board.runtime.scheduler.fibers.map((f) => `${f.name} ${f.state}`)).toEqual(['main waiting']);
    resume.notifyAll();
    clock.advance(0);
    expect(sent).toEqual(['x:2']);
  });
});
