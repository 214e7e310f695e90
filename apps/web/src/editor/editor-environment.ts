// The effects the editor page needs beyond the app's Services: the page's one compiler worker and
// a way to make a simulator. The browser's are sandboxed frames around the CompilerClient the
// composition root made (Services.compiler); tests pass in-process ones through Services.editor.

import type { CompilerClient } from '@blockyard/compiler-worker';
import { buildProjectDownload } from './files/download-project.ts';
import { createSimulator, type Simulator, type UseSimulatorOptions } from '../sim-host/use-simulator.ts';

export interface EditorEnvironment {
  compiler(): CompilerClient;
  createSimulator(options: UseSimulatorOptions): Simulator;
  /**
   * Builds Download's file. The result's `runnable` says whether a .hex holds a program the
   * board can run; today's writer never does (it carries the source only), and the editor says
   * so. The native back end switches it on by writing a real program (detected from the bytes),
   * or by supplying its own builder here.
   */
  buildDownload: typeof buildProjectDownload;
}

/**
 * The browser's environment over the page's one CompilerClient, shared by the simulator, the code
 * editor and package help, so TypeScript loads and warms once.
 */
export function browserEditorEnvironment(compiler: CompilerClient): EditorEnvironment {
  return {
    compiler: () => compiler,
    createSimulator: (options) => createSimulator(options, compiler),
    buildDownload: buildProjectDownload,
  };
}
