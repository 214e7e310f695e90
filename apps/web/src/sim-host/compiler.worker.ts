// The compiler worker (a module worker, started on first compile): TypeScript and the micro:bit
// library live here, off the page's main thread and out of its first load. It also answers the
// code editor's language-service questions and converts blocks <-> code with the same API
// metadata the page's blocks use (read at build time).
import { startCompilerWorker } from '@blockyard/sim';
import ts from 'typescript';
import { apiMetadata } from 'virtual:blockyard/api-metadata';

startCompilerWorker(self, ts, undefined, { metadata: apiMetadata });
