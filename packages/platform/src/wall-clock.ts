import { SystemClock } from './system-clock.ts';

/**
 * SystemClock whose now() is the wall clock (epoch milliseconds), for whatever stores or shows
 * dates: project storage, autosave's "saved at", the trash. Timers are the same as SystemClock's.
 */
export class WallClock extends SystemClock {
  override now(): number {
    return Date.now();
  }
}
