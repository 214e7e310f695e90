import { Command, CommanderError } from 'commander';
import type { CliIo } from './cli-io.ts';

/** A sub-command module: later issues add compile, run, decompile, pack, sound, … */
export interface CliCommand {
  register(program: Command, io: CliIo, setExitCode: (code: number) => void): void;
}

const cliVersion = '0.1.0';

export function createProgram(io: CliIo, commands: readonly CliCommand[], setExitCode: (code: number) => void) {
  const program = new Command('blockyard')
    .description('Blockyard from the command line: build, run and convert micro:bit programs.')
    .version(cliVersion, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run "blockyard --help" to see every command)')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();
  for (const command of commands) command.register(program, io, setExitCode);
  return program;
}

export { CommanderError };
