import type { CliIo } from './cli-io.ts';
import { CommanderError, createProgram } from './program.ts';
import { commands } from './commands/index.ts';

/** Runs the CLI with `args` (without node and script) and returns the exit code. */
export async function main(args: readonly string[], io: CliIo): Promise<number> {
  let exitCode = 0;
  const program = createProgram(io, commands, (code) => {
    exitCode = code;
  });
  if (args.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync([...args], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    io.stderr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  return exitCode;
}
