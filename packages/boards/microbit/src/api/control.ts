// The runtime side of `control` (so far: background fibers, panic, millis).

import { panic } from '@blockyard/runtime';
import { type NamespaceModule, toInt } from './namespace-module.ts';

export const controlModule: NamespaceModule = {
  names: ['control'],
  create(board) {
    return {
      control: {
        inBackground(a: () => unknown): void {
          if (typeof a === 'function') board.runtime.spawn('in background', a);
        },
        panic(code: number): never {
          throw panic(toInt(code));
        },
        millis(): number {
          return board.runningTime();
        },
      },
    };
  },
};
