// The editor's check of every message a simulator frame posts (valibot). A frame is untrusted:
// each message must match its schema and stay within frame-limits.ts, or it is dropped; what
// passes is a fresh object with only the known fields. Lengths are checked before anything is
// walked, so an oversized message costs no more than looking at its length.

import * as v from 'valibot';
import {
  MAX_BOARDS,
  MAX_ID_LENGTH,
  MAX_PICTURE_SIDE,
  MAX_RECORDING_BYTES,
  MAX_SCREENSHOT_BYTES,
  MAX_SERIAL_ENTRIES,
  MAX_SERIAL_ENTRY_CHARS,
  MAX_SHORT_TEXT,
  MAX_THUMBNAIL_BYTES,
  MAX_THUMBNAIL_FRAMES,
  MAX_THUMBNAIL_SIDE,
} from './frame-limits.ts';
import { debuggerEventSchema } from './debugger-messages.ts';
import type { FrameToHostMessage } from './protocol.ts';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const id = text(MAX_ID_LENGTH);
const finite = v.pipe(v.number(), v.finite());
const side = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max));
const board = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_BOARDS));

/** Bytes (a PNG or GIF) of at most `max` bytes. */
const bytes = (max: number) =>
  v.pipe(
    v.instance(Uint8Array),
    v.check((data) => data.byteLength <= max, 'too large'),
  );

/** An array of at most `max` items, its length checked before any item is looked at. */
function list<T extends v.GenericSchema>(item: T, max: number) {
  return v.pipe(
    v.custom<unknown[]>((value) => Array.isArray(value) && value.length <= max, 'too many items'),
    v.array(item),
  );
}

/** A record of at most `max` keys whose values are short texts or numbers. */
const eventData = v.pipe(
  v.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length <= 20,
    'too many keys',
  ),
  v.record(text(100), v.union([text(MAX_SHORT_TEXT), finite])),
);

const serialEntry = v.object({ time: finite, data: text(MAX_SERIAL_ENTRY_CHARS), board });
const frameToHostSchema = v.variant('type', [
  v.object({ type: v.literal('ready'), frameid: id }),
  v.object({ type: v.literal('status'), frameid: id, runtimeid: id, state: v.picklist(['running', 'killed']) }),
  v.object({ type: v.literal('toplevelcodefinished'), frameid: v.optional(id), runtimeid: v.optional(id) }),
  v.object({
    type: v.literal('bulkserial'),
    id,
    sim: v.optional(v.literal(true), true),
    data: list(serialEntry, MAX_SERIAL_ENTRIES),
  }),
  v.object({
    type: v.literal('screenshot'),
    data: bytes(MAX_SCREENSHOT_BYTES),
    time: finite,
    delay: v.optional(finite),
    width: side(MAX_PICTURE_SIDE),
    height: side(MAX_PICTURE_SIDE),
    requestId: v.optional(id),
    fromUser: v.optional(v.boolean()),
  }),
  v.object({
    type: v.literal('thumbnail'),
    frames: list(bytes(MAX_THUMBNAIL_BYTES), MAX_THUMBNAIL_FRAMES),
    width: side(MAX_THUMBNAIL_SIDE),
    height: side(MAX_THUMBNAIL_SIDE),
  }),
  // Stops, traces, variables answers and warnings: one schema with the worker's side.
  debuggerEventSchema,
  v.variant('command', [
    v.object({
      type: v.literal('simulator'),
      command: v.literal('setstate'),
      stateKey: text(100),
      stateValue: v.union([text(MAX_SHORT_TEXT), finite, v.boolean()]),
    }),
    v.object({ type: v.literal('simulator'), command: v.picklist(['reload', 'restart']) }),
  ]),
  v.object({ type: v.literal('setmutebuttonstate'), state: v.picklist(['muted', 'unmuted', 'disabled']) }),
  v.object({
    type: v.literal('recorder'),
    action: v.picklist(['start', 'stop']),
    data: v.optional(bytes(MAX_RECORDING_BYTES)),
    width: v.optional(side(MAX_PICTURE_SIDE)),
    height: v.optional(side(MAX_PICTURE_SIDE)),
  }),
  v.object({
    type: v.picklist(['tick', 'error']),
    category: text(MAX_SHORT_TEXT),
    message: text(MAX_SHORT_TEXT),
    data: v.optional(eventData),
  }),
]);

/** Parses a message the editor received from a frame; undefined for anything invalid or too big. */
export function parseFrameToHostMessage(data: unknown): FrameToHostMessage | undefined {
  try {
    const result = v.safeParse(frameToHostSchema, data);
    // The schema's output type is checked against the protocol's types here.
    const message: FrameToHostMessage | undefined = result.success ? result.output : undefined;
    return message;
  } catch {
    // A getter or proxy that throws (only possible in-process) is just an invalid message.
    return undefined;
  }
}
