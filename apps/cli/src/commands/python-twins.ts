// The TypeScript twins of a program's Python files, for a back end that reads TypeScript only
// (`blockyard build`): main.py becomes main.ts, and the back end's diagnostics about a twin are
// moved back onto the Python line they came from.
import {
  conversionDiagnostics,
  mapDiagnosticsToPython,
  pythonToTypeScript,
  type Diagnostic,
  type PythonNames,
  type PythonToTypeScriptResult,
} from '@blockyard/language';

export interface PythonTwins {
  /** The program with each `.py` file replaced by its `.ts` twin. */
  readonly files: Readonly<Record<string, string>>;
  /** What stopped a Python file converting (located in the Python). */
  readonly problems: readonly Diagnostic[];
  /** Diagnostics about the twins, moved onto the Python files. */
  located(diagnostics: readonly Diagnostic[]): Diagnostic[];
}

export function pythonTwins(names: PythonNames, files: Readonly<Record<string, string>>): PythonTwins {
  const out: Record<string, string> = {};
  const problems: Diagnostic[] = [];
  const twins: { py: string; ts: string; text: string; result: PythonToTypeScriptResult }[] = [];
  for (const [name, text] of Object.entries(files)) {
    if (!name.endsWith('.py')) {
      out[name] = text;
      continue;
    }
    const result = pythonToTypeScript(text, names);
    const ts = name.replace(/\.py$/, '.ts');
    out[ts] = result.code;
    twins.push({ py: name, ts, text, result });
    problems.push(...conversionDiagnostics(result.diagnostics, name));
  }
  return {
    files: out,
    problems,
    located: (diagnostics) =>
      twins.reduce(
        (all, t) => mapDiagnosticsToPython(t.result, t.text, all, names, { tsFile: t.ts, pyFile: t.py }),
        [...diagnostics],
      ),
  };
}
