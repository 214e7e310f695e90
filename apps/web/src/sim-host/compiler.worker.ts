// The compiler worker (a module worker, started on first compile): TypeScript and the micro:bit
// library live here, off the page's main thread and out of its first load. It also answers the
// code editor's language-service questions, converts blocks <-> code with the same API metadata
// the page's blocks use (read at build time), and builds Download's .hex for the board with the
// firmware the app serves (firmware/, fetched on the first Download, then from Cache Storage).
import { FetchFirmwareLoader } from '@blockyard/platform';
import { startCompilerWorker } from '@blockyard/compiler-worker';
import ts from 'typescript';
import { apiMetadata } from 'virtual:blockyard/api-metadata';

const firmware = new FetchFirmwareLoader({ baseUrl: new URL('/firmware/', self.location.href).href });
// Warms at once: the page starts this worker as a project opens, before the editor asks.
startCompilerWorker(self, ts, undefined, { metadata: apiMetadata, firmware, warmAtStart: true });
