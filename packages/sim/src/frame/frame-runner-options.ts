// What the page gives the frame runner: its clock, the post to the editor, the factory of
// program workers, the origin policy, and the board view's capture and audio output.
import type { Clock } from '@blockyard/core';
import type { RgbaFrame } from '../capture/gif-recorder.ts';
import type { OriginPolicy } from '../protocol/origin-check.ts';
import type { FrameToHostMessage } from '../protocol/protocol.ts';
import type { ProgramLinkFactory } from './worker/program-link.ts';

/** A PNG file and its size. */
export interface Picture {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Pictures of the board view, from the page (SVG drawn on a canvas). */
export interface FrameCapture {
  /** A PNG of the first board, `width` px wide (the spec's rule when undefined). */
  screenshot(width: number | undefined): Promise<Picture>;
  /** A small PNG of the first board for the project card. */
  thumbnail(): Promise<Picture>;
  /** The first board's pixels for a GIF frame. */
  pixels(width: number | undefined): Promise<RgbaFrame>;
}

/** The audio output the page plays the boards' sound through. */
interface FrameAudio {
  setMuted(muted: boolean): void;
  /** Stops what is sounding now (15 ms fade). */
  stop(): void;
}

export interface FrameRunnerOptions {
  frameId: string;
  clock: Clock;
  post: (message: FrameToHostMessage) => void;
  /** Starts a program worker for the program text (a blob: worker in the browser). */
  links: ProgramLinkFactory;
  policy: OriginPolicy;
  capture?: FrameCapture;
  audio?: FrameAudio;
  defer?: (callback: () => void) => void;
  /** Problems worth a log line (a failed screenshot). */
  log?: (message: string) => void;
}
