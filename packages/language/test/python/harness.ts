// Shared setup for the Python tests: the micro:bit API names (read from the board package's
// declaration files, as in the blocks tests) and converters bound to them.
import ts from 'typescript';
import { microbitLibrary } from '../blocks/harness.ts';
import { pythonNames } from '../../src/python/python-names.ts';
import { pythonToTypeScript } from '../../src/python/py-to-ts.ts';
import { typeScriptToPython } from '../../src/python/ts-to-py.ts';

export { microbitLibrary, ts };
export const names = pythonNames(ts, microbitLibrary);

export function py2ts(source: string) {
  return pythonToTypeScript(source, names);
}

export function ts2py(source: string) {
  return typeScriptToPython(ts, source, names);
}
