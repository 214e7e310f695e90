// `blockyard compile <file.ts|file.py|project-dir>`: type-checks a program against the micro:bit API.
// Exit 0 when clean; otherwise exit 1 with each diagnostic as `file:line:col message`.
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { type CompileOptions, type CompileResult, type Diagnostic, compilePython } from '@blockyard/language';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { loadTypeScript } from '../typescript.ts';
import { ProgramFilesError, type ProgramFiles, readProgramFiles } from './program-files.ts';
import { microbitPythonNames } from './python-files.ts';

export function formatForUser(diagnostic: Diagnostic, shownAs: Record<string, string>): string {
  const file = shownAs[diagnostic.file] ?? diagnostic.file;
  return `${file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.message}`;
}

/** Reads and compiles; prints diagnostics and problems. Undefined result means "stop with exit 1". */
export async function compileForCli(
  pathArg: string,
  io: CliIo,
  options: CompileOptions = {},
): Promise<{ result: CompileResult; source: ProgramFiles } | undefined> {
  let source: ProgramFiles;
  try {
    source = await readProgramFiles(pathArg, io.cwd, io.http ? { http: io.http } : {});
  } catch (error) {
    if (!(error instanceof ProgramFilesError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return undefined;
  }
  const compiler = createMicrobitCompiler(loadTypeScript());
  // Python files become their TypeScript twins; problems and positions stay on the Python.
  const result = Object.keys(source.files).some((name) => name.endsWith('.py'))
    ? compilePython(compiler, microbitPythonNames(), source.files, options)
    : compiler.compile(source.files, options);
  for (const diagnostic of result.diagnostics) io.stdout(`${formatForUser(diagnostic, source.shownAs)}\n`);
  return { result, source };
}

export const compileCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('compile')
      .description('Type-check a micro:bit program; print each problem as file:line:col message.')
      .argument('<path>', 'a .ts or .py file, or a project folder with pxt.json and main.ts (or main.py)')
      .action(async (pathArg: string) => {
        const compiled = await compileForCli(pathArg, io);
        setExitCode(compiled?.result.program ? 0 : 1);
      });
  },
};
