import type { Clock, TimerHandle } from '@blockyard/core';
import type { ProjectFileReader } from './project-file-reader.ts';
import type { FileImport } from './read-project-bytes.ts';

export type ImportState =
  | { readonly status: 'idle' }
  /**
   * `fraction` is null until the reader reports progress (only compressed projects do);
   * `shown` turns true once reading has taken long enough to be worth a dialog.
   */
  | { readonly status: 'reading'; readonly fileName: string; readonly fraction: number | null; readonly shown: boolean }
  /** `message` is the whole sentence to show; `detail` the exact technical text, if any. */
  | {
      readonly status: 'failed';
      readonly fileName: string;
      readonly message: string;
      readonly detail: string | undefined;
    };

/**
 * Reading this long before the progress dialog appears (quick files never flash one), unless
 * the reader reports unpacking progress before.
 */
export const IMPORT_DIALOG_DELAY_MS = 250;

/**
 * One import at a time on a screen, as observable state for the import dialog: reading (with
 * progress, cancellable), then either the projects to create or a failure the learner reads
 * and closes. A new import cancels one still running.
 */
export class ImportController {
  private state: ImportState = { status: 'idle' };
  private readonly listeners = new Set<() => void>();
  private abort: AbortController | null = null;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly reader: ProjectFileReader,
    private readonly clock: Clock,
  ) {}

  getState(): ImportState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async read(file: Pick<File, 'name' | 'arrayBuffer'>): Promise<FileImport> {
    this.cancel();
    const abort = new AbortController();
    this.abort = abort;
    this.set({ status: 'reading', fileName: file.name, fraction: null, shown: false });
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (this.state.status === 'reading' && this.abort === abort) this.set({ ...this.state, shown: true });
    }, IMPORT_DIALOG_DELAY_MS);
    const result = await this.reader.read(file, {
      signal: abort.signal,
      onProgress: (fraction) => {
        // Unpacking has begun (only compressed projects report it): worth showing at once.
        if (this.state.status === 'reading' && this.abort === abort) this.set({ ...this.state, fraction, shown: true });
      },
    });
    if (this.abort === abort) {
      this.abort = null;
      this.clearTimer();
      if (this.state.status === 'reading') this.set({ status: 'idle' });
    }
    return result;
  }

  /** Stops the import under way (its read resolves as 'cancelled'). */
  cancel(): void {
    this.abort?.abort();
    this.abort = null;
    this.clearTimer();
    if (this.state.status === 'reading') this.set({ status: 'idle' });
  }

  /** Shows why a file could not be imported, until the learner closes it. */
  fail(fileName: string, message: string, detail?: string): void {
    this.set({ status: 'failed', fileName, message, detail });
  }

  dismiss(): void {
    if (this.state.status === 'failed') this.set({ status: 'idle' });
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clear(this.timer);
    this.timer = null;
  }

  private set(state: ImportState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}
