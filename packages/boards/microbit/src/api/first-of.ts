import type { Waitable } from '@blockyard/runtime';
import type { BoardHost } from './board-host.ts';

/** Wakes on the first of: `waitable` fires, or `ms` pass on the board's clock. */
export function firstOf(board: BoardHost, waitable: Waitable, ms: number): Waitable {
  return {
    subscribe(wake) {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        cancel();
        board.clock.clear(timer);
        wake();
      };
      const cancel = waitable.subscribe(finish);
      const timer = board.clock.setTimeout(finish, Math.max(0, ms));
      return () => {
        done = true;
        cancel();
        board.clock.clear(timer);
      };
    },
  };
}
