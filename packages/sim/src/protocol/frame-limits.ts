// What the editor accepts from a simulator frame, in sizes and rates. A frame is untrusted (it
// is a window anything may have reached), so every message is checked against these bounds
// before the editor does any work for it; the frame page keeps within them by itself (it cuts
// serial text and paces its messages), so a well-behaved frame never meets them.

/** At most this many boards share one frame (see README: several boards). */
export const MAX_BOARDS = 3;
/** Ids (frame ids, runtime ids, request ids) are short. */
export const MAX_ID_LENGTH = 200;
/** Serial entries in one bulkserial message. */
export const MAX_SERIAL_ENTRIES = 32;
/** Characters in one serial entry (the frame cuts longer batches). */
export const MAX_SERIAL_ENTRY_CHARS = 16_384;
/** A screenshot PNG (a 4096 px wide board is far below this). */
export const MAX_SCREENSHOT_BYTES = 8 * 1024 * 1024;
/** Pixels a picture may claim per side. */
export const MAX_PICTURE_SIDE = 4096;
/** Thumbnail frames in one message (the recorder keeps 30) and bytes per frame. */
export const MAX_THUMBNAIL_FRAMES = 30;
export const MAX_THUMBNAIL_BYTES = 256 * 1024;
/** Thumbnails are small: a 160 px wide card picture. */
export const MAX_THUMBNAIL_SIDE = 1024;
/** A GIF recording (60 s at 66 ms of a small board). */
export const MAX_RECORDING_BYTES = 32 * 1024 * 1024;
/** A runtime error message as shown to the learner, and its stack (kept for Details). */
export const MAX_ERROR_MESSAGE_CHARS = 1000;
export const MAX_ERROR_STACK_CHARS = 10_000;
export const MAX_STACK_FRAMES = 100;
/** Variables in one debugger list (globals, a frame's locals, a value's children). */
export const MAX_DEBUG_VARIABLES = 500;
/** Short texts: categories, messages of tick/error events, state keys. */
export const MAX_SHORT_TEXT = 1000;

/**
 * Messages per second the editor takes from one frame, by type (a token bucket each: `burst`
 * at once, refilled at `perSecond`). Beyond them messages are dropped and counted.
 */
export const FRAME_MESSAGE_RATES: Readonly<Record<string, { perSecond: number; burst: number }>> = {
  ready: { perSecond: 5, burst: 5 },
  status: { perSecond: 20, burst: 20 },
  toplevelcodefinished: { perSecond: 20, burst: 20 },
  bulkserial: { perSecond: 60, burst: 60 },
  screenshot: { perSecond: 5, burst: 5 },
  thumbnail: { perSecond: 0.2, burst: 2 },
  debugger: { perSecond: 10, burst: 10 },
  // Slow motion's `debugger` traces have their own bucket (see FRAME_TRACE_RATE).
  simulator: { perSecond: 4, burst: 4 },
  setmutebuttonstate: { perSecond: 10, burst: 10 },
  recorder: { perSecond: 4, burst: 4 },
  tick: { perSecond: 10, burst: 10 },
  error: { perSecond: 10, burst: 10 },
};
/**
 * Slow-motion traces (`debugger` messages of subtype `trace`): the runtime holds each statement
 * at least 50 ms, so three boards send at most 60 a second; a burst covers their timers lining up.
 */
export const FRAME_TRACE_RATE = { perSecond: 80, burst: 30 };
/** Every message of one frame together, whatever its type (unknown types count here too). */
export const FRAME_TOTAL_RATE = { perSecond: 200, burst: 200 };
/** Serial characters per second from one frame; more are dropped (and the console says so). */
export const FRAME_SERIAL_CHARS_PER_SECOND = 256 * 1024;
