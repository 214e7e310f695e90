// The Python name of an API function as help pages show it: the name the Python converter uses
// (from the name table of the same declarations), else the snake-case rule for a name the table
// does not hold. One rule for the board's help pages (built at build time) and an extension's
// (read by the compiler worker), so both say what the converter accepts.
import type { ApiFunction } from '../blocks/api/api-metadata.ts';
import type { PythonNames } from './python-names.ts';
import { snakeCase } from './snake-case.ts';

/** `basic.showNumber` -> `basic.show_number`; a method or property by its bare name. */
export function apiPythonName(names: PythonNames, fn: Pick<ApiFunction, 'kind' | 'qName' | 'name'>): string {
  if (fn.kind === 'function') {
    return names.qualifiedToPython(fn.qName) ?? fn.qName.replace(/[^.]+$/, snakeCase(fn.name));
  }
  return names.memberToPython(fn.name) ?? snakeCase(fn.name);
}
