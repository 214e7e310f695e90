import { isSafeFileName } from '@blockyard/core';
import * as v from 'valibot';
import { ApiError } from '../api/api-error.ts';

const MAX_PROJECT_NAME_LENGTH = 100;

/** A project id chosen by a device: letters, digits, `-` and `_` (uuids, our sequential ids). */
export const projectId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/));

export const projectName = v.pipe(
  v.string(),
  v.transform((name) => name.replace(/\s+/g, ' ').trim()),
  v.minLength(1, 'the name is empty'),
  v.maxLength(MAX_PROJECT_NAME_LENGTH, `the name is longer than ${MAX_PROJECT_NAME_LENGTH} characters`),
);

export const filesMap = v.record(v.string(), v.string());

/** Checks a files map against the limits; returns its size in characters. */
export function checkFiles(files: Record<string, string>, maxFiles: number, maxCharacters: number): number {
  const names = Object.keys(files);
  if (names.length > maxFiles) {
    throw new ApiError(413, `A project may have at most ${maxFiles} files.`, 'too-large');
  }
  let size = 0;
  for (const name of names) {
    if (!isSafeFileName(name))
      throw new ApiError(400, `"${name.slice(0, 60)}" is not a file name we can store.`, 'invalid');
    size += name.length + (files[name]?.length ?? 0);
  }
  if (size > maxCharacters) {
    throw new ApiError(
      413,
      `This project is too big for the cloud (${Math.ceil(size / 1000)} thousand characters; at most ${maxCharacters / 1000} thousand).`,
      'too-large',
    );
  }
  return size;
}
