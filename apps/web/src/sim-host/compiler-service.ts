// One compiler worker for the whole editor: the simulator pane and, later, the code editor's
// diagnostics share it, so TypeScript is loaded and warmed once.
import { CompilerClient } from '@blockyard/compiler-worker';
import { takeCompilerWorker } from './compiler-worker.ts';

let shared: CompilerClient | undefined;

export function sharedCompiler(): CompilerClient {
  shared ??= new CompilerClient(takeCompilerWorker);
  return shared;
}
