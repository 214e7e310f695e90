// Test helper: a FrameRunner on a manual clock with in-process program workers, recording what
// it posts, and the editor's run message; shared by the frame runner's and debugger's tests.
import { ManualClock } from '@blockyard/core';
import type { ProgramImage } from '@blockyard/runtime';
import type { FrameCapture, FrameRunnerOptions } from '../frame/frame-runner-options.ts';
import { FrameRunner } from '../frame/frame-runner.ts';
import type { ProgramLinkFactory } from '../frame/worker/program-link.ts';
import type { ProgramWorker } from '../frame/worker/program-worker-main.ts';
import type { FrameToHostMessage, RunMessage } from '../protocol/protocol.ts';
import { inProcessProgramLinks } from '../testing/in-process.ts';
import { compile } from './compile.ts';

export const png = new Uint8Array([137, 80, 78, 71]);

export function fakeCapture(fail = false): FrameCapture {
  return {
    screenshot: (width) =>
      fail
        ? Promise.reject(new Error('image did not load'))
        : Promise.resolve({ data: png, width: width ?? 300, height: 246 }),
    thumbnail: () => Promise.resolve({ data: png, width: 120, height: 98 }),
    pixels: () => Promise.resolve({ data: new Uint8ClampedArray(4 * 4 * 4), width: 4, height: 4 }),
  };
}

/**
 * A runner with in-process program workers on a manual clock; `wrapLinks` sees (and may wrap)
 * the worker factory, for tests that count the workers made and ended.
 */
export function setupFrameRunner(
  overrides: Partial<FrameRunnerOptions> = {},
  timeOrigin = 0,
  wrapLinks: (links: ProgramLinkFactory) => ProgramLinkFactory = (links) => links,
) {
  const clock = new ManualClock();
  const posts: FrameToHostMessage[] = [];
  const audio = { muted: [] as boolean[], stops: 0 };
  const logs: string[] = [];
  const workers: ProgramWorker[] = [];
  const runner = new FrameRunner({
    frameId: 'sim-frame-1',
    clock,
    post: (message) => posts.push(message),
    links: wrapLinks(inProcessProgramLinks(clock, workers, timeOrigin)),
    policy: { allowedOrigins: ['https://blockyard.example'], hostname: 'blockyard.example' },
    capture: fakeCapture(),
    audio: { setMuted: (m) => audio.muted.push(m), stop: () => audio.stops++ },
    log: (message) => logs.push(message),
    ...overrides,
  });
  const origin = 'https://blockyard.example';
  const flush = async () => {
    for (let i = 0; i < 30; i++) await Promise.resolve();
  };
  /** A board in the (in-process) program worker. */
  const board = (i = 0) => workers.at(-1)?.session?.boards[i];
  /** Advances time in animation-frame steps, presenting LED states as a screen would. */
  const advance = async (ms: number) => {
    for (let t = 0; t < ms; t += 16) {
      clock.advance(Math.min(16, ms - t));
      await flush();
      runner.tick();
    }
  };
  const run = async (program: ProgramImage, extra: Partial<RunMessage> = {}) => {
    runner.receive(runMessage(program, extra), origin);
    await flush();
  };
  /** Runs the program of these source lines and lets it start. */
  const start = async (lines: readonly string[], extra: Partial<RunMessage> = {}) => {
    await run(compile(lines.join('\n')), extra);
    await advance(50);
  };
  /** A press and release of `button` on board `i` of the frame. */
  const click = (button: 'A' | 'B', i = 0) => {
    runner.boards[i]!.press(button);
    runner.boards[i]!.release(button);
  };
  const types = () => posts.map((p) => p.type);
  const leds = (board = 0) => {
    const snapshot = runner.boards[board]?.getSnapshot();
    if (!snapshot) return [];
    return [0, 1, 2, 3, 4].map((y) => [0, 1, 2, 3, 4].map((x) => (snapshot.leds[y * 5 + x]! > 0 ? '#' : '.')).join(''));
  };
  return { clock, posts, audio, logs, runner, origin, flush, advance, run, start, click, types, leds, board, workers };
}

export /**
 * The editor's message to run `program` (board 1 of 1, the first run unless `extra` says); a
 * debug build's statements go with it, as the editor sends them.
 */
function runMessage(program: ProgramImage, extra: Partial<RunMessage> = {}): RunMessage {
  return {
    type: 'run',
    id: 'blue-1',
    frameCounter: 1,
    code: program.js,
    positions: program.positions,
    hostNames: [...program.hostNames],
    ...(program.statements ? { statements: program.statements.map(([id, line, column]) => [id, line, column]) } : {}),
    boards: 1,
    ...extra,
  };
}
