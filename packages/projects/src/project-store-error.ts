/**
 * Why a store operation failed. The UI picks its message by code; `message` is for logs.
 * - not-found: no project (or version) with that id.
 * - damaged: the record exists but cannot be read; it is kept for recovery.
 * - invalid-name: the name breaks the rules of project-name.ts.
 * - invalid-files: a file map with something other than text in it.
 * - not-trashed: purge is only for projects in the trash.
 * - quota-exceeded: the browser refused to store more.
 * - unavailable: the database is closed, blocked or broken.
 * - failed: anything else the storage reported.
 */
export type ProjectStoreErrorCode =
  | 'not-found'
  | 'damaged'
  | 'invalid-name'
  | 'invalid-files'
  | 'not-trashed'
  | 'quota-exceeded'
  | 'unavailable'
  | 'failed';

export class ProjectStoreError extends Error {
  override readonly name = 'ProjectStoreError';

  constructor(
    readonly code: ProjectStoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isProjectStoreError(error: unknown, code?: ProjectStoreErrorCode): error is ProjectStoreError {
  return error instanceof ProjectStoreError && (code === undefined || error.code === code);
}

/** Wraps anything thrown by storage so callers only ever see a ProjectStoreError. */
export function toProjectStoreError(error: unknown): ProjectStoreError {
  if (error instanceof ProjectStoreError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ProjectStoreError('failed', message || 'Storage failed', { cause: error });
}
