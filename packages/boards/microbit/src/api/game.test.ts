import { describe, expect, it } from 'vitest';
import { LedImage } from '../images/led-image.ts';
import { rows, run, start } from '../test/programs.ts';

const text = (lines: string[]) => lines.map((l) => l.slice(l.indexOf(' ') + 1));
const blank = rows('.....', '.....', '.....', '.....', '.....');
const full = rows('#####', '#####', '#####', '#####', '#####');

describe('game sprites on the screen', () => {
  it('draws sprites at once in greyscale, adding up where they overlap, and redraws on moves', () => {
    const t = start(`let a = game.createSprite(2, 2)
let b = game.createSprite(0, 4)
b.set(LedSpriteProperty.Brightness, 100)
let c = game.createSprite(0, 4)
c.set(LedSpriteProperty.Brightness, 100)
basic.pause(500)
a.move(2)
a.turn(Direction.Left, 90)
a.move(1)`);
    t.advance(0);
    const display = t.board.display;
    expect(display.mode).toBe('greyscale');
    expect(t.leds()).toBe(rows('.....', '.....', '..#..', '.....', '#....'));
    expect(display.image.get(0, 4)).toBe(200);
    t.advance(500);
    expect(t.leds()).toBe(rows('.....', '....#', '.....', '.....', '#....'));
  });

  it('lets a learner wait in a loop and steer a sprite with the buttons', () => {
    const result = run(
      `let player = game.createSprite(2, 4)
input.onButtonPressed(Button.A, () => player.change(LedSpriteProperty.X, -1))
input.onButtonPressed(Button.B, () => player.change(LedSpriteProperty.X, 1))`,
      {
        presses: [
          { button: 'A', at: 100 },
          { button: 'A', at: 400 },
          { button: 'A', at: 700 },
          { button: 'B', at: 1000 },
        ],
        timeMs: 1500,
      },
    );
    expect(result.leds).toBe(rows('.....', '.....', '.....', '.....', '.#...'));
  });

  it('blinks a sprite with the given on/off time (the engine redraws every 50 ms)', () => {
    const t = start(`let s = game.createSprite(1, 1)
s.set(LedSpriteProperty.Blink, 200)`);
    t.advance(100);
    expect(t.board.display.image.get(1, 1)).toBe(255);
    t.advance(200);
    expect(t.board.display.image.get(1, 1)).toBe(0);
    t.advance(200);
    expect(t.board.display.image.get(1, 1)).toBe(255);
  });

  it('creates sprites with new game.LedSprite too, and deleted sprites disappear', () => {
    const result = run(`let a = new game.LedSprite(1, 1)
let b = game.createSprite(3, 3)
b.delete()
serial.writeLine("" + b.isDeleted() + a.isDeleted() + (game.invalidSprite() == null))`);
    expect(result.leds).toBe(rows('.....', '.#...', '.....', '.....', '.....'));
    expect(text(result.lines)).toEqual(['truefalsetrue']);
  });

  it('stops drawing while paused so other pictures can use the screen', () => {
    const t = start(`let s = game.createSprite(0, 0)
game.pause()
serial.writeLine("" + game.isPaused() + game.isRunning())
basic.showIcon(IconNames.Heart, 0)
basic.pause(500)
game.resume()
serial.writeLine("" + game.isPaused() + game.isRunning())`);
    t.advance(400);
    expect(t.leds()).toBe(rows('.#.#.', '#####', '#####', '.###.', '..#..'));
    t.advance(200);
    expect(t.leds()).toBe(rows('#....', '.....', '.....', '.....', '.....'));
    expect(t.batches.join('')).toContain('truefalse');
    expect(t.batches.join('')).toContain('falsetrue');
  });
});

