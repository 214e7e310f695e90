// The single-LED sprite game engine of one running program: score, lives, countdown and
// stopwatch, the sprites, and the device's sequences (score flash, life lost, game over).
// Like the device it paints the sprites itself: on the first sprite it switches the screen to
// greyscale and starts a loop that redraws every 50 ms (30 ms pause + forever's 20 ms); a sprite
// change redraws at once. While another animation holds the screen the sprites wait their turn.
import type { Waiting } from '@blockyard/runtime';
import { showText } from '../api/basic.ts';
import type { BoardHost } from '../api/board-host.ts';
import { LedImage } from '../images/led-image.ts';
import { BUTTON_EVENT, BUTTON_ID } from '../state/buttons.ts';
import {
  COUNTDOWN_START,
  COUNTDOWN_START_INTERVAL_MS,
  FULL_SCREEN,
  GAME_OVER_WIPE,
  GAME_OVER_WIPE_INTERVAL_MS,
  LIFE_LOST,
  LIFE_LOST_INTERVAL_MS,
  SCORE_FLASH,
  SCORE_FLASH_INTERVAL_MS,
} from './game-animations.ts';
import { LedSprite, type SpriteHost } from './led-sprite.ts';

/** Pause of the drawing loop (plus forever's 20 ms: one frame every 50 ms). */
const GAME_FRAME_PAUSE_MS = 30;
const START_LIVES = 3;
/** A countdown lasts at least this long. */
const MIN_COUNTDOWN_MS = 500;

export class GameEngine implements SpriteHost {
  score = 0;
  life = START_LIVES;
  level = 1;
  over = false;
  paused = false;
  private startTime = 0;
  private endTime = 0;
  private countdownMs = 0;
  /** A score or life animation is playing in the background; sprites are not drawn meanwhile. */
  private flashing = false;
  private readonly sprites: LedSprite[] = [];
  private canvas: LedImage | undefined;

  constructor(private readonly board: BoardHost) {}

  get started(): boolean {
    return this.canvas !== undefined;
  }

  createSprite(x: number, y: number): LedSprite {
    return this.adopt(new LedSprite(this, x, y));
  }

  /** Puts a new sprite in the game (starting the engine on the first) and draws it. */
  adopt(sprite: LedSprite): LedSprite {
    this.start();
    this.sprites.push(sprite);
    this.plot();
    return sprite;
  }

  remove(sprite: LedSprite): boolean {
    const i = this.sprites.indexOf(sprite);
    if (i < 0) return false;
    this.sprites.splice(i, 1);
    return true;
  }

  /** Paints the sprites on the screen now, unless the game is over, paused or the screen is busy. */
  plot(): void {
    const canvas = this.canvas;
    if (!canvas || this.over || this.paused || this.flashing) return;
    const now = this.board.runningTime();
    canvas.clear();
    for (const sprite of this.sprites) {
      sprite.draw(now, (x, y, level) => canvas.set(x, y, canvas.get(x, y) + level));
    }
    if (this.board.animator.busy) return;
    canvas.copyTo(0, 5, this.board.display.image, 0);
    this.board.display.changed();
  }

  setScore(value: number): void {
    this.score = Math.max(0, Number(value) || 0);
  }

  addScore(points: number): void {
    this.setScore(this.score + (Number(points) || 0));
    this.flash(SCORE_FLASH, SCORE_FLASH_INTERVAL_MS);
  }

  *setLife(value: number): Waiting {
    this.life = Math.max(0, Number(value) || 0);
    if (this.life <= 0) yield* this.gameOver();
  }

  *removeLife(lives: number): Waiting {
    yield* this.setLife(this.life - (Number(lives) || 0));
    this.flash(LIFE_LOST, LIFE_LOST_INTERVAL_MS);
  }

