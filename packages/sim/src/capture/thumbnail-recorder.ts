// Thumbnails for project cards (spec 002 §9): a frame every 66 ms while the board changes,
// stopping after 30 frames or once 10 s pass without the learner touching the board. Frames are
// only taken when the picture changed, so a still board costs one frame and the 10 s rule is
// what ends a quiet run.

import type { Clock, TimerHandle } from '@blockyard/core';

export const THUMBNAIL_INTERVAL_MS = 66;
export const THUMBNAIL_MAX_FRAMES = 30;
export const THUMBNAIL_IDLE_MS = 10_000;

export interface ThumbnailRecorderOptions<T> {
  clock: Clock;
  /** Captures one frame (a PNG); rejections skip the frame. */
  capture: () => Promise<T>;
  /** A number that changes whenever the picture does (the LED version). */
  version: () => number;
  onDone: (frames: T[]) => void;
}

export class ThumbnailRecorder<T = Uint8Array> {
  private timer: TimerHandle | undefined;
  private frames: T[] = [];
  private lastInteraction = 0;
  private lastVersion: number | undefined;
  private capturing = false;
  private generation = 0;

  constructor(private readonly options: ThumbnailRecorderOptions<T>) {}

  get active(): boolean {
    return this.timer !== undefined;
  }

  get frameCount(): number {
    return this.frames.length;
  }

  start(): void {
    this.cancel();
    this.generation++;
    this.frames = [];
    this.lastVersion = undefined;
    this.lastInteraction = this.options.clock.now();
    this.timer = this.options.clock.setInterval(() => this.tick(), THUMBNAIL_INTERVAL_MS);
  }

  /** The learner touched the board: the 10 s start again. */
  interaction(): void {
    this.lastInteraction = this.options.clock.now();
  }

  /** Ends the recording and hands over the frames taken (if any). */
  stop(): void {
    if (this.timer === undefined) return;
    this.cancel();
    const frames = this.frames;
    this.frames = [];
    if (frames.length > 0) this.options.onDone(frames);
  }

  /** Ends without handing anything over (a new run started). */
  cancel(): void {
    if (this.timer !== undefined) this.options.clock.clear(this.timer);
    this.timer = undefined;
    this.generation++;
    this.capturing = false;
  }

  private tick(): void {
    if (this.options.clock.now() - this.lastInteraction >= THUMBNAIL_IDLE_MS) {
      this.stop();
      return;
    }
    const version = this.options.version();
    if (this.capturing || version === this.lastVersion) return;
    this.capturing = true;
    const generation = this.generation;
    this.options.capture().then(
      (frame) => {
        if (generation !== this.generation) return;
        this.capturing = false;
        this.lastVersion = version;
        this.frames.push(frame);
        if (this.frames.length >= THUMBNAIL_MAX_FRAMES) this.stop();
      },
      () => {
        if (generation === this.generation) this.capturing = false;
      },
    );
  }
}
