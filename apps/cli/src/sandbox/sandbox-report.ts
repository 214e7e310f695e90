// The report of a finished (or interrupted) headless run, as the sandbox sends it out: shared by
// `run` (sandbox-runner.ts) and `debug` (sandbox-debug-runner.ts). Runs inside the program's
// context, so it uses no host global.

import type { HeadlessRun } from '@blockyard/board-microbit/headless';
import type { RuntimeError } from '@blockyard/runtime';
import { runtimeMessages } from '@blockyard/runtime';
import { SAMPLE_RATE, encodeWav } from '@blockyard/sound';
import type { SandboxBoardReport, SandboxReport } from './sandbox-protocol.ts';

function errorOf(error: RuntimeError | undefined): SandboxBoardReport['error'] {
  if (!error) return undefined;
  return { kind: error.kind, message: error.message, ...(error.position ? { position: error.position } : {}) };
}

/** Ends the run and reports what it showed; `wav` when the run kept its audio. */
export function reportRun(run: HeadlessRun, interrupted: boolean): { report: SandboxReport; wav?: Uint8Array } {
  const result = run.finish();
  const wav = result.audio ? encodeWav(result.audio, SAMPLE_RATE) : undefined;
  const boards = result.boards.map((board, i): SandboxBoardReport => {
    const state = result.world.boards[i]!;
    let error = errorOf(board.error);
    // The board whose fiber was running when the run was interrupted is the one that spun.
    if (!error && interrupted && state.runtime.scheduler.current) {
      error = { kind: 'runaway', message: runtimeMessages.runaway };
    }
    return {
      id: board.id,
      leds: board.leds,
      ...(error ? { error } : {}),
      serialDropped: state.serial.input.dropped,
      serialBufferSize: state.serial.input.bufferSize,
    };
  });
  const report: SandboxReport = {
    lines: result.lines.map((line) => ({ time: line.time, board: line.board, text: line.text })),
    boards,
    audioBytes: wav?.length ?? 0,
    ...(interrupted ? { interrupted } : {}),
  };
  return wav ? { report, wav } : { report };
}
