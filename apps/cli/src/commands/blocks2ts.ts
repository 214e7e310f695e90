// `blockyard blocks2ts <file>`: prints the TypeScript of a blocks program (Blockly XML from
// Blockyard or MakeCode, in a file of any name, or `-` for standard input). Problems with blocks
// (not connected to an event, unknown, empty inputs) go to stderr as warnings. Exit 1 when the
// content is not blocks.
import { BlocksXmlError, blocksToTypeScript, readBlocksXml } from '@blockyard/language';
import { microbitBlocks } from './blocks-files.ts';
import { converterCommand } from './converter-command.ts';

export const blocksToTypeScriptCommand = converterCommand({
  name: 'blocks2ts',
  description: 'Turn a blocks file (main.blocks) into TypeScript on stdout.',
  argument: 'the blocks program (Blockly XML, e.g. main.blocks), or - for standard input',
  input: 'blocks',
  convert(xml, name, io) {
    let workspace;
    try {
      workspace = readBlocksXml(xml);
    } catch (error) {
      if (!(error instanceof BlocksXmlError)) throw error;
      io.stderr(`error: ${name}: ${error.message}\n`);
      return 1;
    }
    const { registry } = microbitBlocks();
    const result = blocksToTypeScript(workspace, registry);
    io.stdout(result.code);
    for (const diagnostic of result.diagnostics) io.stderr(`warning: ${diagnostic.message}\n`);
    return 0;
  },
});
