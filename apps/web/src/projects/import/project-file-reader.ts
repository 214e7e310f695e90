import { isImportWorkerMessage, type ReadRequest } from './import-protocol.ts';
import { importProjectFile, type FileImport } from './read-project-bytes.ts';

export interface ReadFileOptions {
  /** How far unpacking has got, 0-1 (only for compressed projects). */
  onProgress?: (fraction: number) => void;
  /** Aborting stops the read at once; it then resolves with problem 'cancelled'. */
  signal?: AbortSignal;
}

/** Reads a picked or dropped file into projects to create. */
export interface ProjectFileReader {
  read(file: Pick<File, 'name' | 'arrayBuffer'>, options?: ReadFileOptions): Promise<FileImport>;
}

/** On the page's own thread: for tests and for browsers without module workers. */
export class InProcessProjectFileReader implements ProjectFileReader {
  async read(file: Pick<File, 'name' | 'arrayBuffer'>, options: ReadFileOptions = {}): Promise<FileImport> {
    if (options.signal?.aborted) return { ok: false, problem: 'cancelled' };
    const result = await importProjectFile(file);
    return options.signal?.aborted ? { ok: false, problem: 'cancelled' } : result;
  }
}

/** The parts of Worker used here, so tests can stand in for it. */
export interface ImportWorker {
  postMessage(message: ReadRequest, transfer: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/**
 * Reads each file in a worker of its own, started for it and ended when it answers: the page
 * stays responsive however long unpacking takes, and cancelling ends the worker mid-work.
 */
export class WorkerProjectFileReader implements ProjectFileReader {
  constructor(private readonly startWorker: () => ImportWorker) {}

  async read(file: Pick<File, 'name' | 'arrayBuffer'>, options: ReadFileOptions = {}): Promise<FileImport> {
    const { signal, onProgress } = options;
    if (signal?.aborted) return { ok: false, problem: 'cancelled' };
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      return { ok: false, problem: 'unreadable' };
    }
    if (signal?.aborted) return { ok: false, problem: 'cancelled' };
    let worker: ImportWorker;
    try {
      worker = this.startWorker();
    } catch {
      return new InProcessProjectFileReader().read(file, options);
    }
    return new Promise<FileImport>((resolve) => {
      const finish = (result: FileImport) => {
        worker.terminate();
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const onAbort = () => finish({ ok: false, problem: 'cancelled' });
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.onmessage = (event) => {
        const message = event.data;
        if (!isImportWorkerMessage(message)) return;
        if (message.type === 'progress') onProgress?.(message.fraction);
        else finish(message.result);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        finish({ ok: false, problem: 'unreadable' });
      };
      worker.postMessage({ type: 'read', fileName: file.name, bytes }, [bytes.buffer]);
    });
  }
}

/** The browser's reader: a module worker per file, built by Vite. */
export function browserProjectFileReader(): ProjectFileReader {
  if (typeof Worker === 'undefined') return new InProcessProjectFileReader();
  return new WorkerProjectFileReader(
    () =>
      new Worker(new URL('./project-import.worker.ts', import.meta.url), {
        type: 'module',
        name: 'project-import',
      }),
  );
}
