import { describe, expect, it } from 'vitest';
import { rows, run, start } from '../test/programs.ts';

const text = (lines: string[]) => lines.map((l) => l.slice(l.indexOf(' ') + 1));

describe('led', () => {
  it('plots, unplots, toggles and reads single LEDs at x (column), y (row)', () => {
    const result = run(`serial.setWriteLinePadding(0)
led.plot(0, 0)
led.plot(4, 2)
led.plot(2, 4)
led.unplot(4, 2)
led.toggle(1, 1)
led.toggle(0, 0)
led.plot(7, 1)
serial.writeLine("" + led.point(1, 1) + led.point(0, 0) + led.point(4, 2) + led.point(9, 9))`);
    expect(result.leds).toBe(rows('.....', '.#...', '.....', '.....', '..#..'));
    expect(text(result.lines)).toEqual(['truefalsefalsefalse']);
  });

  it('plots with a brightness (greyscale from then on) and reads it back', () => {
    const t = start(`serial.setWriteLinePadding(0)
led.plotBrightness(1, 1, 100)
led.plotBrightness(2, 2, 300)
serial.writeNumbers([led.pointBrightness(1, 1), led.pointBrightness(2, 2), led.pointBrightness(3, 3), led.displayMode()])`);
    t.advance(0);
    expect(t.board.display.image.get(1, 1)).toBe(100);
    expect(t.board.display.mode).toBe('greyscale');
    expect(t.batches).toEqual(['0 "100,255,0,1\\r\\n"']);
  });

  it('inverts and fills the whole screen', () => {
    const result = run(`led.plot(0, 0)
led.toggleAll()`);
    expect(result.leds).toBe(rows('.####', '#####', '#####', '#####', '#####'));
    expect(run('led.plotAll()').leds).toBe(rows('#####', '#####', '#####', '#####', '#####'));
  });

  it('sets and reads the screen brightness, clamped to 0-255', () => {
    const result = run(`serial.setWriteLinePadding(0)
led.setBrightness(100)
serial.writeValue("b", led.brightness())
led.setBrightness(999)
serial.writeValue("b", led.brightness())
led.setBrightness(-5)
serial.writeValue("b", led.brightness())`);
    expect(text(result.lines)).toEqual(['b:100', 'b:255', 'b:0']);
  });

  it('switches display mode and turns the screen off and on', () => {
    const t = start(`led.setDisplayMode(DisplayMode.Greyscale)
led.plot(2, 2)
led.enable(false)`);
    t.advance(0);
    expect(t.board.display.mode).toBe('greyscale');
    expect(t.leds()).toBe(rows('.....', '.....', '.....', '.....', '.....'));
    expect(
      run('led.setDisplayMode(DisplayMode.BlackAndWhite)\nled.plot(2, 2)\nled.enable(false)\nled.enable(true)').leds,
    ).toBe(rows('.....', '.....', '..#..', '.....', '.....'));
  });

  it('stops a running animation: the waiting code goes on at once and the queue is dropped', () => {
    const result = run(`control.inBackground(function () {
    basic.showString("HELLO WORLD")
    serial.writeValue("text stopped", control.millis())
})
basic.pause(300)
led.stopAnimation()
basic.pause(1)
led.plot(0, 0)`);
    expect(result.lines).toEqual(['300 text stopped:300']);
    expect(result.leds?.split('\n')[0]?.[0]).toBe('#');
  });

  it('plots a bar graph from the bottom up and writes the value to serial', () => {
    const part = run('led.plotBarGraph(4, 10)');
    // 15 steps of 1/16 in rows of 3 (centre, then pairs outwards): 4/10 lights steps 0-6.
    expect(part.leds).toBe(rows('.....', '.....', '..#..', '#####', '#####'));
    expect(part.lines).toEqual(['0 4']);
    expect(run('led.plotBarGraph(10, 10)').leds).toBe(rows('#####', '#####', '#####', '#####', '#####'));
    expect(run('led.plotBarGraph(0, 10)').leds).toBe(rows('.....', '.....', '.....', '.....', '..#..'));
    expect(run('led.plotBarGraph(-10, 10, false)').lines).toEqual([]);
  });

  it('scales a bar graph without a maximum to the largest recent value', () => {
    const result = run(`led.plotBarGraph(40, 0)
basic.pause(100)
led.plotBarGraph(15, 0)`);
    expect(result.leds).toBe(rows('.....', '.....', '..#..', '#####', '#####'));
    const rescaled = run(
      `led.plotBarGraph(40, 0)
basic.pause(10500)
led.plotBarGraph(20, 0)`,
      { timeMs: 12000 },
    );
    expect(rescaled.leds).toBe(rows('#####', '#####', '#####', '#####', '#####'));
  });

  it('takes a screenshot as an image', () => {
    const result = run(`serial.setWriteLinePadding(0)
basic.showIcon(IconNames.Heart, 0)
let shot = led.screenshot()
basic.clearScreen()
serial.writeLine("" + shot.width() + shot.pixel(1, 0) + shot.pixel(0, 0))
shot.plotImage(0)`);
    expect(text(result.lines)).toEqual(['5truefalse']);
    expect(result.leds).toBe(rows('.#.#.', '#####', '#####', '.###.', '..#..'));
  });

  it('fades the screen out and in over the given time, in 50 ms steps', () => {
    const t = start(`led.fadeOut(500)
serial.writeValue("out", led.brightness())
led.fadeIn()
serial.writeValue("in", led.brightness())
led.setBrightness(200)
led.fadeOut(10)
serial.writeValue("quick", led.brightness())`);
    t.advance(250);
    const midway = t.board.display.brightness;
    expect(midway).toBeGreaterThan(100);
    expect(midway).toBeLessThan(155);
    t.advance(2000);
    // "quick" is written at 1200 too; the serial port sends it 200 ms after the previous batch.
    expect(t.batches.map((b) => b.split(' ')[0])).toEqual(['500', '1200', '1400']);
    expect(t.batches.join('')).toContain('out:0');
    expect(t.batches.join('')).toContain('in:255');
    expect(t.batches.join('')).toContain('quick:0');
  });
});
