// One compiler worker for the whole editor: the simulator pane and, later, the code editor's
// diagnostics share it, so TypeScript is loaded and warmed once.
import { CompilerClient } from '@blockyard/sim';

let shared: CompilerClient | undefined;

export function sharedCompiler(): CompilerClient {
  shared ??= new CompilerClient(() => new Worker(new URL('./compiler.worker.ts', import.meta.url), { type: 'module' }));
  return shared;
}
