// `blockyard blocks2ts <file>`: prints the TypeScript of a blocks program (Blockly XML from
// Blockyard or MakeCode, in a file of any name, or `-` for standard input). Problems with blocks
// (not connected to an event, unknown, empty inputs) go to stderr as warnings. Exit 1 when the
// content is not blocks.
import { BlocksXmlError, blocksToTypeScript, readBlocksXml } from '@blockyard/language';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { BlocksFileError, microbitBlocks, inputName, readInput } from './blocks-files.ts';

export async function runBlocksToTypeScript(pathArg: string, io: CliIo): Promise<number> {
  let workspace;
  try {
    const xml = await readInput(pathArg, io, 'blocks');
    workspace = readBlocksXml(xml);
  } catch (error) {
    if (!(error instanceof BlocksFileError) && !(error instanceof BlocksXmlError)) throw error;
    io.stderr(
      `error: ${error instanceof BlocksXmlError ? `${inputName(pathArg)}: ${error.message}` : error.message}\n`,
    );
    return 1;
  }
  const { registry } = microbitBlocks();
  const result = blocksToTypeScript(workspace, registry);
  io.stdout(result.code);
  for (const diagnostic of result.diagnostics) io.stderr(`warning: ${diagnostic.message}\n`);
  return 0;
}

export const blocksToTypeScriptCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('blocks2ts')
      .description('Turn a blocks file (main.blocks) into TypeScript on stdout.')
      .argument('<file>', 'the blocks program (Blockly XML, e.g. main.blocks), or - for standard input')
      .action(async (pathArg: string) => {
        setExitCode(await runBlocksToTypeScript(pathArg, io));
      });
  },
};
