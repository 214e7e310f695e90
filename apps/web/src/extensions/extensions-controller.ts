// The open project's extensions, outside React: loads them whenever pxt.json's dependencies change
// (the dialog, another tab, a restored version), hands their TypeScript to the compiler worker
// (whose answer is the blocks the toolbox adds), and adds or removes one by editing pxt.json only.
// A load that a newer one overtook is dropped. Loading never fails: problems are in the state.

import type { ApiMetadata } from '@blockyard/language';
import type { SessionAutosave, SessionCompiler } from '../editor/session/session-types.ts';
import {
  dependenciesKey,
  type ExtensionHost,
  type ExtensionsLoad,
  loadProjectExtensions,
  NO_EXTENSIONS,
  type PreparedExtension,
  withDependency,
  withExtensionHelp,
  withoutDependency,
} from './project-extensions.ts';

export interface ExtensionsState {
  readonly status: 'loading' | 'ready';
  readonly load: ExtensionsLoad;
  /** The blocks, categories and enums the extensions add (null: none). */
  readonly metadata: ApiMetadata | null;
  /** Per extension id: its functions that exist only as C++ on the board. */
  readonly boardOnly: Readonly<Record<string, readonly string[]>>;
}

export interface ExtensionsControllerOptions {
  autosave: SessionAutosave;
  compiler: SessionCompiler;
  host: ExtensionHost | undefined;
}

const EMPTY: ExtensionsState = { status: 'ready', load: NO_EXTENSIONS, metadata: null, boardOnly: {} };

export class ExtensionsController {
  private state: ExtensionsState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private key: string | undefined;
  private sequence = 0;
  private unsubscribe: (() => void) | undefined;
  private readonly fileListeners = new Set<() => void>();

  constructor(private readonly options: ExtensionsControllerOptions) {}

  get host(): ExtensionHost | undefined {
    return this.options.host;
  }

  /** Loads now and again whenever the dependencies change. Resolves when the first load is done. */
  start(): Promise<void> {
    this.unsubscribe ??= this.options.autosave.subscribe(() => void this.refresh());
    return this.refresh();
  }

  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.sequence++;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears when the extensions' files changed (the program should run again with them). */
  onFilesChanged(listener: () => void): () => void {
    this.fileListeners.add(listener);
    return () => this.fileListeners.delete(listener);
  }

  getState(): ExtensionsState {
    return this.state;
  }

  /** The loaded extensions' TypeScript for the compiler (`pxt_modules/<id>/<file>.ts`). */
  files(): Readonly<Record<string, string>> {
    return this.state.load.files;
  }

  /** Adds the extension (or moves it to this version) in pxt.json; the load follows. */
  add(extension: PreparedExtension): Promise<void> {
    const files = this.options.autosave.getContent().files;
    this.options.autosave.edit({ files: { 'pxt.json': withDependency(files, extension.id, extension.spec) } });
    return this.refresh();
  }

  /** Takes the extension out of pxt.json. Blocks of it in the program stay (shown grey). */
  remove(id: string): Promise<void> {
    const files = this.options.autosave.getContent().files;
    this.options.autosave.edit({ files: { 'pxt.json': withoutDependency(files, id) } });
    return this.refresh();
  }

  private async refresh(): Promise<void> {
    const files = this.options.autosave.getContent().files;
    const key = dependenciesKey(files);
    if (key === this.key) return;
    this.key = key;
    const sequence = ++this.sequence;
    this.set({ ...this.state, status: 'loading' });
    const load = await loadProjectExtensions(files, this.options.host).catch(() => NO_EXTENSIONS);
    if (sequence !== this.sequence) return;
    let metadata: ApiMetadata | null = null;
    let boardOnly: ExtensionsState['boardOnly'] = {};
    const hadFiles = Object.keys(this.state.load.files).length > 0;
    if (Object.keys(load.files).length > 0 || hadFiles) {
      try {
        const answer = await this.options.compiler.service({ op: 'extensions', files: { ...load.files } });
        if (Object.keys(load.files).length > 0) {
          metadata = withExtensionHelp(answer.metadata, answer.packageOf ?? {}, load.extensions);
          boardOnly = answer.boardOnly;
        }
      } catch {
        // The worker failed: the code still compiles with the extensions, only their blocks are missing.
      }
    }
    if (sequence !== this.sequence) return;
    this.set({ status: 'ready', load, metadata, boardOnly });
    if (Object.keys(load.files).length > 0 || hadFiles) for (const listener of this.fileListeners) listener();
  }

  private set(state: ExtensionsState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
