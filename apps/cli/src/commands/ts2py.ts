// `blockyard ts2py <file>`: prints a TypeScript program as Python, the way MakeCode lays it out
// (handlers as named defs before the call that registers them). What Python cannot show stays
// in the output as a comment, with a warning on stderr (`file:line:col message` on the
// TypeScript text); exit 0 all the same, exit 1 when the input cannot be read or is not code.
import { typeScriptToPython } from '@blockyard/language';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { loadTypeScript } from '../typescript.ts';
import { BlocksFileError, inputName, readInput } from './blocks-files.ts';
import { microbitPythonNames } from './python-files.ts';

export async function runTypeScriptToPython(pathArg: string, io: CliIo): Promise<number> {
  let source: string;
  try {
    source = await readInput(pathArg, io, 'code');
  } catch (error) {
    if (!(error instanceof BlocksFileError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return 1;
  }
  const result = typeScriptToPython(loadTypeScript(), source, microbitPythonNames());
  io.stdout(result.code);
  const name = inputName(pathArg);
  for (const d of result.diagnostics) io.stderr(`warning: ${name}:${d.line}:${d.column} ${d.message}\n`);
  return 0;
}

export const typeScriptToPythonCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('ts2py')
      .description('Turn a TypeScript program (main.ts) into Python on stdout.')
      .argument('<file>', 'the program (TypeScript or JavaScript, e.g. main.ts), or - for standard input')
      .action(async (pathArg: string) => {
        setExitCode(await runTypeScriptToPython(pathArg, io));
      });
  },
};
