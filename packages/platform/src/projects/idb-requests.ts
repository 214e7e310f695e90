// Small promise helpers over IndexedDB requests, and the one place IndexedDB errors are mapped
// to ProjectStoreError codes.
import { ProjectStoreError } from '@blockyard/projects';

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      // Handled here: keep the error from also reaching window.onerror as "uncaught".
      event.preventDefault();
      reject(idbError(request.error));
    };
  });
}

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
}

/** Maps whatever IndexedDB reported to a ProjectStoreError with a code the UI understands. */
export function idbError(error: unknown, context = 'The project database'): ProjectStoreError {
  if (error instanceof ProjectStoreError) return error;
  const name = errorName(error);
  const detail =
    error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)
      ? String(error.message)
      : String(error);
  switch (name) {
    case 'QuotaExceededError':
      return new ProjectStoreError('quota-exceeded', `${context} is full: ${detail}`, { cause: error });
    case 'InvalidStateError':
    case 'NotFoundError':
    case 'UnknownError':
    case 'VersionError':
    case 'SecurityError':
    case 'InvalidAccessError':
      return new ProjectStoreError('unavailable', `${context} cannot be used (${name}): ${detail}`, { cause: error });
    default:
      return new ProjectStoreError('failed', `${context} failed${name ? ` (${name})` : ''}: ${detail}`, {
        cause: error,
      });
  }
}

/** A readable text for any IndexedDB key (reports and recovery files). */
export function keyToText(key: IDBValidKey): string {
  if (typeof key === 'string') return key;
  if (typeof key === 'number') return String(key);
  if (key instanceof Date) return key.toISOString();
  if (Array.isArray(key)) return key.map((part) => keyToText(part)).join('#');
  return `binary key of ${key.byteLength} bytes`;
}
