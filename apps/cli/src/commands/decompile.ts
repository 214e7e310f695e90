// `blockyard decompile <file>`: prints the program (TypeScript or JavaScript, any file name, or `-`
// for standard input) as blocks (Blockly XML, what MakeCode projects keep in main.blocks) on
// stdout, and `grey blocks: N` on stderr (statements blocks cannot show, kept as code). Exit 0;
// exit 1 when the input cannot be read or is not code (binary, blocks XML).
import { typeScriptToBlocks, writeBlocksXml } from '@blockyard/language';
import { microbitBlocks } from './blocks-files.ts';
import { converterCommand } from './converter-command.ts';

export const decompileCommand = converterCommand({
  name: 'decompile',
  description: 'Turn a TypeScript program into blocks: Blockly XML on stdout, "grey blocks: N" on stderr.',
  argument: 'the program (TypeScript or JavaScript, e.g. main.ts), or - for standard input',
  input: 'code',
  convert(source, _name, io) {
    const { ts, registry, compiler } = microbitBlocks();
    const result = typeScriptToBlocks(source, { ts, registry, compiler });
    // Compact, as Blockly and MakeCode write main.blocks (indented XML grows with the square of a stack's length).
    io.stdout(`${writeBlocksXml(result.workspace, { indent: false })}\n`);
    io.stderr(`grey blocks: ${result.greyBlocks}\n`);
    return 0;
  },
});
