// How instance-scoped block definitions live with Blockly's one global `Blockly.Blocks` map.
// Blockly creates a block by looking its type up in that map and calling `init`. We put the same
// stateless trampoline under every type we use; its `init` asks the block's own workspace for
// its environment and lets that environment build the block. Registration is idempotent (a type
// already holding the trampoline is left alone), and two workspaces with different definitions
// of one type (two projects with different extensions) each get their own.

import * as Blockly from 'blockly/core';
import { environmentOf } from './environment-link.ts';

const TRAMPOLINE = Symbol.for('blockyard.blocks.trampoline');

interface Trampoline {
  readonly [TRAMPOLINE]: true;
  init(this: Blockly.Block): void;
}

const trampoline: Trampoline = {
  [TRAMPOLINE]: true,
  init(this: Blockly.Block) {
    const environment = environmentOf(this.workspace);
    if (!environment) {
      throw new Error(`The block "${this.type}" was made on a workspace without a Blockyard blocks environment.`);
    }
    environment.initBlock(this);
  },
};

function isTrampoline(value: unknown): boolean {
  return typeof value === 'object' && value !== null && TRAMPOLINE in value;
}

/** Makes sure Blockly can create blocks of these types (through the trampoline). */
export function ensureBlockTypes(types: Iterable<string>): void {
  // Blockly types its block map loosely; each entry is an object mixed into new blocks.
  const blocks = Blockly.Blocks as Record<string, unknown>;
  for (const type of types) {
    if (!isTrampoline(blocks[type])) blocks[type] = trampoline;
  }
}