describe('game score, lives and time', () => {
  it('keeps a score that never goes below 0, flashing the screen on each change', () => {
    const t = start(`serial.setWriteLinePadding(0)
let s = game.createSprite(4, 4)
game.addScore(3)
game.addScore(2)
serial.writeValue("score", game.score())
game.setScore(-4)
serial.writeValue("score", game.score())`);
    t.advance(0);
    // The flash runs in the background for 10 frames of 20 ms; the sprite waits.
    t.advance(1);
    expect(t.leds()).toBe(rows('.....', '.....', '..#..', '.....', '.....'));
    t.advance(300);
    expect(t.leds()).toBe(rows('.....', '.....', '.....', '.....', '....#'));
    expect(t.batches).toEqual(['0 "score:5\\r\\n"', '200 "score:0\\r\\n"']);
  });

  it('has 3 lives, loses them with a cross, and ends the game at 0', () => {
    const t = start(`serial.setWriteLinePadding(0)
serial.writeValue("life", game.life())
game.addLife(2)
serial.writeValue("life", game.life())
game.removeLife(1)
serial.writeValue("life", game.life())
game.setLife(1)
game.removeLife(1)
serial.writeLine("never")`);
    t.advance(0);
    // Losing a life shows a cross in the background (the game-over sequence waits for it).
    expect(t.leds()).toBe(rows('#...#', '.#.#.', '..#..', '.#.#.', '#...#'));
    t.advance(250);
    expect(t.batches.join('').match(/life:\d/g)).toEqual(['life:3', 'life:5', 'life:4']);
    t.advance(5000);
    expect(t.batches.join('')).not.toContain('never');
  });

  it('plays the device game-over sequence: 8 flashes, a wipe, GAMEOVER and the score, for ever', () => {
    const t = start(`game.setScore(7)
game.gameOver()
serial.writeLine("never")`);
    t.advance(50);
    expect(t.leds()).toBe(blank);
    t.advance(100);
    expect(t.leds()).toBe(full);
    t.advance(250);
    expect(t.leds()).toBe(blank);
    // 8 × (100 ms dark + 300 ms lit) = 3200 ms, then the wipe (10 × 100 ms) starts lit.
    t.advance(3200 - 400);
    expect(t.leds()).toBe(full);
    t.advance(850);
    expect(t.leds()).toBe(rows('.....', '.....', '.....', '.....', '....#'));
    // " GAMEOVER " scrolls from 4200 ms (10 x 6 + 8 = 68 steps of 100 ms), then " SCORE "
    // (7 x 6 + 8 = 50 steps), then 7.
    t.advance(4200 + 6800 + 5000 + 100 - 4050);
    expect(t.leds()).toBe(LedImage.fromText('7').toRows().join('\n'));
    expect(t.batches).toEqual([]);
    expect(t.errors).toEqual([]);
    t.advance(60000);
    expect(t.board.runtime.running).toBe(true);
  });

  it('during game over, A and B do nothing and A+B restarts the program', () => {
    const result = run(
      `serial.writeLine("start")
input.onButtonPressed(Button.A, () => serial.writeLine("A"))
game.gameOver()`,
      {
        presses: [
          { button: 'A', at: 500 },
          { button: 'AB', at: 1000 },
        ],
        timeMs: 2000,
      },
    );
    // Released at 1100, the board restarts 500 ms later.
    expect(result.lines).toEqual(['0 start', '1600 start']);
  });

  it('counts down after the countdown animation and then ends the game', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
game.startCountdown(1000)
serial.writeValue("countdown from", control.millis())
basic.pause(400)
serial.writeValue("left", game.currentTime())
basic.forever(function () {
    if (game.isGameOver()) {
        serial.writeValue("over", control.millis())
        basic.pause(100000)
    }
    basic.pause(100)
})`,
      { timeMs: 6000 },
    );
    // 9 frames of 400 ms, then 1000 ms of countdown.
    expect(text(result.lines)).toEqual(['countdown from:3600', 'left:600', 'over:4600']);
  });

  it('runs a stopwatch and counts levels', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
basic.pause(300)
game.startStopwatch()
basic.pause(250)
serial.writeValue("elapsed", game.currentTime())
serial.writeValue("level", game.level())
game.levelUp()
serial.writeValue("level", game.level())
serial.writeValue("after", control.millis())`,
      { timeMs: 10000 },
    );
    // "LEVEL:" scrolls (6 x 6 + 8 = 44 steps of 150 ms), then "2" stays 5 × 150 ms.
    expect(text(result.lines)).toEqual(['elapsed:250', 'level:1', 'level:2', `after:${550 + 44 * 150 + 750}`]);
  });

  it('shows the score', () => {
    const result = run('game.setScore(4)\ngame.showScore()\nserial.writeValue("done", control.millis())', {
      timeMs: 10000,
    });
    // " SCORE " at 100 ms per step (7 x 6 + 8 = 50), "4" still for 750 ms, " " still for 750 ms.
    expect(text(result.lines)).toEqual([`done:${5000 + 750 + 750}`]);
  });
});
