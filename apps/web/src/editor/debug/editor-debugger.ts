// The editor's debugger (issue 18): the Debug switch, the learner's breakpoints (on blocks, on
// JavaScript lines, on Python lines) and where a paused program is, in the terms of the editor
// shown. It owns the breakpoints; the simulator controller asks it for their statement ids at
// each run of a debug build and whenever they change.

import type { DebuggerCommand, DebugProgram, DebugStop } from '@blockyard/sim';
import {
  breakpointStatements,
  type CodeMaps,
  type EditorBreakpoints,
  NO_BREAKPOINTS,
  placeOfStop,
  type StopPlace,
} from './debug-locations.ts';

type Mode = 'blocks' | 'javascript' | 'python';

/** Slow motion's speeds: how long each block or line stays lit up. */
export type SlowMotion = 'off' | 'slow' | 'medium' | 'fast';
export const SLOW_MOTION_SPEEDS: readonly SlowMotion[] = ['off', 'slow', 'medium', 'fast'];
const SLOW_MOTION_MS: Readonly<Record<SlowMotion, number>> = { off: 0, slow: 1000, medium: 500, fast: 200 };

/** The parts of SimulatorController the debugger uses. */
export interface DebuggerSimulator {
  setDebugging(debugging: boolean): void;
  setBreakpointSource(source: (program: DebugProgram) => readonly number[]): void;
  refreshBreakpoints(): void;
  setTrace(intervalMs: number): void;
  pause(): void;
  resume(command?: Exclude<DebuggerCommand, 'pause'>): void;
  stop(): void;
}

/** The parts of EditorSession the debugger uses. */
export interface DebuggerSession {
  getState(): { readonly mode: Mode };
  codeMaps(): CodeMaps;
  runNow(): void;
}

export interface EditorDebuggerState {
  readonly debugging: boolean;
  readonly breakpoints: EditorBreakpoints;
  /** Slow motion: each block or line lit up in turn as the program runs. */
  readonly slowMotion: SlowMotion;
}

export class EditorDebugger {
  private state: EditorDebuggerState = { debugging: false, breakpoints: NO_BREAKPOINTS, slowMotion: 'off' };
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly simulator: DebuggerSimulator,
    private readonly session: DebuggerSession,
  ) {
    simulator.setBreakpointSource((program) => this.statementsOf(program));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState(): EditorDebuggerState {
    return this.state;
  }

  /** Debug on or off: the program runs again, built for the debugger or not. */
  setDebugging(debugging: boolean): void {
    if (debugging === this.state.debugging) return;
    this.update(debugging ? { debugging } : { debugging, slowMotion: 'off' });
    if (!debugging) this.simulator.setTrace(0);
    this.simulator.setDebugging(debugging);
    this.session.runNow();
  }

  /**
   * Slow motion at a speed, or off. It needs a debug build: choosing a speed turns Debug on
   * (the program runs again); changing speed or turning it off applies to the running program.
   */
  setSlowMotion(speed: SlowMotion): void {
    if (speed === this.state.slowMotion) return;
    this.update({ slowMotion: speed });
    this.simulator.setTrace(SLOW_MOTION_MS[speed]);
    if (speed !== 'off') this.setDebugging(true);
  }

  /** Sets or clears the breakpoint on a block. */
  toggleBlock(blockId: string): void {
    const blocks = this.state.breakpoints.blocks;
    this.setBreakpoints({
      ...this.state.breakpoints,
      blocks: blocks.includes(blockId) ? blocks.filter((id) => id !== blockId) : [...blocks, blockId],
    });
  }

  /** The code editor's breakpoint lines of its language (after a toggle or an edit that moved them). */
  setLines(language: 'javascript' | 'python', lines: readonly number[]): void {
    const now = this.state.breakpoints[language];
    if (now.length === lines.length && now.every((line, i) => line === lines[i])) return;
    this.setBreakpoints({ ...this.state.breakpoints, [language]: [...lines] });
  }

  /** Blocks deleted from the workspace lose their breakpoints. */
  keepBlocks(exists: (blockId: string) => boolean): void {
    const blocks = this.state.breakpoints.blocks.filter(exists);
    if (blocks.length !== this.state.breakpoints.blocks.length)
      this.setBreakpoints({ ...this.state.breakpoints, blocks });
  }

  /** Where a stop (or slow motion's statement) is in the editor shown: its block or its line. */
  place(stop: Pick<DebugStop, 'file' | 'line'>): StopPlace {
    return placeOfStop(stop, this.session.getState().mode, this.session.codeMaps());
  }

  continue(): void {
    this.simulator.resume('resume');
  }

  step(kind: 'stepover' | 'stepinto' | 'stepout'): void {
    this.simulator.resume(kind);
  }

  pause(): void {
    this.simulator.pause();
  }

  stop(): void {
    this.simulator.stop();
  }

  private statementsOf(program: DebugProgram): number[] {
    if (!this.state.debugging) return [];
    return breakpointStatements(program, this.state.breakpoints, this.session.getState().mode, this.session.codeMaps());
  }

  private setBreakpoints(breakpoints: EditorBreakpoints): void {
    this.update({ breakpoints });
    this.simulator.refreshBreakpoints();
  }

  private update(changes: Partial<EditorDebuggerState>): void {
    this.state = { ...this.state, ...changes };
    for (const listener of [...this.listeners]) listener();
  }
}
