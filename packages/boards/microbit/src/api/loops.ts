// The runtime side of `loops.everyInterval`: a background fiber that starts the code every
// `interval` ms, measured from the start of one run to the start of the next (a run that takes
// longer is followed at once by the next), as the device's version does.
import { isGenerator, type Waiting } from '@blockyard/runtime';
import { type NamespaceModule, toInt } from './namespace-module.ts';

export const loopsModule: NamespaceModule = {
  names: ['loops'],
  create(board) {
    return {
      loops: {
        everyInterval(interval: number, a: () => unknown): void {
          if (typeof a !== 'function') return;
          const period = toInt(interval);
          board.runtime.spawn('every interval', function* (): Waiting {
            for (;;) {
              const started = board.runningTime();
              const result = a();
              if (isGenerator(result)) yield* result;
              yield Math.max(0, period - (board.runningTime() - started));
            }
          });
        },
        __timePicker(ms: number): number {
          return ms;
        },
      },
    };
  },
};
