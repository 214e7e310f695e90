// The effects the editor page needs beyond the app's Services: the page's one compiler worker and
// a way to make a simulator. The browser versions are the real worker and sandboxed frames; tests
// pass in-process ones through Services.editor.

import type { CompilerClient } from '@blockyard/compiler-worker';
import { buildProjectDownload } from './files/download-project.ts';
import { sharedCompiler } from '../sim-host/compiler-service.ts';
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

export const browserEditorEnvironment: EditorEnvironment = {
  compiler: sharedCompiler,
  createSimulator,
  buildDownload: buildProjectDownload,
};
