// Public surface of @blockyard/language: named exports only.
export { createCompiler } from './compiler/create-compiler.ts';
export type {
  CompileOptions,
  CompileResult,
  CompiledProgram,
  Compiler,
  CompilerSetup,
} from './compiler/create-compiler.ts';
export { formatDiagnostic } from './compiler/diagnostics.ts';
export type { Diagnostic } from './compiler/diagnostics.ts';
export type { LibraryFile } from './compiler/library.ts';
export type { PositionTableData } from './compiler/positions.ts';
export { reservedNames } from './compiler/wait-analysis.ts';
export { coreLibraryFiles } from './generated/core-library.ts';
export { isFlagSet, parseAnnotations } from './annotations/parse-annotations.ts';
export type { Annotations } from './annotations/parse-annotations.ts';
export { renderEmbeddedModule } from './embed/render-embedded-module.ts';
export type { EmbeddedFile, EmbeddedModuleOptions } from './embed/render-embedded-module.ts';
