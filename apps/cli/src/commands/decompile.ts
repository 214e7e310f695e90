// `blockyard decompile <file>`: prints the program (TypeScript or JavaScript, any file name, or `-`
// for standard input) as blocks (Blockly XML, what MakeCode projects keep in main.blocks) on
// stdout, and `grey blocks: N` on stderr (statements blocks cannot show, kept as code). Exit 0;
// exit 1 when the input cannot be read or is not code (binary, blocks XML).
import { typeScriptToBlocks, writeBlocksXml } from '@blockyard/language';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { BlocksFileError, microbitBlocks, readInput } from './blocks-files.ts';

export async function runDecompile(pathArg: string, io: CliIo): Promise<number> {
  let source: string;
  try {
    source = await readInput(pathArg, io, 'code');
  } catch (error) {
    if (!(error instanceof BlocksFileError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return 1;
  }
  const { ts, registry, compiler } = microbitBlocks();
  const result = typeScriptToBlocks(source, { ts, registry, compiler });
  // Compact, as Blockly and MakeCode write main.blocks (indented XML grows with the square of a stack's length).
  io.stdout(`${writeBlocksXml(result.workspace, { indent: false })}\n`);
  io.stderr(`grey blocks: ${result.greyBlocks}\n`);
  return 0;
}

export const decompileCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('decompile')
      .description('Turn a TypeScript program into blocks: Blockly XML on stdout, "grey blocks: N" on stderr.')
      .argument('<file>', 'the program (TypeScript or JavaScript, e.g. main.ts), or - for standard input')
      .action(async (pathArg: string) => {
        setExitCode(await runDecompile(pathArg, io));
      });
  },
};
