// The runtime side of `game`: a GameEngine per program run (score, lives, countdown, sprites,
// game over), and LedSprite objects whose methods the program calls directly.
import type { Waiting } from '@blockyard/runtime';
import { GameEngine } from '../game/game-engine.ts';
import { LedSprite } from '../game/led-sprite.ts';
import type { NamespaceModule } from './namespace-module.ts';

export const gameModule: NamespaceModule = {
  names: ['game'],
  create(board) {
    const engine = new GameEngine(board);
    /** `new game.LedSprite(x, y)` works as on the device: the sprite joins the game. */
    class GameLedSprite extends LedSprite {
      constructor(x: number, y: number) {
        super(engine, x, y);
        engine.adopt(this);
      }
    }
    return {
      game: {
        LedSprite: GameLedSprite,
        createSprite(x: number, y: number): LedSprite {
          return engine.createSprite(x, y);
        },
        score(): number {
          return engine.score;
        },
        addScore(points: number): void {
          engine.addScore(points);
        },
        setScore(value: number): void {
          engine.setScore(value);
        },
        life(): number {
          return engine.life;
        },
        *setLife(value: number): Waiting {
          yield* engine.setLife(value);
        },
        *addLife(lives: number): Waiting {
          yield* engine.setLife(engine.life + (Number(lives) || 0));
        },
        *removeLife(life: number): Waiting {
          yield* engine.removeLife(life);
        },
        *startCountdown(ms: number): Waiting {
          yield* engine.startCountdown(ms);
        },
        *gameOver(): Waiting {
          yield* engine.gameOver();
        },
        currentTime(): number {
          return engine.currentTime();
        },
        *levelUp(): Waiting {
          yield* engine.levelUp();
        },
        level(): number {
          return engine.level;
        },
        startStopwatch(): void {
          engine.startStopwatch();
        },
        isRunning(): boolean {
          return engine.running;
        },
        *showScore(): Waiting {
          yield* engine.showScore();
        },
        isGameOver(): boolean {
          return engine.over;
        },
        isPaused(): boolean {
          return engine.paused;
        },
        pause(): void {
          engine.pause();
        },
        resume(): void {
          engine.resume();
        },
        invalidSprite(): LedSprite | null {
          return null;
        },
      },
    };
  },
};
