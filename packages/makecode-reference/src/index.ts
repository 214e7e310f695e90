// MakeCode's own micro:bit build as a test tool (README.md): builds, its decompiler, its Python.
export {
  buildMakeCodeProjectFile,
  buildWithMakeCode,
  makeCodeAvailability,
  makeCodeFunctionTables,
  readSourceWithMakeCode,
  REPO_ROOT,
  type MakeCodeBuild,
  type MakeCodeFlavor,
  type MakeCodeFunctionTable,
  type MakeCodeProjectFiles,
} from './makecode-reference.ts';
export { decompileWithMakeCode, makeCodeGreyBlocks } from './makecode-blocks.ts';
export { convertWithMakeCode, type MakeCodeConversion } from './makecode-python.ts';
