// A block program of a given size for the editor benchmarks, shaped like learners' projects:
// many stacks (functions and button events) of ordinary blocks (no grey code).
import ts from 'typescript';
import { createMicrobitCompiler, microbitLibraryFiles } from '@blockyard/board-microbit';
import {
  type BlockNode,
  createBlockRegistry,
  forEachBlock,
  typeScriptToBlocks,
  writeBlocksXml,
} from '@blockyard/language';

/** One learner-style part of about 20 blocks: a function with a condition, an event with a loop. */
function part(i: number): string {
  const button = ['A', 'B', 'AB'][i % 3]!;
  return [
    `function score${i}(n: number) {`,
    `    if (n > ${i % 7}) {`,
    `        led.plot(n % 5, ${i % 5})`,
    `    } else {`,
    `        basic.showNumber(n * 2)`,
    `    }`,
    `    return n + ${i % 4}`,
    `}`,
    `input.onButtonPressed(Button.${button}, function () {`,
    `    count += score${i}(${i})`,
    `    for (let index = 0; index < 3; index++) {`,
    `        basic.showString("go " + count)`,
    `        basic.pause(${100 + i})`,
    `    }`,
    `})`,
  ].join('\n');
}

/** main.ts of `parts` parts (each its own stacks on the workspace, as real projects are). */
export function blockProgramCode(parts: number): string {
  return ['let count = 0', ...Array.from({ length: parts }, (_, i) => part(i)), ''].join('\n');
}

export interface BlockProject {
  files: Record<string, string>;
  /** Blocks that are not shadows (what a learner placed). */
  blocks: number;
  /** Every block Blockly draws, shadows included. */
  drawn: number;
  greyBlocks: number;
}

/** A project (pxt.json, main.ts, main.blocks) of about `blocks` placed blocks. */
export function blockProject(blocks: number): BlockProject {
  const compiler = createMicrobitCompiler(ts);
  const registry = createBlockRegistry({ ts, library: microbitLibraryFiles });
  // About 20 placed blocks per part; a few tries find the size.
  let count = Math.max(1, Math.round(blocks / 20));
  for (;;) {
    const code = blockProgramCode(count);
    const result = typeScriptToBlocks(code, { ts, registry, compiler });
    let placed = 0;
    let drawn = 0;
    for (const top of result.workspace.blocks) {
      forEachBlock(top, (block: BlockNode) => {
        drawn++;
        if (!block.shadow) placed++;
      });
    }
    if (placed >= blocks || count > blocks) {
      const config = {
        name: `${placed} blocks`,
        dependencies: { core: '*' },
        files: ['main.blocks', 'main.ts'],
        preferredEditor: 'blocksprj',
      };
      return {
        files: {
          'pxt.json': JSON.stringify(config, null, 4) + '\n',
          'main.ts': code,
          'main.blocks': writeBlocksXml(result.workspace, { indent: false }),
        },
        blocks: placed,
        drawn,
        greyBlocks: result.greyBlocks,
      };
    }
    count += Math.max(1, Math.ceil((blocks - placed) / 20));
  }
}
