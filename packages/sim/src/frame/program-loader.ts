// Loads compiled programs in a page whose Content-Security-Policy refuses string evaluation
// (the simulator frame's: scripts from 'self' and blob: only). The program text becomes a
// blob: module exporting the factory; once imported, the runtime's evaluator hands it out.
// The wrapper has the same two header lines as `new Function`, so error positions line up.

import { PROGRAM_SOURCE_URL, type ProgramEvaluator, type ProgramFactory } from '@blockyard/runtime';

/** Lines before the body in the module text below. */
export const MODULE_HEADER_LINES = 2;

/** The module text for a program body: the factory as its default export. */
export function programModuleText(js: string): string {
  return `export default function ($rt, $h, $api\n) {\n${js}\n}\n//# sourceURL=${PROGRAM_SOURCE_URL}`;
}

export interface ModuleHost {
  /** An address the page may import the module text from (a blob: URL in browsers). */
  createUrl(text: string): string;
  revokeUrl(url: string): void;
  importModule(url: string): Promise<unknown>;
}

export const browserModuleHost: ModuleHost = {
  createUrl: (text) => URL.createObjectURL(new Blob([text], { type: 'text/javascript' })),
  revokeUrl: (url) => URL.revokeObjectURL(url),
  importModule: (url) => import(/* @vite-ignore */ url),
};

/** Keeps the factories of the last few programs (a restart reuses the loaded one). */
const KEEP = 4;

export class ModuleProgramLoader implements ProgramEvaluator {
  readonly headerLines = MODULE_HEADER_LINES;
  private readonly loaded = new Map<string, ProgramFactory>();

  constructor(private readonly host: ModuleHost = browserModuleHost) {}

  /** Loads `js` so that `evaluate(js)` can return it; rejects with the engine's syntax error. */
  async preload(js: string): Promise<void> {
    if (this.loaded.has(js)) return;
    const url = this.host.createUrl(programModuleText(js));
    try {
      const module = await this.host.importModule(url);
      const factory = (module as { default?: unknown } | undefined)?.default;
      if (typeof factory !== 'function') throw new Error('The program module has no factory.');
      this.loaded.set(js, factory as ProgramFactory);
      while (this.loaded.size > KEEP) this.loaded.delete(this.loaded.keys().next().value as string);
    } finally {
      this.host.revokeUrl(url);
    }
  }

  evaluate(js: string): ProgramFactory {
    const factory = this.loaded.get(js);
    if (!factory) throw new Error('The program was not loaded before it was started.');
    return factory;
  }
}
