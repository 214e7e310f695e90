// `blockyard ts2py <file>`: prints a TypeScript program as Python, the way MakeCode lays it out
// (handlers as named defs before the call that registers them). What Python cannot show stays
// in the output as a comment, with a warning on stderr (`file:line:col message` on the
// TypeScript text); exit 0 all the same, exit 1 when the input cannot be read or is not code.
import { typeScriptToPython } from '@blockyard/language';
import { loadTypeScript } from '../typescript.ts';
import { converterCommand } from './converter-command.ts';
import { microbitPythonNames } from './python-files.ts';

export const typeScriptToPythonCommand = converterCommand({
  name: 'ts2py',
  description: 'Turn a TypeScript program (main.ts) into Python on stdout.',
  argument: 'the program (TypeScript or JavaScript, e.g. main.ts), or - for standard input',
  input: 'code',
  convert(source, name, io) {
    const result = typeScriptToPython(loadTypeScript(), source, microbitPythonNames());
    io.stdout(result.code);
    for (const d of result.diagnostics) io.stderr(`warning: ${name}:${d.line}:${d.column} ${d.message}\n`);
    return 0;
  },
});
