// The compiler checks the TypeScript a Python program became; its diagnostics are shown on the
// Python text: the line from the conversion's line map, the column of the same name on that
// Python line when it is there (else the statement's), and names in the message in their Python
// spelling ('showNumbr' stays, 'showNumber' becomes 'show_number').
import type { Diagnostic } from '../compiler/diagnostics.ts';
import type { PythonToTypeScriptResult } from './py-to-ts.ts';
import { PYTHON_MISUSE_CODE, type PythonDiagnostic } from './python-diagnostics.ts';
import type { PythonNames } from './python-names.ts';
import { pythonTypeWords } from './python-type-words.ts';

export interface MapOptions {
  /** The TypeScript file the Python became (default `main.ts`). */
  readonly tsFile?: string;
  /** The Python file's name in the mapped diagnostics (default `main.py`). */
  readonly pyFile?: string;
}

function pythonWord(word: string, names: PythonNames): string {
  return names.qualifiedToPython(word) ?? names.memberToPython(word) ?? word;
}

/**
 * A TypeScript type in the words of the Python editor's help (`python-type-words.ts`):
 * `string[]` -> `List[str]`, `number` -> `int`, `() => void` -> `Callable[[], None]`; an API
 * name in its Python spelling.
 */
function pythonType(type: string, names: PythonNames): string {
  if (type.endsWith('[]')) return `List[${pythonType(type.slice(0, -2), names)}]`;
  if (/^[A-Za-z_$][\w$.]*$/.test(type)) {
    const words = pythonTypeWords(type);
    return words === type ? pythonWord(type, names) : words;
  }
  return pythonTypeWords(type);
}

/** TypeScript's words in a message, in Python's: names in their spelling, types as Python's. */
function pythonMessage(message: string, names: PythonNames): string {
  const typed = (type: string) => (type.startsWith('typeof ') ? type : pythonType(type, names));
  return message
    .replace(/\b([Tt]ype) '([^']+)'/g, (_, word: string, type: string) => `${word} '${typed(type)}'`)
    .replace(
      /\btypes '([^']+)' and '([^']+)'/g,
      (_, first: string, second: string) => `types '${typed(first)}' and '${typed(second)}'`,
    )
    .replace(/'([A-Za-z_$][\w$.]*)'/g, (_, name: string) => `'${pythonWord(name, names)}'`);
}

/** Diagnostics of the converted program, those of `tsFile` moved onto the Python text. */
export function mapDiagnosticsToPython(
  conversion: PythonToTypeScriptResult,
  pythonSource: string,
  diagnostics: readonly Diagnostic[],
  names: PythonNames,
  options: MapOptions = {},
): Diagnostic[] {
  const tsFile = options.tsFile ?? 'main.ts';
  const pyFile = options.pyFile ?? 'main.py';
  const tsLines = conversion.code.split('\n');
  const pyLines = pythonSource.split('\n');
  return diagnostics.map((d) => {
    if (d.file !== tsFile) return d;
    const at = conversion.lineMap[d.line - 1] ?? conversion.lineMap[conversion.lineMap.length - 1] ?? [1, 1];
    const [line, statementColumn] = at;
    const tsLine = tsLines[d.line - 1] ?? '';
    const word = /^[A-Za-z_$][\w$]*/.exec(tsLine.slice(d.column - 1))?.[0];
    let column = statementColumn;
    let length = d.length;
    if (word) {
      const pyWord = pythonWord(word, names);
      const found = new RegExp(`\\b${pyWord.replace(/[.$]/g, '\\$&')}\\b`).exec(pyLines[line - 1] ?? '');
      if (found) {
        column = found.index + 1;
        length = pyWord.length;
      }
    } else {
      // A value (`"a"`, `5`, `[1]`): the same text on the Python line, the same one of its kind.
      const at = sameText(tsLine, d.column - 1, d.length, pyLines[line - 1] ?? '');
      if (at) [column, length] = at;
    }
    const missingGlobal = globalWithoutGlobal(d, pyLines, line);
    if (missingGlobal) {
      const message = `"${missingGlobal}" belongs to the whole program, but this function changes it, so Python treats it as a new variable of the function. Add "global ${missingGlobal}" as the function's first line.`;
      return { ...d, file: pyFile, line, column, length, message, code: PYTHON_MISUSE_CODE };
    }
    return { ...d, file: pyFile, line, column, length, message: pythonMessage(d.message, names) };
  });
}

/**
 * Where the text at `from` (`length` long) of a TypeScript line is on its Python line, written
 * the same (a string also with single quotes), counting the ones before it alike: [column, length].
 */
function sameText(tsLine: string, from: number, length: number, pyLine: string): [number, number] | undefined {
  const text = tsLine.slice(from, from + length);
  if (!text.trim() || text.includes('\n')) return undefined;
  const before = tsLine.slice(0, from).split(text).length - 1;
  const spellings = /^"[^"']*"$/.test(text) ? [text, `'${text.slice(1, -1)}'`] : [text];
  for (const spelling of spellings) {
    const parts = pyLine.split(spelling);
    if (parts.length < 2) continue;
    const index = Math.min(before, parts.length - 2);
    return [parts.slice(0, index + 1).join(spelling).length + 1, spelling.length];
  }
  return undefined;
}

/**
 * A program-wide name used before it is set inside a function without `global` (`count += 1`):
 * Python makes it the function's own, so TypeScript says 'used before its declaration'. Returns
 * the name when the line is indented and the name is set at the top level, else undefined.
 */
function globalWithoutGlobal(d: Diagnostic, pyLines: readonly string[], line: number): string | undefined {
  if (d.code !== 2448 && d.code !== 2454) return undefined;
  const name = /'([A-Za-z_]\w*)'/.exec(d.message)?.[1];
  if (!name || !/^\s/.test(pyLines[line - 1] ?? '')) return undefined;
  const setAtTop = new RegExp(`^${name}\\s*(?::[^=]*)?=[^=]`);
  return pyLines.some((l) => setAtTop.test(l)) ? name : undefined;
}

/** The converter's own problems as compiler diagnostics of `pyFile`. */
export function conversionDiagnostics(problems: readonly PythonDiagnostic[], pyFile = 'main.py'): Diagnostic[] {
  return problems.map((p) => ({
    file: pyFile,
    line: p.line,
    column: p.column,
    length: p.length,
    message: p.message,
    code: p.code,
    category: 'error' as const,
  }));
}
