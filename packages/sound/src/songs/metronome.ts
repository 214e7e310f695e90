// A steady tick on an injected Clock (spec 002 §4, §8). Ticks are scheduled against the start
// time (start + k * interval), so late timers do not make the beat drift. Commands before
// `initAsync` throw, as the spec's error catalogue says.
import type { Clock, TimerHandle } from '@blockyard/core';

export const METRONOME_NOT_INITIALIZED = 'initAsync not called on metronome';

export class Metronome {
  private initialized = false;
  private timer: TimerHandle | null = null;
  private currentInterval: number | undefined;
  private origin = 0;
  private count = 0;
  private listeners: (() => void)[] = [];

  constructor(private readonly clock: Clock) {}

  /** Makes the metronome usable. (A worker-backed clock would load here; the Clock is ready.) */
  initAsync(): Promise<void> {
    this.initialized = true;
    return Promise.resolve();
  }

  get isInitialized(): boolean {
    return this.initialized;
  }

  get running(): boolean {
    return this.timer !== null;
  }

  /** Ticks now and then every `intervalMs`. */
  start(intervalMs: number): void {
    this.ensureInitialized();
    this.currentInterval = intervalMs;
    this.restart(0);
  }

  /** Changes the interval; a running metronome keeps going at the new pace from now. */
  setInterval(intervalMs: number): void {
    this.ensureInitialized();
    this.currentInterval = intervalMs;
    if (this.timer !== null) this.restart(intervalMs);
  }

  stop(): void {
    this.ensureInitialized();
    if (this.timer !== null) this.clock.clear(this.timer);
    this.timer = null;
  }

  interval(): number | undefined {
    return this.currentInterval;
  }

  addTickListener(listener: () => void): void {
    this.listeners.push(listener);
  }

  removeTickListener(listener: () => void): void {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }

  dispose(): void {
    if (this.timer !== null) this.clock.clear(this.timer);
    this.timer = null;
    this.listeners = [];
    this.currentInterval = undefined;
    this.initialized = false;
  }

  private ensureInitialized(): void {
    if (!this.initialized) throw new Error(METRONOME_NOT_INITIALIZED);
  }

  private restart(firstDelayMs: number): void {
    if (this.timer !== null) this.clock.clear(this.timer);
    this.origin = this.clock.now() + firstDelayMs;
    this.count = 0;
    this.timer = this.clock.setTimeout(this.onTimer, firstDelayMs);
  }

  private readonly onTimer = (): void => {
    const interval = Math.max(1, this.currentInterval ?? 1);
    this.count++;
    const due = this.origin + this.count * interval;
    this.timer = this.clock.setTimeout(this.onTimer, Math.max(0, due - this.clock.now()));
    for (const listener of this.listeners.slice()) listener();
  };
}
