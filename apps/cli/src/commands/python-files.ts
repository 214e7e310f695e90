// Shared by `blockyard py2ts` and `blockyard ts2py`: the micro:bit API's Python names (built
// once from the same declaration files as the compiler).
import { microbitLibraryFiles } from '@blockyard/board-microbit';
import { type PythonNames, pythonNames } from '@blockyard/language';
import { loadTypeScript } from '../typescript.ts';

export function microbitPythonNames(): PythonNames {
  return pythonNames(loadTypeScript(), microbitLibraryFiles);
}
