// What the program worker's bundle needs (`@blockyard/sim/program-worker`), without the rest of
// the package (compiler channel, editor side, captures).
export { PROGRAM_GLOBAL, PROGRAM_LINES_GLOBAL, WORKER_PROGRAM_HEADER_LINES } from './frame/worker/program-link.ts';
export { ProgramWorker, startProgramWorker } from './frame/worker/program-worker-main.ts';
export type { ProgramWorkerOptions, ProgramWorkerScope } from './frame/worker/program-worker-main.ts';
export { WholeMillisecondClock } from './frame/whole-ms-clock.ts';
