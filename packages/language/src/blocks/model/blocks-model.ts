// The blocks program as pure data: what `main.blocks` (Blockly XML) holds. Blocks of any type are
// kept, known or not; attributes and child elements this model has no name for are kept as raw
// XML elements, so reading and writing a file never drops anything.

/** A raw XML element kept as-is (unknown children, mutation children such as `<arg>`). */
export interface XmlElement {
  readonly tag: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly (XmlElement | string)[];
}

export interface WorkspaceVariable {
  readonly name: string;
  readonly id?: string;
  /** Blockly variable type (`""` for ordinary variables). */
  readonly type?: string;
  /** Other attributes (`islocal`, `iscloud`, ...). */
  readonly attributes?: Readonly<Record<string, string>>;
}

export interface BlockComment {
  readonly text: string;
  /** `pinned`, `h`, `w`, ... as written. */
  readonly attributes?: Readonly<Record<string, string>>;
}

export interface WorkspaceComment extends BlockComment {
  readonly id?: string;
  readonly x?: number;
  readonly y?: number;
}

export interface FieldNode {
  readonly name: string;
  readonly value: string;
  /** `id` and `variabletype` of variable fields, and anything else written. */
  readonly attributes?: Readonly<Record<string, string>>;
}

export interface InputNode {
  readonly kind: 'value' | 'statement';
  readonly name: string;
  /** The shadow block that shows when nothing covers it. */
  readonly shadow?: BlockNode;
  /** The block plugged in (for statements: the first block of the stack). */
  readonly block?: BlockNode;
}

export interface Mutation {
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
}

export interface BlockNode {
  readonly type: string;
  readonly id?: string;
  /** Written as `<shadow>` rather than `<block>`. */
  readonly shadow?: boolean;
  readonly x?: number;
  readonly y?: number;
  /** Other attributes (`disabled`, `editable`, `deletable`, `movable`, `inline`, `collapsed`...). */
  readonly attributes?: Readonly<Record<string, string>>;
  readonly mutation?: Mutation;
  readonly fields: readonly FieldNode[];
  /** Value and statement inputs in document order. */
  readonly inputs: readonly InputNode[];
  readonly next?: BlockNode;
  readonly comment?: BlockComment;
  readonly data?: string;
  /** Child elements this model does not know, in order. */
  readonly extra?: readonly XmlElement[];
}

export interface BlocksWorkspace {
  /** Attributes of the root `<xml>` element (its namespace). */
  readonly attributes?: Readonly<Record<string, string>>;
  readonly variables: readonly WorkspaceVariable[];
  /** Top-level blocks with their positions. */
  readonly blocks: readonly BlockNode[];
  readonly comments: readonly WorkspaceComment[];
  /** Other top-level elements, kept as-is. */
  readonly extra?: readonly XmlElement[];
}

export function fieldValue(block: BlockNode, name: string): string | undefined {
  for (const field of block.fields) if (field.name === name) return field.value;
  return undefined;
}

export function findInput(block: BlockNode, name: string): InputNode | undefined {
  for (const input of block.inputs) if (input.name === name) return input;
  return undefined;
}

/** The block plugged into an input, else its shadow. */
export function inputTarget(block: BlockNode, name: string): BlockNode | undefined {
  const input = findInput(block, name);
  return input ? (input.block ?? input.shadow) : undefined;
}

/** The blocks of a statement stack, following `next`. */
export function stackOf(first: BlockNode | undefined): BlockNode[] {
  const result: BlockNode[] = [];
  for (let block = first; block; block = block.next) result.push(block);
  return result;
}

/** Builds a stack from a list of blocks by chaining `next`. */
export function chain(blocks: readonly BlockNode[]): BlockNode | undefined {
  let next: BlockNode | undefined;
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i]!;
    next = next ? { ...block, next } : withoutNext(block);
  }
  return next;
}

function withoutNext(block: BlockNode): BlockNode {
  if (!block.next) return block;
  const { next: _next, ...rest } = block;
  return rest;
}

/** Calls `visit` for every block (shadows included) under and after `block`, depth first. */
export function forEachBlock(block: BlockNode | undefined, visit: (block: BlockNode) => void): void {
  for (let current = block; current; current = current.next) {
    visit(current);
    for (const input of current.inputs) {
      if (input.shadow) forEachBlock(input.shadow, visit);
      if (input.block) forEachBlock(input.block, visit);
    }
  }
}

/**
 * The blocks with `variabletype` written on every variable field whose variable is typed
 * (`typesById`: variable id -> type). Blockly refuses to load a typed variable referenced by a
 * field that does not say the same type.
 */
export function withVariableTypes(blocks: readonly BlockNode[], typesById: ReadonlyMap<string, string>): BlockNode[] {
  if (typesById.size === 0) return [...blocks];
  const typed = (block: BlockNode): BlockNode => {
    const fields = block.fields.map((field) => {
      const type = field.attributes?.['id'] === undefined ? undefined : typesById.get(field.attributes['id']);
      return type === undefined ? field : { ...field, attributes: { ...field.attributes, variabletype: type } };
    });
    const inputs = block.inputs.map((input) => ({
      ...input,
      ...(input.shadow ? { shadow: typed(input.shadow) } : {}),
      ...(input.block ? { block: typed(input.block) } : {}),
    }));
    return { ...block, fields, inputs, ...(block.next ? { next: typed(block.next) } : {}) };
  };
  return blocks.map(typed);
}
