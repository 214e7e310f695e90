// The program worker's bundle (see @blockyard/sim frame/worker/program-link.ts). Its script is a
// blob: made by the simulator page: the compiled program's factory, stored in a global, and then
// this bundle's text, which the page carries (build/program-worker-source-plugin.ts). It hands that factory to the runtime and runs the worker body:
// the learner's program runs only here, in a worker that has no window and can reach nothing
// but its page, which checks everything it sends.
// The clock alone: the package's entry brings storage code (and semver) this worker never runs.
import { SystemClock } from '@blockyard/platform/system-clock';
import type { ProgramFactory } from '@blockyard/runtime';
import {
  PROGRAM_GLOBAL,
  PROGRAM_LINES_GLOBAL,
  WORKER_PROGRAM_HEADER_LINES,
  WholeMillisecondClock,
  type ProgramWorkerScope,
  startProgramWorker,
} from '@blockyard/sim/program-worker';

// The worker global: postMessage and message events, and the program factory the script left.
const scope = self as unknown as ProgramWorkerScope & Record<string, unknown>;
const factory = scope[PROGRAM_GLOBAL];
const lastLine = scope[PROGRAM_LINES_GLOBAL];
if (typeof factory !== 'function') throw new Error('The program was not loaded.');
startProgramWorker(scope, {
  clock: new WholeMillisecondClock(new SystemClock()),
  js: '',
  loaded: {
    factory: factory as ProgramFactory,
    headerLines: WORKER_PROGRAM_HEADER_LINES,
    // This bundle follows the program in the same script: its frames are not the program's.
    ...(typeof lastLine === 'number' ? { lastLine } : {}),
  },
  timeOrigin: performance.timeOrigin,
});
