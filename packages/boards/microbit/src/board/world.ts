// A run with several boards: one clock and one radio medium shared by all, each board with
// its own program runtime and state. `blockyard run --boards N` and radio tests use it.

import type { Clock } from '@blockyard/core';
// Not the package's entry: the simulator's program worker stays free of project code (semver).
import { ManualClock } from '@blockyard/core/manual-clock';
import type { ProgramImage, RuntimeLimits } from '@blockyard/runtime';
import { RadioMedium } from '../state/radio-medium.ts';
import { Board } from './board.ts';

export interface WorldOptions {
  boards?: number;
  /** Defaults to a ManualClock starting at 0 (headless). */
  clock?: Clock;
  /** Board n gets seed + n, so boards roll different dice but runs repeat. */
  seed?: number;
  limits?: Partial<RuntimeLimits>;
}

export class World {
  readonly clock: Clock;
  readonly radio = new RadioMedium();
  readonly boards: readonly Board[];

  constructor(options: WorldOptions = {}) {
    this.clock = options.clock ?? new ManualClock();
    const count = Math.max(1, Math.trunc(options.boards ?? 1));
    this.boards = Array.from(
      { length: count },
      (_, i) =>
        new Board({
          clock: this.clock,
          id: i + 1,
          seed: (options.seed ?? 0) + i + 1,
          radio: this.radio,
          ...(options.limits ? { limits: options.limits } : {}),
        }),
    );
  }

  board(id: number): Board {
    const board = this.boards[id - 1];
    if (!board) throw new Error(`There is no board ${id}; this run has ${this.boards.length}.`);
    return board;
  }

  /** Starts the same program on every board. */
  start(program: ProgramImage): void {
    for (const board of this.boards) board.start(program);
  }

  stop(): void {
    for (const board of this.boards) board.stop();
  }

  /** Moves virtual time forward (only for a ManualClock). */
  advance(ms: number): void {
    if (!(this.clock instanceof ManualClock)) throw new Error('World.advance needs a ManualClock.');
    this.clock.advance(ms);
  }
}
