// `blockyard decompile <file.ts>`: prints the program as blocks (Blockly XML, what MakeCode
// projects keep in main.blocks) on stdout, and `grey blocks: N` on stderr (statements blocks
// cannot show, kept as code). Exit 0; exit 1 when the file cannot be read.
import { typeScriptToBlocks, writeBlocksXml } from '@blockyard/language';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { BlocksFileError, microbitBlocks, readInputFile } from './blocks-files.ts';

export async function runDecompile(pathArg: string, io: CliIo): Promise<number> {
  let source: string;
  try {
    source = await readInputFile(pathArg, io.cwd, '.ts', 'a TypeScript file such as main.ts');
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
      .argument('<file.ts>', 'the program, e.g. main.ts')
      .action(async (pathArg: string) => {
        setExitCode(await runDecompile(pathArg, io));
      });
  },
};
