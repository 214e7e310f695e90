// Compiling a program written in Python: each `.py` file becomes its `.ts` twin (main.py ->
// main.ts), the ordinary compiler checks and emits it, and everything located in the twins comes
// back located in the Python: diagnostics, the position table runtime errors are read from, and
// the debugger's statement positions.
import type { CompileOptions, CompileResult, CompiledProgram, Compiler } from '../compiler/create-compiler.ts';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import { pythonToTypeScript, type PythonToTypeScriptResult } from './py-to-ts.ts';
import type { PythonNames } from './python-names.ts';
import { conversionDiagnostics, mapDiagnosticsToPython } from './map-diagnostics.ts';

export interface PythonCompileResult extends CompileResult {
  /** The TypeScript each Python file became, by TypeScript file name. */
  readonly typeScript: Readonly<Record<string, string>>;
  /** For each TypeScript twin: for each of its lines, the Python [line, column] it came from. */
  readonly lineMaps: Readonly<Record<string, readonly (readonly [number, number])[]>>;
  /**
   * The compile of the TypeScript as it is (files with the twins in place of the `.py` files,
   * positions in the twins), when every Python file converted: what compiling those files
   * directly gives, so a caller about to run them need not compile them again.
   */
  readonly compiledTypeScript?: { readonly files: Readonly<Record<string, string>>; readonly result: CompileResult };
}

function twinName(pyFile: string): string {
  return pyFile.replace(/\.py$/, '.ts');
}

export function compilePython(
  compiler: Compiler,
  names: PythonNames,
  files: Readonly<Record<string, string>>,
  options: CompileOptions = {},
): PythonCompileResult {
  const conversions = new Map<string, { py: string; text: string; result: PythonToTypeScriptResult }>();
  const tsFiles: Record<string, string> = {};
  const problems: Diagnostic[] = [];
  for (const [name, text] of Object.entries(files)) {
    if (!name.endsWith('.py')) {
      tsFiles[name] = text;
      continue;
    }
    const result = pythonToTypeScript(text, names);
    const tsName = twinName(name);
    conversions.set(tsName, { py: name, text, result });
    tsFiles[tsName] = result.code;
    problems.push(...conversionDiagnostics(result.diagnostics, name));
  }
  const typeScript = Object.fromEntries([...conversions].map(([tsName, c]) => [tsName, c.result.code]));
  const lineMaps = Object.fromEntries([...conversions].map(([tsName, c]) => [tsName, c.result.lineMap]));
  if (problems.length) return { diagnostics: problems, program: undefined, typeScript, lineMaps };
  const compiled = compiler.compile(tsFiles, options);
  let diagnostics: Diagnostic[] = [...compiled.diagnostics];
  for (const [tsName, c] of conversions) {
    diagnostics = mapDiagnosticsToPython(c.result, c.text, diagnostics, names, { tsFile: tsName, pyFile: c.py });
  }
  const program = compiled.program && remapProgram(compiled.program, conversions);
  return {
    ...compiled,
    diagnostics,
    program,
    typeScript,
    lineMaps,
    compiledTypeScript: { files: tsFiles, result: compiled },
  };
}

/** The program with its positions moved from the TypeScript twins onto the Python files. */
function remapProgram(
  program: CompiledProgram,
  conversions: Map<string, { py: string; result: PythonToTypeScriptResult }>,
): CompiledProgram {
  const files = program.positions.files;
  const byIndex = files.map((f) => conversions.get(f));
  const place = (fileIndex: number, line: number, column: number): [number, number] => {
    const c = byIndex[fileIndex];
    if (!c) return [line, column];
    const at = c.result.lineMap[line - 1];
    return at ? [at[0], at[1]] : [line, column];
  };
  const lines = program.positions.lines.map((segments) => {
    const out = [...segments];
    for (let i = 0; i + 3 < out.length; i += 4) {
      const [line, column] = place(out[i + 1]!, out[i + 2]!, out[i + 3]!);
      out[i + 2] = line;
      out[i + 3] = column;
    }
    return out;
  });
  const statements = program.statements?.map(([file, line, column]) => [file, ...place(file, line, column)] as const);
  return {
    ...program,
    positions: { files: files.map((f) => conversions.get(f)?.py ?? f), lines },
    ...(statements ? { statements } : {}),
  };
}
