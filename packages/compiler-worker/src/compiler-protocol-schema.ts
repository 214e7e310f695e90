// The compiler worker's check of every message it takes and every reply the page takes
// (valibot). What passes is a fresh object with only the known fields; what does not gets a
// plain error naming the first field that is wrong, so a bad request is answered, not dropped.
// Sizes are capped: the learner's project is large but bounded (see MAX_* below).

import * as v from 'valibot';
import type { CompileResult } from '@blockyard/language';
import type { CompilerRequest, CompilerResponse, ServiceRequest } from './compiler-protocol.ts';
import type { DeviceBuildOutcome } from './device-builder.ts';

/** Files in one request (a project with many extensions has a few hundred). */
export const MAX_FILES = 2000;
/** One file's name. */
const MAX_NAME = 500;
/** One file's text, or one program text (as the simulator frame's MAX_CODE_LENGTH). */
export const MAX_TEXT = 16 * 1024 * 1024;
/** Programs in one readExtensionsPython request (an extension's examples). */
const MAX_PROGRAMS = 1000;

const text = v.pipe(v.string(), v.maxLength(MAX_TEXT));
const name = v.pipe(v.string(), v.maxLength(MAX_NAME));
const id = v.pipe(v.number(), v.integer());
const offset = v.pipe(v.number(), v.integer(), v.minValue(0));
const ms = v.pipe(v.number(), v.finite());

/** A record with at most `max` keys, counted before any value is looked at. */
function capped<T extends v.GenericSchema>(value: T, max: number, what: string) {
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
      'Invalid type: Expected Object',
    ),
    v.check((input) => Object.keys(input).length <= max, `too many ${what} (at most ${max})`),
    v.record(name, value),
  );
}

const files = capped(text, MAX_FILES, 'files');

const editRequest = v.object({
  op: v.literal('edit'),
  from: v.picklist(['blocks', 'python']),
  text,
  files,
  build: v.picklist(['run', 'check']),
  debug: v.optional(v.boolean()),
  unlessCode: v.optional(text),
});

const serviceRequestSchema = v.variant('op', [
  v.object({ op: v.picklist(['completions', 'quickInfo', 'signatureHelp']), files, file: name, offset }),
  v.object({ op: v.literal('completionDetails'), files, file: name, offset, name }),
  v.object({ op: v.picklist(['diagnostics', 'format']), files, file: name }),
  v.object({ op: v.literal('toBlocks'), files, previousXml: v.optional(text) }),
  v.object({ op: v.literal('toCode'), xml: text }),
  editRequest,
  v.object({ op: v.literal('fromPython'), python: text, files }),
  v.object({ op: v.literal('toPython'), code: v.optional(text), xml: v.optional(text) }),
  v.object({ op: v.literal('warmPython') }),
  v.object({ op: v.picklist(['extensions', 'readExtensions']), files }),
  v.object({
    op: v.literal('readExtensionsPython'),
    files,
    code: v.pipe(v.array(text), v.maxLength(MAX_PROGRAMS)),
  }),
]);

const compilerRequestSchema = v.variant('type', [
  v.object({ type: v.literal('warm') }),
  v.object({
    type: v.literal('compile'),
    id,
    files,
    options: v.optional(v.object({ debug: v.optional(v.boolean()) })),
  }),
  v.object({ type: v.literal('service'), id, request: serviceRequestSchema }),
  v.object({ type: v.literal('device'), id, files, project: files, name, editorUrl: v.optional(name) }),
]);

const timings = v.optional(v.record(name, ms));
const startedAt = v.optional(ms);

// Replies come from our own worker: the envelope is checked, the payload's shape (a compiler
// result, a service answer) is the worker's contract and read by each caller.
const compilerResponseSchema = v.variant('type', [
  v.object({ type: v.literal('warmed'), ms }),
  v.object({
    type: v.literal('result'),
    id,
    result: v.custom<CompileResult>(
      (value) => typeof value === 'object' && value !== null && Array.isArray((value as CompileResult).diagnostics),
      'not a compile result',
    ),
    ms,
    timings,
    startedAt,
  }),
  v.object({ type: v.literal('answer'), id, answer: v.unknown(), ms, timings, startedAt }),
  v.object({
    type: v.literal('device'),
    id,
    outcome: v.custom<DeviceBuildOutcome>(
      (value) => typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string',
      'not a device build outcome',
    ),
    ms,
  }),
  v.object({ type: v.literal('progress'), id, step: v.literal('firmware') }),
  v.object({ type: v.literal('failed'), id, message: v.string() }),
]);

/** A checked message, or what is wrong with it (and its id, when that much could be read). */
export type Checked<T> = { ok: true; message: T } | { ok: false; error: string; id?: number };

function check<T>(schema: v.GenericSchema<unknown, T>, data: unknown): Checked<T> {
  let result: v.SafeParseResult<typeof schema>;
  try {
    result = v.safeParse(schema, data, { abortEarly: true });
  } catch {
    // A getter or proxy that throws (only possible in-process) is just an invalid message.
    return { ok: false, error: 'the message could not be read' };
  }
  if (result.success) return { ok: true, message: result.output };
  const issue = result.issues[0];
  const path = issue.path?.map((item) => String(item.key)).join('.');
  const error = `${path ? `${path}: ` : ''}${issue.message}`;
  const raw = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined;
  return Number.isInteger(raw) ? { ok: false, error, id: raw as number } : { ok: false, error };
}

export function checkCompilerRequest(data: unknown): Checked<CompilerRequest> {
  return check<CompilerRequest>(compilerRequestSchema, data);
}

export function checkServiceRequest(data: unknown): Checked<ServiceRequest> {
  return check<ServiceRequest>(serviceRequestSchema, data);
}

export function checkCompilerResponse(data: unknown): Checked<CompilerResponse> {
  return check<CompilerResponse>(compilerResponseSchema, data);
}
