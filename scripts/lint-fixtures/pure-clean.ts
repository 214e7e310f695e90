import type { Clock } from '@blockyard/core';

export function later(clock: Clock, callback: () => void): void {
  clock.setTimeout(callback, 10);
}
