// Test support: compile learner programs against the real micro:bit library and run them on
// a virtual clock, one step at a time or all at once.

import { ManualClock } from '@blockyard/core';
import { formatDiagnostic } from '@blockyard/language';
import { type BreakInfo, type ProgramImage, RuntimeDebugger, type RuntimeError } from '@blockyard/runtime';
import ts from 'typescript';
import { Board } from '../board/board.ts';
import { createMicrobitCompiler } from '../compiler.ts';
import { type HeadlessRunOptions, runHeadless } from '../headless/run-headless.ts';

const compiler = createMicrobitCompiler(ts);

/** The compiler's two JavaScript back ends (the IR's is the default). */
export const emitters = ['ir', 'transform'] as const;
export type Emitter = (typeof emitters)[number];

export function compile(source: string, emitter?: Emitter): ProgramImage {
  const result = compiler.compile({ 'main.ts': source }, emitter ? { emitter } : {});
  if (!result.program) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
  // The compiler's output is the runtime's input: this assignment is the type-level contract check.
  const image: ProgramImage = result.program;
  return image;
}

/**
 * True when `compile` prints the program from the IR; false when the IR refuses it (code 9100)
 * and the transformer emits it instead.
 */
export function irEmits(source: string): boolean {
  const lowered = compiler.lower({ 'main.ts': source });
  return lowered.module !== undefined && !lowered.diagnostics.some((d) => d.code === 9100);
}

/** Runs to the end and returns serial lines as "time text" (and the full result). */
export function run(source: string, options: Omit<HeadlessRunOptions, 'program'> & { emitter?: Emitter } = {}) {
  const { emitter, ...rest } = options;
  const result = runHeadless({ program: compile(source, emitter), ...rest });
  return {
    ...result,
    lines: result.lines.map((line) => `${line.time} ${line.text}`),
    error: result.boards[0]?.error,
    leds: result.boards[0]?.leds.join('\n'),
  };
}

/** A started board to step through: `advance(ms)` then look at `leds()` and `serial`. */
export function start(source: string) {
  const clock = new ManualClock();
  const board = new Board({ clock });
  const errors: RuntimeError[] = [];
  board.onError((error) => errors.push(error));
  const batches: string[] = [];
  board.serial.onBatch((batch) => batches.push(`${batch.time} ${JSON.stringify(batch.data)}`));
  board.start(compile(source));
  return {
    board,
    clock,
    errors,
    batches,
    advance: (ms: number) => clock.advance(ms),
    leds: () => board.display.rows().join('\n'),
  };
}

/**
 * A board with a debugger on a debug build of `source`, not started yet (set breakpoints or the
 * trace first, then `start()`); the debugger's stops and the serial lines are collected.
 */
export function debugBoard(source: string) {
  const result = compiler.compile({ 'main.ts': source }, { debug: true });
  const program = result.program;
  if (!program) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  const clock = new ManualClock();
  const board = new Board({ clock });
  const dbg = new RuntimeDebugger(board.runtime);
  const stops: BreakInfo[] = [];
  dbg.onBreak((info) => stops.push(info));
  const serial: string[] = [];
  board.serial.onBatch((batch) => serial.push(...batch.data.trim().split(/\r?\n/)));
  return { program, clock, board, dbg, stops, serial, start: () => board.start(program) };
}

/** Rows of an image literal, for comparing with `leds()`. */
export function rows(...lines: string[]): string {
  return lines.map((line) => line.replace(/\s+/g, '')).join('\n');
}
