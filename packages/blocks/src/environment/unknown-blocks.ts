// Blocks of types nobody defined (an extension that is not loaded, a newer MakeCode block) must
// still load, show and save unchanged. Their shape is read from the file itself: every field and
// input any instance has, a statement or a reporter by where the instances sit. The block is grey,
// says what it is, and keeps its mutation as it was (see mutation-keeper.ts).

import type { BlockArg, BlockDefinition, BlockNode, BlocksWorkspace } from '@blockyard/language';

interface Shape {
  readonly fields: string[];
  readonly inputs: Map<string, 'value' | 'statement'>;
  statement: boolean;
  value: boolean;
}

export function inferUnknownDefinitions(
  workspace: BlocksWorkspace,
  isKnown: (type: string) => boolean,
  style: { colour: string; tooltip: (type: string) => string },
): BlockDefinition[] {
  const shapes = new Map<string, Shape>();
  const visit = (block: BlockNode, position: 'top' | 'statement' | 'value') => {
    for (let current: BlockNode | undefined = block, first = true; current; current = current.next, first = false) {
      if (!isKnown(current.type)) {
        let shape = shapes.get(current.type);
        if (!shape) {
          shape = { fields: [], inputs: new Map(), statement: false, value: false };
          shapes.set(current.type, shape);
        }
        for (const field of current.fields) if (!shape.fields.includes(field.name)) shape.fields.push(field.name);
        for (const input of current.inputs) if (!shape.inputs.has(input.name)) shape.inputs.set(input.name, input.kind);
        if (position === 'value' && first) shape.value = true;
        if (position === 'statement' || !first || current.next) shape.statement = true;
      }
      for (const input of current.inputs) {
        const inner = input.kind === 'statement' ? 'statement' : 'value';
        if (input.shadow) visit(input.shadow, inner);
        if (input.block) visit(input.block, inner);
      }
    }
  };
  for (const block of workspace.blocks) visit(block, 'top');

  const definitions: BlockDefinition[] = [];
  for (const [type, shape] of shapes) {
    const args: BlockArg[] = [{ type: 'field_label', text: type }];
    let message = '%1';
    for (const name of shape.fields) {
      args.push({ type: 'field_input', name, text: '' });
      message += ` %${args.length}`;
    }
    const statements: string[] = [];
    for (const [name, kind] of shape.inputs) {
      if (kind === 'statement') {
        statements.push(name);
        continue;
      }
      args.push({ type: 'input_value', name });
      message += ` %${args.length}`;
    }
    const lines = [
      { message, args },
      ...statements.map((name) => ({ message: '%1', args: [{ type: 'input_statement' as const, name }] })),
    ];
    definitions.push({
      type,
      category: 'unknown',
      lines,
      shape: shape.value && !shape.statement ? 'reporter' : shape.statement ? 'statement' : 'top',
      ...(shape.value && !shape.statement ? { output: null } : {}),
      colour: style.colour,
      tooltip: style.tooltip(type),
      inputsInline: true,
      hidden: true,
    });
  }
  return definitions;
}
