// Python: names derived from the API declarations, and the converters both ways.
export { pythonNames } from './python-names.ts';
export { apiPythonName } from './api-python-name.ts';
export type { PythonNameEntry, PythonNameKind, PythonNames } from './python-names.ts';
export { snakeCase, enumMemberCase } from './snake-case.ts';
export { pythonToTypeScript, MAX_PYTHON_CHARS } from './py-to-ts.ts';
export type { PythonToTypeScriptResult } from './py-to-ts.ts';
export { typeScriptToPython } from './ts-to-py.ts';
export type { TypeScriptToPythonResult } from './ts-to-py.ts';
export {
  PYTHON_MISUSE_CODE,
  PYTHON_SYNTAX_CODE,
  PYTHON_UNSUPPORTED_CODE,
  TS_TO_PYTHON_CODE,
} from './python-diagnostics.ts';
export type { PythonDiagnostic } from './python-diagnostics.ts';
export { compilePython } from './compile-python.ts';
export type { PythonCompileResult } from './compile-python.ts';
export { conversionDiagnostics, mapDiagnosticsToPython } from './map-diagnostics.ts';
export { pythonApiNameAt, pythonCompletions, pythonSignature } from './python-completions.ts';
export type { PythonCompletion, PythonCompletionKind, PythonCompletions } from './python-completions.ts';
export { pythonBracketEnd, pythonCallAt, pythonCallNameAt, pythonStatementAt } from './python-call-at.ts';
export { pythonOnlyMethod, pythonOnlyMethodNames } from './python-only-methods.ts';
export type { PythonOnlyMethod } from './python-only-methods.ts';
export {
  pythonDocWords,
  pythonParameterWords,
  pythonReturnWords,
  pythonSignatureWords,
  pythonTypeWords,
} from './python-type-words.ts';
export type { PythonCallAt } from './python-call-at.ts';
export { definitionSignature, pythonProgramCallAt, pythonProgramNameAt, wordPattern } from './python-definitions.ts';
export type { PythonDefinition, PythonParameter, PythonProgramCall, PythonProgramName } from './python-definitions.ts';
