// Cases for toolbox blocks no case uses yet: each block as it comes out of the toolbox, in a
// program (events on their own, statements in on start, values stored in a variable). Written by
// `npm run update-baselines -w @blockyard/language -- --add-missing` when an API grows.
import { ON_START } from '../../src/blocks/definitions/builtin-blocks.ts';
import type { BlockNode, BlocksWorkspace } from '../../src/blocks/model/blocks-model.ts';
import { generate, registry } from './harness.ts';

export function toolboxCase(type: string, block: BlockNode): string {
  const shape = registry.definition(type)?.shape;
  const onStart = (body?: BlockNode): BlockNode => ({
    type: ON_START,
    fields: [],
    inputs: [{ kind: 'statement', name: 'HANDLER', ...(body ? { block: body } : {}) }],
  });
  let blocks: BlockNode[];
  if (shape === 'hat' || shape === 'top') blocks = [onStart(), block];
  else if (shape === 'reporter') {
    const set: BlockNode = {
      type: 'variables_set',
      fields: [{ name: 'VAR', value: 'result' }],
      inputs: [{ kind: 'value', name: 'VALUE', block }],
    };
    blocks = [onStart(set)];
  } else blocks = [onStart(block)];
  const workspace: BlocksWorkspace = { variables: [], blocks, comments: [] };
  const api = registry.apiBlock(type);
  return `// The "${type}" block${api ? ` (${api.fn.qName})` : ''} as it comes out of the toolbox.\n\n${generate(workspace).code}`;
}
