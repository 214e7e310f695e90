// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- gifenc ships no types; they travel with their one user
/// <reference path="./gifenc.d.ts" />
// Records the board as an animated GIF (spec 002 §9: a frame every 66 ms). Each frame is encoded
// as it arrives, held back one step so its delay is the real time until the next frame (a slow
// capture never speeds the animation up). Recording stops by itself after MAX_RECORDING_MS so
// a forgotten recording cannot fill the memory.

import type { Clock, TimerHandle } from '@blockyard/core';
import { GIFEncoder, type GifEncoderStream, applyPalette, quantize } from 'gifenc';

export const RECORDING_INTERVAL_MS = 66;
const MAX_RECORDING_MS = 60_000;

export interface RgbaFrame {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

export interface GifRecorderOptions {
  clock: Clock;
  /** Grabs the board's pixels now; a rejection skips the frame. */
  grab: () => Promise<RgbaFrame>;
  /** Called when the recording stopped on its own (time limit). */
  onAutoStop?: () => void;
  maxMs?: number;
}

export interface GifRecording {
  data: Uint8Array;
  width: number;
  height: number;
  frames: number;
}

interface Held {
  frame: RgbaFrame;
  at: number;
}

export class GifRecorder {
  private timer: TimerHandle | undefined;
  private encoder: GifEncoderStream | undefined;
  private held: Held | undefined;
  private size: { width: number; height: number } | undefined;
  private frames = 0;
  private startedAt = 0;
  private grabbing = false;
  private generation = 0;

  constructor(private readonly options: GifRecorderOptions) {}

  get recording(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    this.stop();
    this.generation++;
    this.encoder = GIFEncoder();
    this.held = undefined;
    this.size = undefined;
    this.frames = 0;
    this.startedAt = this.options.clock.now();
    this.timer = this.options.clock.setInterval(() => this.tick(), RECORDING_INTERVAL_MS);
    this.tick();
  }

  /** Ends the recording; undefined when no frame was captured. */
  stop(): GifRecording | undefined {
    if (this.timer === undefined) return undefined;
    this.options.clock.clear(this.timer);
    this.timer = undefined;
    this.generation++;
    this.grabbing = false;
    const encoder = this.encoder;
    this.encoder = undefined;
    if (!encoder || !this.held || !this.size) return undefined;
    this.write(encoder, this.held.frame, RECORDING_INTERVAL_MS);
    encoder.finish();
    return { data: encoder.bytes(), ...this.size, frames: this.frames };
  }

  private tick(): void {
    const now = this.options.clock.now();
    if (now - this.startedAt >= (this.options.maxMs ?? MAX_RECORDING_MS)) {
      this.options.onAutoStop?.();
      return;
    }
    if (this.grabbing) return;
    this.grabbing = true;
    const generation = this.generation;
    this.options.grab().then(
      (frame) => {
        if (generation !== this.generation) return;
        this.grabbing = false;
        this.add(frame, this.options.clock.now());
      },
      () => {
        if (generation === this.generation) this.grabbing = false;
      },
    );
  }

  private add(frame: RgbaFrame, at: number): void {
    const encoder = this.encoder;
    if (!encoder) return;
    // Every frame must have the first frame's size; the board view does not change size while
    // recording, but a resized window could: such frames are skipped.
    this.size ??= { width: frame.width, height: frame.height };
    if (frame.width !== this.size.width || frame.height !== this.size.height) return;
    if (this.held) this.write(encoder, this.held.frame, Math.max(20, at - this.held.at));
    this.held = { frame, at };
  }

  private write(encoder: GifEncoderStream, frame: RgbaFrame, delay: number): void {
    const palette = quantize(frame.data, 256);
    const index = applyPalette(frame.data, palette);
    encoder.writeFrame(index, frame.width, frame.height, { palette, delay, repeat: 0 });
    this.frames++;
  }
}
