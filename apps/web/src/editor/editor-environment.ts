// The effects the editor page needs beyond the app's Services: the page's one compiler worker and
// a way to make a simulator. The browser versions are the real worker and sandboxed frames; tests
// pass in-process ones through Services.editor.

import type { CompilerClient } from '@blockyard/sim';
import { sharedCompiler } from '../sim-host/compiler-service.ts';
import { createSimulator, type Simulator, type UseSimulatorOptions } from '../sim-host/use-simulator.ts';

export interface EditorEnvironment {
  compiler(): CompilerClient;
  createSimulator(options: UseSimulatorOptions): Simulator;
}

export const browserEditorEnvironment: EditorEnvironment = {
  compiler: sharedCompiler,
  createSimulator,
};
