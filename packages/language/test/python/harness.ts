// Shared setup for the Python tests: the micro:bit API names (read from the board package's
// declaration files, as in the blocks tests) and converters bound to them.
import ts from 'typescript';
import { expect } from 'vitest';
import { microbitLibrary } from '../blocks/harness.ts';
import { pythonNames } from '../../src/python/python-names.ts';
import { pythonToTypeScript } from '../../src/python/py-to-ts.ts';
import { typeScriptToPython } from '../../src/python/ts-to-py.ts';
import { renamePythonWords } from '../../src/python/python-words.ts';

export { microbitLibrary, ts };
export const names = pythonNames(ts, microbitLibrary);

export function py2ts(source: string) {
  return pythonToTypeScript(source, names);
}

export function ts2py(source: string) {
  return typeScriptToPython(ts, source, names);
}

/** `code` with the names Python gives the program's own Python words (`list` is `list2`). */
export function renamedForPython(code: string): string {
  return renamePythonWords(ts, ts.createSourceFile('main.ts', code, ts.ScriptTarget.Latest, true)).text;
}

/**
 * Python -> TypeScript -> Python -> TypeScript with no diagnostics on the way, the TypeScript the
 * same after the trip: the first TypeScript and the Python that came back.
 */
export function roundTrip(python: string): { ts: string; back: string } {
  const ts1 = py2ts(python);
  expect(ts1.diagnostics, python).toEqual([]);
  const py = ts2py(ts1.code);
  expect(py.diagnostics, ts1.code).toEqual([]);
  const ts2 = py2ts(py.code);
  expect(ts2.diagnostics, py.code).toEqual([]);
  expect(ts2.code, py.code).toBe(renamedForPython(ts1.code));
  return { ts: ts1.code, back: py.code };
}
