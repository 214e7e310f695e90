// Public surface of @blockyard/compiler-worker: named exports only.
export type {
  CompileOptions,
  CompilerRequest,
  CompilerResponse,
  CompletionDetailsAnswer,
  CompletionKind,
  CompletionsAnswer,
  EditAnswer,
  EditorDiagnostic,
  ExtensionsAnswer,
  FormatAnswer,
  FromPythonAnswer,
  QuickInfoAnswer,
  ServiceAnswers,
  ServiceOp,
  ServiceRequest,
  SignatureHelpAnswer,
  ToBlocksAnswer,
  ToCodeAnswer,
  ToPythonAnswer,
} from './compiler-protocol.ts';
export type { CompilerWorkerPort } from './compiler-client.ts';
export { CompilerClient, CompilerError } from './compiler-client.ts';
export type { CompilerWorkerOptions, WorkerScope } from './compiler-worker-main.ts';
export { startCompilerWorker } from './compiler-worker-main.ts';
export { mergeRanges } from './blocks-service.ts';
export { DeviceBuilder } from './device-builder.ts';
export type {
  DeviceBuildOutcome,
  DeviceBuildRequest,
  DeviceBuildStep,
  ProgramSize,
  UnsupportedPlace,
} from './device-builder.ts';
