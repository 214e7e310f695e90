// What the frame's view draws: the phase of the run, the boards, the program's usage, sound,
// recording, theme and the error, as one immutable state the runner replaces on each change.
import type { SimTheme } from '../protocol/protocol.ts';
import type { BoardView } from './board-view.ts';
import { type ProgramUsage, noUsage } from './program-usage.ts';

/**
 * What the frame shows: `waiting` before any program, `loading` while a program is being
 * started (driver Pending/Starting: loader), `running`, `paused` (click-blocking overlay),
 * `stopped` (driver Stopped/Suspended: play icon).
 */
type FramePhase = 'waiting' | 'loading' | 'running' | 'paused' | 'stopped';

export interface FrameError {
  message: string;
  board: number;
  file?: string;
  line?: number;
}

export interface FrameViewState {
  readonly phase: FramePhase;
  readonly boards: readonly BoardView[];
  readonly usage: ProgramUsage;
  readonly muted: boolean;
  readonly recording: boolean;
  readonly theme: SimTheme;
  readonly highContrast: boolean;
  readonly error: FrameError | undefined;
  readonly focused: boolean;
}

/** The frame before any program. */
export const waitingViewState: FrameViewState = {
  phase: 'waiting',
  boards: [],
  usage: noUsage,
  muted: false,
  recording: false,
  theme: 'blue',
  highContrast: false,
  error: undefined,
  focused: false,
};
