import { describe, expect, it } from 'vitest';
import { BUTTON_EVENT, BUTTON_ID } from '../state/buttons.ts';
import { run, start } from '../test/programs.ts';

describe('input buttons', () => {
  it('runs the handler when the button is let go, as the device does', () => {
    const result = run(
      `input.onButtonPressed(Button.A, function () {
        basic.showString("A")
        serial.writeLine("pressed A")
      })`,
      { presses: [{ button: 'A', at: 500 }] },
    );
    // Down at 500, up (click) at 600, "A" shows still for 750 ms.
    expect(result.lines).toEqual(['1350 pressed A']);
    expect(result.leds).toContain('#');
  });

  it('tells A, B and A+B apart', () => {
    const result = run(
      `input.onButtonPressed(Button.A, () => serial.writeLine("A"))
      input.onButtonPressed(Button.B, () => serial.writeLine("B"))
      input.onButtonPressed(Button.AB, () => serial.writeLine("AB"))`,
      {
        presses: [
          { button: 'A', at: 100 },
          { button: 'B', at: 1000 },
          { button: 'AB', at: 2000 },
        ],
      },
    );
    expect(result.lines).toEqual(['200 A', '1100 B', '2100 AB']);
  });

  it('reports whether a button is held down right now', () => {
    const result = run(
      `basic.forever(function () {
        if (input.buttonIsPressed(Button.B)) serial.writeLine("B down")
        if (input.buttonIsPressed(Button.AB)) serial.writeLine("both down")
        basic.pause(50)
      })`,
      { presses: [{ button: 'B', at: 1000 }], holdMs: 100, timeMs: 2000 },
    );
    // The loop runs every 70 ms (…, 980, 1050, 1120); B is down during [1000, 1100).
    expect(result.lines).toEqual(['1050 B down']);
    const both = run('basic.forever(() => { if (input.buttonIsPressed(Button.AB)) serial.writeLine("both") })', {
      presses: [{ button: 'AB', at: 100 }],
      timeMs: 300,
    });
    expect(both.lines.length).toBeGreaterThan(0);
  });

  it('lets a program wait for a button in a loop without a pause (the loop still yields)', () => {
    const result = run(
      `function waitFor(button: Button) {
    while (!input.buttonIsPressed(button)) {
    }
}
waitFor(Button.A)
serial.writeValue("A at", control.millis())`,
      { presses: [{ button: 'A', at: 510 }] },
    );
    // The loop runs in 20 ms slices with 5 ms rests: it sees the button at the first slice after 510.
    expect(result.lines).toEqual(['525 A at:525']);
  });

  it('lets a busy handler queue at most 5 more presses and drops the rest', () => {
    const presses = Array.from({ length: 10 }, (_, i) => ({ button: 'A' as const, at: i * 10 }));
    const result = run(
      `let count = 0
      input.onButtonPressed(Button.A, function () {
        count += 1
        basic.pause(1000)
        serial.writeValue("handled", count)
      })`,
      { presses, holdMs: 5, timeMs: 10000 },
    );
    // One runs, five wait, four are dropped: six runs, one after another.
    expect(result.lines).toEqual([
      '1005 handled:1',
      '2005 handled:2',
      '3005 handled:3',
      '4005 handled:4',
      '5005 handled:5',
      '6005 handled:6',
    ]);
  });

  it('ignores presses before any handler is registered and replaces a handler registered twice', () => {
    const t = start(`input.onButtonPressed(Button.A, () => serial.writeLine("one"))
      input.onButtonPressed(Button.A, () => serial.writeLine("two"))`);
    t.advance(0);
    t.board.raise(BUTTON_ID.A, BUTTON_EVENT.CLICK);
    t.advance(0);
    expect(t.batches).toEqual(['0 "two                           \\r\\n"']);
  });
});
