// `blockyard py2ts <file>`: prints the TypeScript of a Python program (main.py, any file name, or
// `-` for standard input). Problems (Python that cannot be read, constructs the micro:bit's
// Python does not have) go to stderr as `file:line:col message` on the Python text; exit 1 then.
import { pythonToTypeScript } from '@blockyard/language';
import { converterCommand } from './converter-command.ts';
import { microbitPythonNames } from './python-files.ts';

export const pythonToTypeScriptCommand = converterCommand({
  name: 'py2ts',
  description: 'Turn a Python program (main.py) into TypeScript on stdout.',
  argument: 'the Python program (e.g. main.py), or - for standard input',
  input: 'python',
  convert(source, name, io) {
    const result = pythonToTypeScript(source, microbitPythonNames());
    for (const d of result.diagnostics) io.stderr(`${name}:${d.line}:${d.column} ${d.message}\n`);
    if (result.diagnostics.length) return 1;
    io.stdout(result.code);
    return 0;
  },
});
