// `blockyard blocks2ts <file.blocks>`: prints the TypeScript of a blocks program (main.blocks,
// Blockly XML from Blockyard or MakeCode). Problems with blocks (not connected to an event,
// unknown, empty inputs) go to stderr as warnings. Exit 1 when the file is not a blocks file.
import { BlocksXmlError, blocksToTypeScript, readBlocksXml } from '@blockyard/language';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { BlocksFileError, microbitBlocks, readInputFile } from './blocks-files.ts';

export async function runBlocksToTypeScript(pathArg: string, io: CliIo): Promise<number> {
  let workspace;
  try {
    const xml = await readInputFile(pathArg, io.cwd, '.blocks', 'a blocks file such as main.blocks');
    workspace = readBlocksXml(xml);
  } catch (error) {
    if (!(error instanceof BlocksFileError) && !(error instanceof BlocksXmlError)) throw error;
    io.stderr(`error: ${error instanceof BlocksXmlError ? `${pathArg}: ${error.message}` : error.message}\n`);
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
      .argument('<file.blocks>', 'the blocks program, e.g. main.blocks')
      .action(async (pathArg: string) => {
        setExitCode(await runBlocksToTypeScript(pathArg, io));
      });
  },
};