  /** Shows the countdown's start, then ends the game `ms` later (only once, before any stopwatch). */
  *startCountdown(ms: number): Waiting {
    if (this.countdownMs > 0 || this.startTime > 0) return;
    yield this.board.animator.scroll(COUNTDOWN_START, 5, COUNTDOWN_START_INTERVAL_MS);
    this.countdownMs = Math.max(MIN_COUNTDOWN_MS, Number(ms) || 0);
    this.startTime = -1;
    this.endTime = this.board.runningTime() + this.countdownMs;
    this.paused = false;
    const wait = this.countdownMs;
    this.board.runtime.spawn('game countdown', () => this.countdownThenOver(wait));
  }

  startStopwatch(): void {
    this.startTime = this.board.runningTime();
    this.endTime = -1;
  }

  /** Time left of the countdown, or time since the stopwatch (or the program) started, in ms. */
  currentTime(): number {
    const now = this.board.runningTime();
    return this.endTime > 0 ? Math.max(0, this.endTime - now) : now - this.startTime;
  }

  *levelUp(): Waiting {
    this.level++;
    yield* showText(this.board, 'LEVEL:', 150);
    yield* showText(this.board, String(this.level), 150);
  }

  *showScore(): Waiting {
    yield* showText(this.board, ' SCORE ', 100);
    yield* showText(this.board, String(this.score), 150);
    yield* showText(this.board, ' ', 150);
  }

  pause(): void {
    this.plot();
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.plot();
  }

  get running(): boolean {
    return !this.over && !this.paused && this.started;
  }

  /**
   * Game over, as the device plays it: the buttons stop working (A+B resets the board), the
   * screen flashes 8 times, is wiped away, then "GAMEOVER" and the score scroll by, for ever.
   * A second call (from another fiber) just waits for ever.
   */
  *gameOver(): Waiting {
    if (this.over) {
      for (;;) yield 10000;
    }
    this.over = true;
    const board = this.board;
    const bus = board.runtime.bus;
    bus.listen(BUTTON_ID.A, BUTTON_EVENT.CLICK, () => undefined, 'game over: A does nothing');
    bus.listen(BUTTON_ID.B, BUTTON_EVENT.CLICK, () => undefined, 'game over: B does nothing');
    bus.listen(BUTTON_ID.AB, BUTTON_EVENT.CLICK, () => board.reset(), 'game over: A+B resets');
    board.animator.cancelAll();
    board.display.setBrightness(255);
    board.display.mode = 'black-and-white';
    for (;;) {
      for (let i = 0; i < 8; i++) {
        board.display.clear();
        yield 100;
        yield board.animator.show(FULL_SCREEN, 0, 300);
      }
      yield board.animator.scroll(GAME_OVER_WIPE, 5, GAME_OVER_WIPE_INTERVAL_MS);
      for (let i = 0; i < 3; i++) {
        yield* showText(board, ' GAMEOVER ', 100);
        yield* this.showScore();
      }
    }
  }

  /** Switches the screen to greyscale and starts the drawing loop (on the first sprite). */
  private start(): void {
    if (this.canvas) return;
    this.canvas = new LedImage(5);
    this.board.display.mode = 'greyscale';
    const pauseMs = this.board.runtime.limits.foreverPauseMs;
    this.board.runtime.spawn(
      'game engine',
      function* (this: GameEngine): Waiting {
        for (;;) {
          yield GAME_FRAME_PAUSE_MS;
          this.plot();
          if (this.over) yield 600;
          yield pauseMs;
        }
      }.bind(this),
    );
  }

  /** Plays a short animation in the background (score, life), unless one is already playing. */
  private flash(animation: LedImage, interval: number): void {
    if (this.paused || this.flashing) return;
    this.flashing = true;
    const board = this.board;
    board.runtime.spawn(
      'game flash',
      function* (this: GameEngine): Waiting {
        board.animator.cancelAll();
        yield board.animator.scroll(animation, 5, interval);
        this.flashing = false;
      }.bind(this),
    );
  }

  private *countdownThenOver(ms: number): Waiting {
    yield ms;
    yield* this.gameOver();
  }
}
