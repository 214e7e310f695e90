import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { compile, rows, run } from '../test/programs.ts';
import { Board, RESET_DELAY_MS } from './board.ts';

describe('control.reset', () => {
  it('stops the program and starts it again from the top 500 ms later, running time from 0', () => {
    const result = run(
      `serial.writeValue("start", control.millis())
input.onButtonPressed(Button.A, function () {
    serial.writeLine("resetting")
    control.reset()
    serial.writeLine("never")
})`,
      { presses: [{ button: 'A', at: 1000 }], timeMs: 3000 },
    );
    expect(result.lines).toEqual(['0 start:0', '1100 resetting', `${1100 + RESET_DELAY_MS} start:0`]);
    expect(result.error).toBeUndefined();
  });

  it('forgets what the program set up (LEDs, handlers, game) but keeps files and sensors', () => {
    const clock = new ManualClock();
    const board = new Board({ clock });
    const lines: string[] = [];
    board.serial.onBatch((b) => lines.push(`${b.time} ${b.data.trim()}`));
    board.start(
      compile(`serial.setWriteLinePadding(0)
serial.writeValue("light", input.lightLevel())
led.setBrightness(10)
let s = game.createSprite(0, 0)
game.addScore(2)
serial.writeValue("score", game.score())
pins.digitalWritePin(DigitalPin.P0, 1)
input.onButtonPressed(Button.B, () => serial.writeLine("B"))
basic.pause(300)
control.reset()`),
    );
    board.files.write('notes.txt', 'kept');
    clock.advance(10);
    board.setState('lightLevel', 40);
    clock.advance(340);
    expect(board.display.rows()).toEqual(rows('.....', '.....', '.....', '.....', '.....').split('\n'));
    expect(board.display.brightness).toBe(255);
    expect(board.pins.get(0)!.mode).toBe('unused');
    expect(board.resets).toBe(1);
    // Between the reset and the restart nothing listens: the press is lost, as on the device.
    board.click('B');
    clock.advance(1000);
    expect(lines).toEqual(['0 light:128', '200 score:2', '800 light:40', '1000 score:2']);
    expect(board.files.read('notes.txt')).toBe('kept');
    // It resets again at 1100 (after its pause) and is dark until 1600.
    expect(board.runtime.running).toBe(false);
    clock.advance(300);
    expect(board.runtime.running).toBe(true);
  });

  it('reports errors of the restarted program and keeps a debugger attached', () => {
    const clock = new ManualClock();
    const board = new Board({ clock });
    const errors: string[] = [];
    board.onError((e) => errors.push(e.describe()));
    const resets: number[] = [];
    board.onReset(() => resets.push(clock.now()));
    board.start(
      compile(`let runs = 0
if (control.millis() > 100) {
    runs = 0
}
basic.pause(100)
control.reset()`),
    );
    const debug = { onStatement: () => undefined };
    board.runtime.exec.debug = debug;
    clock.advance(2000);
    expect(resets).toEqual([100, 700, 1300, 1900]);
    expect(board.runtime.exec.debug).toBe(debug);
    expect(errors).toEqual([]);
    board.stop();
    clock.advance(2000);
    expect(resets).toHaveLength(4);
  });
});
