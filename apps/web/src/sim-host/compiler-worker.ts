// The compiler worker's script (TypeScript and the micro:bit library, about 1 MB gzip) takes
// seconds to load on a busy Chromebook. The home page starts it the moment a project is opened,
// before the editor's own code has loaded, and the editor's compiler client adopts it.
import { CompilerClient } from '@blockyard/compiler-worker/client';

let early: Worker | undefined;

function newCompilerWorker(): Worker {
  return new Worker(new URL('./compiler.worker.ts', import.meta.url), { type: 'module' });
}

/** Starts loading the compiler worker ahead of the editor (nothing where workers are missing). */
export function startCompilerWorkerEarly(): void {
  if (early || typeof Worker !== 'function') return;
  try {
    performance.mark('blockyard:worker:start');
    early = newCompilerWorker();
  } catch {
    // The editor starts its own when it needs one.
  }
}

/** The worker started early, if any (once), else a new one. */
function takeCompilerWorker(): Worker {
  const worker = early ?? newCompilerWorker();
  early = undefined;
  return worker;
}

/** The page's compiler client (the composition root makes one): it adopts the early worker on first use. */
export function createCompiler(): CompilerClient {
  return new CompilerClient(takeCompilerWorker);
}
