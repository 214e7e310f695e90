// Messages between the page and the project import worker (project-import.worker.ts).
import type { FileImport } from './read-project-bytes.ts';

/** Page -> worker: read one file (the bytes are transferred, not copied). */
export interface ReadRequest {
  readonly type: 'read';
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/** Worker -> page. */
export type ImportWorkerMessage =
  /** How far unpacking has got, 0-1. */
  { readonly type: 'progress'; readonly fraction: number } | { readonly type: 'done'; readonly result: FileImport };

export function isImportWorkerMessage(value: unknown): value is ImportWorkerMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type } = value as { type?: unknown };
  return type === 'progress' || type === 'done';
}
