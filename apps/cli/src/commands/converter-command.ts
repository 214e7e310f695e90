// The shape every converting command shares (blocks2ts, decompile, py2ts, ts2py): one input file
// (any name, or `-` for standard input) read with the size cap and checked by content, converted
// to standard output. An input that cannot be read or is the wrong kind is `error: …`, exit 1.
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { BlocksFileError, inputName, readInput, type InputKind } from './blocks-files.ts';

export interface Converter {
  name: string;
  description: string;
  /** Help for the one argument. */
  argument: string;
  /** What the input must contain. */
  input: InputKind;
  /** Writes the result to io; returns the exit code. `name` is the input as messages show it. */
  convert(source: string, name: string, io: CliIo): number;
}

/** Reads the input and converts it; the exit code. */
async function runConverter(converter: Converter, pathArg: string, io: CliIo): Promise<number> {
  let source: string;
  try {
    source = await readInput(pathArg, io, converter.input);
  } catch (error) {
    if (!(error instanceof BlocksFileError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return 1;
  }
  return converter.convert(source, inputName(pathArg), io);
}

export function converterCommand(converter: Converter): CliCommand {
  return {
    register(program, io, setExitCode) {
      program
        .command(converter.name)
        .description(converter.description)
        .argument('<file>', converter.argument)
        .action(async (pathArg: string) => {
          setExitCode(await runConverter(converter, pathArg, io));
        });
    },
  };
}
