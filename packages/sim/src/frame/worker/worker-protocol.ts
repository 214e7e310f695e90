// Messages between the simulator page (trusted: our code only) and its program worker (untrusted:
// it runs the learner's program, and a program that escaped the runtime's checks could post
// anything). The page checks everything the worker sends with `parseWorkerMessage` (valibot,
// with caps) and paces it (WorkerMessageGate); the worker checks what the page sends loosely
// (it is our own code, and the worker has nothing to protect from its page).

import * as v from 'valibot';
import { MAX_LIGHT_STRIPS, MAX_STRIP_LEDS } from '@blockyard/board-microbit/headless';
import { type DebuggerRequestMessage, debuggerEventSchema } from '../../protocol/debugger-messages.ts';
import { MAX_BOARDS } from '../../protocol/frame-limits.ts';

/** LED states in one `leds` message (25 bytes each); the worker sends at most one per 16 ms per board. */
export const MAX_LED_STATES = 8;
/** Characters of serial text in one worker message (the worker cuts bigger batches). */
export const MAX_WORKER_SERIAL_CHARS = 16_384;
/** Audio frames in one `samples` message. */
export const MAX_SAMPLE_FRAMES = 44_100;
export const MAX_ERROR_CHARS = 1000;
export const MAX_STACK_CHARS = 10_000;

/** A board input from the view, applied in the worker. */
export type BoardInput =
  | { kind: 'press' | 'release'; button: 'A' | 'B' | 'AB' }
  | { kind: 'touchPin'; pin: 0 | 1 | 2; touched: boolean }
  | { kind: 'pinLevel'; pin: 0 | 1 | 2; level: number }
  | { kind: 'touchLogo'; touched: boolean }
  | { kind: 'sensor'; key: string; value: number }
  | { kind: 'gesture'; value: number }
  | { kind: 'tilt'; nx: number; ny: number };

/** Page -> worker. */
export type PageToWorker =
  | {
      type: 'start';
      boards: number;
      positions: unknown;
      hostNames: string[];
      /** Debug builds: statement id -> [file index, line, column]; the worker attaches debuggers. */
      statements?: unknown;
      breakpoints?: number[];
      /** Slow motion from the start (ms per statement, 0 off). */
      traceInterval?: number;
    }
  // The editor's debugger requests, passed on as they came (protocol/debugger-messages.ts).
  | DebuggerRequestMessage
  | { type: 'stop' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'input'; board: number; input: BoardInput }
  | { type: 'event'; board?: number; id: number; value: number }
  | { type: 'serial'; board?: number; data: string }
  | { type: 'boards'; count: number }
  | { type: 'audio'; frames: number }
  | { type: 'stopsound' }
  | { type: 'ping'; n: number };

const finite = v.pipe(v.number(), v.finite());
const board = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_BOARDS));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const bit = v.boolean();
/** The analog level on P0-P2 (0-1023 as set; the view clamps what it draws). */
const pinLevel = finite;

/** What a board shows besides its LEDs (buttons held, touches, sensor values, last gesture). */
const boardState = v.object({
  pressed: v.object({ A: bit, B: bit }),
  pinsTouched: v.tuple([bit, bit, bit]),
  pinLevels: v.tuple([pinLevel, pinLevel, pinLevel]),
  logoTouched: bit,
  sensors: v.pipe(
    v.custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && Object.keys(value).length <= 16,
      'too many sensors',
    ),
    v.record(text(40), finite),
  ),
  gesture: finite,
  strips: v.pipe(
    v.custom<unknown[]>((value) => Array.isArray(value) && value.length <= MAX_LIGHT_STRIPS, 'too many strips'),
    v.array(
      v.object({
        pin: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(20)),
        colours: v.pipe(
          v.custom<unknown[]>((value) => Array.isArray(value) && value.length <= MAX_STRIP_LEDS, 'too many LEDs'),
          v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffff))),
        ),
      }),
    ),
  ),
});
export type WorkerBoardState = v.InferOutput<typeof boardState>;

const workerMessageSchema = v.variant('type', [
  v.object({ type: v.literal('ready') }),
  v.object({ type: v.literal('running') }),
  v.object({ type: v.literal('stopped') }),
  v.object({ type: v.literal('toplevel') }),
  v.object({ type: v.literal('boards'), count: board }),
  v.object({
    type: v.literal('leds'),
    board,
    // 25 brightness values per state, at most MAX_LED_STATES states.
    states: v.pipe(
      v.instance(Uint8Array),
      v.check((b) => b.length > 0 && b.length % 25 === 0 && b.length <= 25 * MAX_LED_STATES, 'bad LED states'),
    ),
  }),
  v.object({ type: v.literal('board'), board, state: boardState }),
  v.object({ type: v.literal('serial'), board, time: finite, data: text(MAX_WORKER_SERIAL_CHARS) }),
  v.object({
    type: v.literal('error'),
    board,
    message: text(MAX_ERROR_CHARS),
    file: v.optional(text(200)),
    line: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    stack: text(MAX_STACK_CHARS),
  }),
  v.object({ type: v.literal('restart') }),
  v.object({
    type: v.literal('samples'),
    samples: v.pipe(
      v.instance(Float32Array),
      v.check((s) => s.length <= MAX_SAMPLE_FRAMES, 'too many samples'),
    ),
  }),
  v.object({ type: v.literal('pong'), n: finite }),
  // Stops, slow-motion traces and variables answers: the editor's own schema for them.
  debuggerEventSchema,
]);

/** Worker -> page, as checked. */
export type WorkerToPage = v.InferOutput<typeof workerMessageSchema>;

/** The worker's message, or undefined when it is not a valid one (never throws). */
export function parseWorkerMessage(data: unknown): WorkerToPage | undefined {
  try {
    const result = v.safeParse(workerMessageSchema, data);
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}
