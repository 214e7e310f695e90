// `blockyard py2ts <file>`: prints the TypeScript of a Python program (main.py, any file name, or
// `-` for standard input). Problems (Python that cannot be read, constructs the micro:bit's
// Python does not have) go to stderr as `file:line:col message` on the Python text; exit 1 then.
import { pythonToTypeScript } from '@blockyard/language';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { BlocksFileError, inputName, readInput } from './blocks-files.ts';
import { microbitPythonNames } from './python-files.ts';

export async function runPythonToTypeScript(pathArg: string, io: CliIo): Promise<number> {
  let source: string;
  try {
    source = await readInput(pathArg, io, 'python');
  } catch (error) {
    if (!(error instanceof BlocksFileError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return 1;
  }
  const result = pythonToTypeScript(source, microbitPythonNames());
  const name = inputName(pathArg);
  for (const d of result.diagnostics) io.stderr(`${name}:${d.line}:${d.column} ${d.message}\n`);
  if (result.diagnostics.length) return 1;
  io.stdout(result.code);
  return 0;
}

export const pythonToTypeScriptCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('py2ts')
      .description('Turn a Python program (main.py) into TypeScript on stdout.')
      .argument('<file>', 'the Python program (e.g. main.py), or - for standard input')
      .action(async (pathArg: string) => {
        setExitCode(await runPythonToTypeScript(pathArg, io));
      });
  },
};
