// Public surface of @blockyard/compiler-worker: named exports only.
export type {
  CompilerRequest,
  EditAnswer,
  EditorDiagnostic,
  ExtensionsAnswer,
  FromPythonAnswer,
  ServiceAnswers,
  ServiceRequest,
  SignatureHelpAnswer,
  ToBlocksAnswer,
  ToPythonAnswer,
} from './compiler-protocol.ts';
export type { CompilerWorkerPort } from './compiler-client.ts';
export { CompilerClient } from './compiler-client.ts';
export { startCompilerWorker } from './compiler-worker-main.ts';
export type { DeviceBuildOutcome, DeviceBuildRequest, ProgramSize, UnsupportedPlace } from './device-builder.ts';
