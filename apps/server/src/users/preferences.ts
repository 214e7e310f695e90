import {
  defaultPreferences,
  FORBIDDEN_POINTER_SEGMENTS,
  pointerSegments,
  type PatchOperation,
  type UserPreferences,
} from '@blockyard/cloud/protocol';
import { applyPatch, type Operation } from 'rfc6902';
import * as v from 'valibot';
import { ApiError } from '../api/api-error.ts';

const operation = v.object({
  op: v.picklist(['add', 'remove', 'replace', 'move', 'copy', 'test']),
  path: v.pipe(v.string(), v.maxLength(500)),
  value: v.optional(v.unknown()),
  from: v.optional(v.pipe(v.string(), v.maxLength(500))),
});

/** The known preferences must keep their types (spec 000 §3); others are kept as sent. */
const knownPreferences = v.looseObject({
  language: v.pipe(v.string(), v.maxLength(20)),
  highContrast: v.boolean(),
  colorThemeIds: v.record(v.pipe(v.string(), v.maxLength(100)), v.pipe(v.string(), v.maxLength(100))),
  reader: v.pipe(v.string(), v.maxLength(100)),
  skillmap: v.looseObject({
    mapProgress: v.record(v.string(), v.unknown()),
    completedTags: v.record(v.string(), v.unknown()),
  }),
  email: v.boolean(),
});

/** Checks a patch's shape: a list of RFC 6902 operations, no path reaching a prototype. */
export function parsePatch(input: unknown, maxOperations: number): PatchOperation[] {
  const result = v.safeParse(v.array(operation), input);
  if (!result.success) {
    throw new ApiError(400, 'The settings change was not a list of operations (op, path, value).', 'invalid');
  }
  const operations = result.output as PatchOperation[];
  if (operations.length > maxOperations) {
    throw new ApiError(413, `Too many settings changes at once (at most ${maxOperations}).`, 'too-large');
  }
  for (const op of operations) {
    for (const pointer of [op.path, op.from]) {
      if (pointer === undefined) continue;
      const segments = pointerSegments(pointer);
      if (segments === null || segments.length === 0 || segments.some((s) => FORBIDDEN_POINTER_SEGMENTS.includes(s))) {
        throw new ApiError(400, `The settings path "${pointer.slice(0, 80)}" is not allowed.`, 'invalid');
      }
    }
    if ((op.op === 'add' || op.op === 'replace' || op.op === 'test') && !('value' in op)) {
      throw new ApiError(400, `The "${op.op}" of ${op.path.slice(0, 80)} has no value.`, 'invalid');
    }
  }
  return operations;
}

/** Stored preferences over the defaults (new keys of the defaults appear for old accounts). */
export function withDefaults(stored: Record<string, unknown> | undefined): UserPreferences {
  const merged: UserPreferences = { ...defaultPreferences(), ...(stored ?? {}) };
  return merged;
}

/**
 * Applies a patch to a copy of the preferences and checks the result (types of the known keys,
 * size). Throws a 409 naming the operation when one cannot apply (for example a `test` that
 * fails), a 400/413 when the result is not acceptable.
 */
export function applyPreferencePatch(
  current: UserPreferences,
  operations: readonly PatchOperation[],
  maxCharacters: number,
): UserPreferences {
  const copy = structuredClone<UserPreferences>(current);
  const results = applyPatch(copy, operations as Operation[]);
  const failed = results.findIndex((result) => result !== null);
  if (failed >= 0) {
    const op = operations[failed];
    throw new ApiError(
      409,
      `The settings change could not be applied (${op?.op ?? ''} ${op?.path.slice(0, 80) ?? ''}).`,
      'patch-failed',
      { failedIndex: failed },
    );
  }
  if (!v.is(knownPreferences, copy)) {
    throw new ApiError(400, 'That settings change would give a setting the wrong kind of value.', 'invalid');
  }
  if (JSON.stringify(copy).length > maxCharacters) {
    throw new ApiError(413, 'The settings are too big to save.', 'too-large');
  }
  return copy;
}
