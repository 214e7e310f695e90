import * as v from 'valibot';
import { ApiError } from './api-error.ts';

/** Parses input with a valibot schema; a mismatch is a 400 naming the first problem in plain words. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue?.path?.map((item) => String(item.key)).join('.') ?? '';
  throw new ApiError(
    400,
    `The ${what} was not understood${path ? ` (${path})` : ''}: ${issue?.message ?? 'invalid'}.`,
    'invalid',
  );
}
