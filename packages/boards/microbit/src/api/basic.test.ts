import { describe, expect, it } from 'vitest';
import { arrowImage, iconCount, iconImage, iconNames } from '../images/icons.ts';
import { LedImage } from '../images/led-image.ts';
import { rows, run, start } from '../test/programs.ts';

const blank = rows('.....', '.....', '.....', '.....', '.....');
const glyph = (char: string) => LedImage.fromText(char).toRows().join('\n');

/** The columns a scroll of `text` brings in, as the firmware does: 2 blank, the text, 6 blank. */
function scrollTrack(text: string): LedImage {
  const glyphs = LedImage.fromText(text);
  const track = new LedImage(glyphs.width + 8);
  glyphs.copyTo(0, glyphs.width, track, 2);
  return track;
}

/** What the screen shows when the first `end` columns of `image` have scrolled in. */
function window(image: LedImage, end: number): string {
  const screen = new LedImage(5);
  image.copyTo(end - 5, 5, screen, 0);
  return screen.toRows().join('\n');
}

describe('basic.showNumber', () => {
  it('shows a single digit without scrolling, then waits 5 intervals (750 ms)', () => {
    const t = start('basic.showNumber(7)\nserial.writeLine("after")');
    t.advance(0);
    expect(t.leds()).toBe(glyph('7'));
    t.advance(749);
    expect(t.batches).toEqual([]);
    t.advance(1);
    expect(t.batches).toEqual(['750 "after                         \\r\\n"']);
    expect(t.leds()).toBe(glyph('7'));
  });

  it('scrolls longer numbers one column per 150 ms until they have left the screen', () => {
    const track = scrollTrack('42'); // 2 + 11 + 6 = 19 columns, then the end: 20 steps
    const t = start('basic.showNumber(42)\nserial.writeLine("done")');
    t.advance(0);
    expect(t.leds()).toBe(blank);
    t.advance(150 * 3);
    expect(t.leds()).toBe(window(track, 3));
    expect(t.leds()).toBe(rows('.....', '.....', '....#', '....#', '.....'));
    t.advance(150 * 4);
    expect(t.leds()).toBe(window(track, 7));
    expect(t.leds()).toBe(glyph('4'));
    t.advance(150 * 13 - 1);
    expect(t.batches).toEqual([]);
    t.advance(1);
    expect(t.batches[0]).toMatch(/^3000 "done/);
    expect(t.leds()).toBe(blank);
  });

  it('rounds to two decimals, shows negative numbers scrolling and NaN as "?"', () => {
    expect(run('basic.showNumber(3.14159)\nserial.writeLine("x")').lines).toEqual([`${(6 * 4 + 8) * 150} x`]);
    expect(run('basic.showNumber(-1)\nserial.writeLine("x")').lines).toEqual([`${20 * 150} x`]);
    expect(run('basic.showNumber(0/0)', { timeMs: 100 }).leds).toBe(glyph('?'));
  });
});

describe('basic.showString', () => {
  it('scrolls text at 150 ms per column and waits until it is done', () => {
    const track = scrollTrack('Hi');
    const t = start('basic.showString("Hi")\nserial.writeLine("done")');
    t.advance(0);
    expect(t.leds()).toBe(blank);
    t.advance(150 * 3);
    expect(t.leds()).toBe(window(track, 3));
    t.advance(150 * 5);
    expect(t.leds()).toBe(window(track, 8));
    t.advance(150 * 12 - 1);
    expect(t.batches).toEqual([]);
    t.advance(1);
    expect(t.batches[0]).toMatch(/^3000 "done/);
  });

  it('keeps the old picture for one interval, then shifts it two columns before the text', () => {
    // The firmware's order, seen in QEMU: a scroll over a lit picture moves the picture first.
    const t = start('basic.showIcon(IconNames.Square)\nbasic.showString("Hi")');
    const square = rows('#####', '#...#', '#...#', '#...#', '#####');
    t.advance(600 + 149);
    expect(t.leds()).toBe(square);
    t.advance(1);
    expect(t.leds()).toBe(rows('####.', '...#.', '...#.', '...#.', '####.'));
    t.advance(150);
    expect(t.leds()).toBe(rows('###..', '..#..', '..#..', '..#..', '###..'));
    t.advance(150);
    expect(t.leds()).toBe(rows('##..#', '.#..#', '.#..#', '.#..#', '##..#'));
  });

  it('honours the interval and shows one character still for 5 intervals', () => {
    expect(run('basic.showString("Hi", 100)\nserial.writeLine("x")').lines).toEqual(['2000 x']);
    expect(run('basic.showString("A")\nserial.writeLine("x")').lines).toEqual(['750 x']);
    expect(run('basic.showString("A", 0)\nserial.writeLine("x")').lines).toEqual(['5 x']);
    const one = run('basic.showString("A")', { timeMs: 10 });
    expect(one.leds).toBe(glyph('A'));
  });

  it('clears the screen and waits for empty text', () => {
    const result = run('basic.showIcon(IconNames.Heart)\nbasic.showString("")\nserial.writeLine("x")');
    expect(result.lines).toEqual(['1350 x']);
    expect(result.leds).toBe(blank);
  });

  it('queues a second text behind the first, as the display shows one thing at a time', () => {
    const result = run(
      `control.inBackground(function () { basic.showString("AB") })
       basic.showString("CD")
       serial.writeLine("main done")`,
      { timeMs: 10000 },
    );
    // "CD" takes (2 x 6 + 8) x 150 ms and starts first; "AB" waits, then takes as long again.
    expect(result.lines).toEqual(['3000 main done']);
  });
});

describe('basic pictures', () => {
  it('shows leds at once and waits 400 ms (or the given interval)', () => {
    const t = start(`basic.showLeds(\`
      # . . . #
      . # . # .
      . . # . .
      . # . # .
      # . . . #
      \`)
      serial.writeLine("a")
      basic.showLeds(\`
      . . . . .
      . . . . .
      . . # . .
      . . . . .
      . . . . .
      \`, 100)
      serial.writeLine("b")`);
    t.advance(0);
    expect(t.leds()).toBe(rows('#...#', '.#.#.', '..#..', '.#.#.', '#...#'));
    t.advance(400);
    expect(t.leds()).toBe(rows('.....', '.....', '..#..', '.....', '.....'));
    t.advance(300);
    expect(t.batches.map((b) => b.split(' ')[0])).toEqual(['400', '600']);
  });

  it('draws every IconNames picture and waits 600 ms', () => {
    expect(iconCount).toBe(iconNames.length);
    for (let icon = 0; icon < iconCount; icon++) {
      const result = run(`basic.showIcon(${icon})\nserial.writeLine("x")`);
      expect(result.leds, iconNames[icon]).toBe(iconImage(icon).toRows().join('\n'));
      expect(result.lines).toEqual(['600 x']);
    }
    expect(run('basic.showIcon(IconNames.Heart)').leds).toBe(rows('.#.#.', '#####', '#####', '.###.', '..#..'));
    expect(run('basic.showIcon(IconNames.Happy, 100)\nserial.writeLine("x")').lines).toEqual(['100 x']);
  });

  it('draws arrows by compass direction', () => {
    expect(run('basic.showArrow(ArrowNames.North)').leds).toBe(rows('..#..', '.###.', '#.#.#', '..#..', '..#..'));
    for (let direction = 0; direction < 8; direction++) {
      expect(run(`basic.showArrow(${direction})`).leds).toBe(arrowImage(direction).toRows().join('\n'));
    }
    expect(run('basic.showArrow(ArrowNames.East, 50)\nserial.writeLine("x")').lines).toEqual(['50 x']);
  });

  it('plays animations frame by frame and plots without waiting', () => {
    const t = start(`basic.showAnimation(\`
      # . . . . . . . . #
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      \`, 200)
      serial.writeLine("shown")
      basic.plotLeds(\`
      . . . . .
      . . . . .
      . . . . .
      . . . . .
      # # # # #
      \`)
      serial.writeLine("plotted")`);
    t.advance(0);
    expect(t.leds().split('\n')[0]).toBe('#....');
    t.advance(200);
    expect(t.leds().split('\n')[0]).toBe('....#');
    t.advance(200);
    expect(t.leds().split('\n')[4]).toBe('#####');
    t.advance(200);
    // Both lines are written at 400 ms; the serial port sends at most one batch per 200 ms.
    expect(t.batches.map((b) => b.split(' ')[0])).toEqual(['400', '600']);
  });

  it('clears the screen at once', () => {
    expect(run('basic.showIcon(IconNames.Heart, 0)\nbasic.clearScreen()').leds).toBe(blank);
  });
});

describe('forever and pause', () => {
  it('waits 20 ms between runs of a forever body', () => {
    const result = run(`let n = 0
      basic.forever(function () { n += 1 })
      control.inBackground(function () {
        basic.pause(1000)
        serial.writeValue("n", n)
      })`);
    // Runs at 0, 20, …, 980: 50 runs before the background fiber wakes at 1000.
    expect(result.lines).toEqual(['1000 n:50']);
  });

  it('interleaves forever loops and pauses on the virtual clock', () => {
    const result = run(
      `let ticks = 0
      basic.forever(function () {
        ticks += 1
        basic.pause(100)
      })
      basic.forever(function () {
        serial.writeValue("ticks", ticks)
        basic.pause(480)
      })`,
      { timeMs: 1100 },
    );
    // The first loop ticks every 120 ms (100 pause + 20); the second reports every 500 ms.
    expect(result.lines).toEqual(['0 ticks:1', '500 ticks:5', '1000 ticks:9']);
  });

  it('treats pause(0) and negative pauses as a yield, and the global pause/forever work too', () => {
    const result = run(`let n = 0
      forever(function () { n++; pause(-5) })
      control.inBackground(function () { pause(100); serial.writeValue("n", n) })`);
    expect(result.lines).toHaveLength(1);
    expect(result.error).toBeUndefined();
  });
});
