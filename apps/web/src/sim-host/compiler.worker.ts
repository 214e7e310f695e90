// The compiler worker (a module worker, started on first compile): TypeScript and the micro:bit
// library live here, off the page's main thread and out of its first load.
import { startCompilerWorker } from '@blockyard/sim';
import ts from 'typescript';

startCompilerWorker(self, ts);
