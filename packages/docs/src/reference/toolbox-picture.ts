// A block's picture made from the same block definition and toolbox block the editor draws, so a
// help page shows the block as the toolbox does: operator dropdowns (`[round ▾] 0`), shadow
// pickers (`show arrow [North ▾]`, `rest for [1 ▾] beat`) and blocks inside blocks
// (`play (melody … at tempo 120 (bpm)) [until done ▾]`).
import {
  ON_START,
  type ApiFunction,
  type BlockArg,
  type BlockDefinition,
  type BlockNode,
  type BlockRegistry,
  type FieldEditorName,
} from '@blockyard/language';
import type {
  BlockArm,
  BlockPicture,
  BlockPicturePart,
  BlockShape,
  BlockSlotKind,
  BlockStack,
} from './reference-model.ts';

/** Blocks inside blocks stop here (a shadow chain is short; this guards odd definitions). */
const MAX_DEPTH = 4;
/** Loops in loops in a guide's program stop here, and stacks at this many blocks. */
const MAX_PROGRAM_DEPTH = 12;
const MAX_STACK = 200;

/** How a field editor's value shows in a picture. */
const EDITOR_SLOTS: Record<FieldEditorName, BlockSlotKind> = {
  'led-matrix': 'leds',
  'icon-picker': 'dropdown',
  'note-picker': 'dropdown',
  slider: 'number',
  'pin-picker': 'dropdown',
  melody: 'text',
  'sound-effect': 'dropdown',
  song: 'value',
  'time-picker': 'dropdown',
  toggle: 'boolean',
  protractor: 'number',
  'color-picker': 'value',
};

interface PictureContext {
  readonly registry: BlockRegistry;
  /** The function the page is about: a dropdown with an option of its name shows that option. */
  readonly fn?: ApiFunction;
  readonly depth: number;
  /** Drawing a program: the blocks inside mouths are drawn too. */
  readonly program?: boolean;
  /** How many mouths deep a program's block sits. */
  readonly level?: number;
}

const labelOf = (options: readonly (readonly [string, string])[] | undefined, value: string | undefined) =>
  (options?.find(([, v]) => v === value) ?? options?.[0])?.[0] ?? value ?? '';

/** The option a block shared by several functions (`Math.round`/`Math.ceil`) shows for `fn`. */
function optionFor(options: readonly (readonly [string, string])[], context: PictureContext): string | undefined {
  const fn = context.fn;
  if (!fn || context.depth > 0) return undefined;
  return options.find(([, value]) => value === fn.qName || value === fn.name)?.[1];
}

function fieldValue(node: BlockNode | undefined, name: string): string | undefined {
  return node?.fields.find((field) => field.name === name)?.value;
}

/** The value input's content as the toolbox has it, else as a new block gets it. */
function inputContent(context: PictureContext, definition: BlockDefinition, node: BlockNode | undefined, name: string) {
  const input = node?.inputs.find((i) => i.name === name);
  if (input) return input.block ?? input.shadow;
  const fallback = context.registry.defaultInput(definition.type, name);
  return fallback?.block ?? fallback?.shadow;
}

function argPart(
  context: PictureContext,
  definition: BlockDefinition,
  node: BlockNode | undefined,
  arg: BlockArg,
): BlockPicturePart | undefined {
  switch (arg.type) {
    case 'input_statement':
    case 'input_dummy':
      return undefined;
    case 'input_value': {
      const content = inputContent(context, definition, node, arg.name);
      if (!content) {
        // A handler's value to drag out that the toolbox leaves empty: named by the input.
        const handlerArg = /^HANDLER_DRAG_PARAM_(.+)$/.exec(arg.name)?.[1];
        if (handlerArg) return { kind: 'slot', slot: 'variable', text: handlerArg };
        return { kind: 'slot', slot: arg.check === 'Boolean' ? 'boolean' : 'value', text: '' };
      }
      return nestedPart(context, content);
    }
    case 'field_label': {
      // A call names its function in the mutation (`call flash`).
      const called = definition.mutator === 'function-call' ? node?.mutation?.attributes['name'] : undefined;
      const text = called ?? (arg.name ? (fieldValue(node, arg.name) ?? arg.text) : arg.text);
      // A handler's value to drag out (`on radio received [receivedNumber]`) reads like a variable.
      if (arg.name && definition.type.startsWith('argument_reporter')) return { kind: 'slot', slot: 'variable', text };
      return text.trim() ? { kind: 'label', text: text.trim() } : undefined;
    }
    case 'field_input':
      return { kind: 'slot', slot: 'text', text: fieldValue(node, arg.name) ?? arg.text };
    case 'field_number':
      return { kind: 'slot', slot: 'number', text: fieldValue(node, arg.name) ?? String(arg.value) };
    case 'field_checkbox':
      return { kind: 'slot', slot: 'boolean', text: String(fieldValue(node, arg.name) ?? arg.checked).toLowerCase() };
    case 'field_variable':
      return { kind: 'slot', slot: 'variable', text: fieldValue(node, arg.name) ?? arg.variable };
    case 'field_dropdown': {
      const value = optionFor(arg.options, context) ?? fieldValue(node, arg.name);
      const text = labelOf(arg.options, value);
      return { kind: 'slot', slot: definition.type === 'logic_boolean' ? 'boolean' : 'dropdown', text };
    }
    case 'field_editor': {
      const slot = EDITOR_SLOTS[arg.editor];
      if (slot === 'leds') return { kind: 'slot', slot, text: '' };
      const value = fieldValue(node, arg.name) ?? arg.value;
      return { kind: 'slot', slot, text: arg.options ? labelOf(arg.options, value) : value };
    }
  }
}

/** A block in an input: a lone field shows as that slot (`0`, `North ▾`), else the whole block. */
function nestedPart(context: PictureContext, content: BlockNode): BlockPicturePart {
  const definition = context.registry.definition(content.type);
  if (!definition || context.depth >= MAX_DEPTH) return { kind: 'slot', slot: 'value', text: '' };
  const inner = pictureOf({ ...context, depth: context.depth + 1, program: false }, definition, content);
  const only = inner.parts.length === 1 ? inner.parts[0] : undefined;
  if (only && only.kind !== 'label') return only;
  return { kind: 'block', picture: inner };
}

function shapeOf(definition: BlockDefinition): BlockShape {
  if (definition.shape === 'hat' || definition.shape === 'top') return 'hat';
  if (definition.shape === 'statement') return 'statement';
  const output = definition.output;
  const boolean = output === 'Boolean' || (Array.isArray(output) && output.includes('Boolean'));
  return boolean || definition.outputShape === 'hexagon' ? 'boolean' : 'reporter';
}

type Piece = { readonly label: string } | { readonly arg: BlockArg };

/** The block's words and arguments in reading order, over all its lines. */
function piecesOf(definition: BlockDefinition): Piece[] {
  const pieces: Piece[] = [];
  for (const line of definition.lines) {
    for (const piece of line.message.split(/(%\d+)/)) {
      const ref = /^%(\d+)$/.exec(piece);
      const arg = ref ? line.args[Number(ref[1]) - 1] : undefined;
      if (arg) pieces.push({ arg });
      // The quotes around a text block's field are drawn by its round white slot instead.
      else if (!ref && piece.replace(/["\u201c\u201d]/g, '').trim())
        pieces.push({ label: piece.replace(/["\u201c\u201d]/g, '').trim() });
    }
  }
  return pieces;
}

/**
 * A collapsed block (as the toolbox offers it) hides its optional inputs after `||` and the words
 * that go with them: `plot bar graph of 0 up to 0`, not `… serial write`.
 */
function collapsed(definition: BlockDefinition, node: BlockNode | undefined, pieces: Piece[]): Piece[] {
  // A program's block that was expanded (`show string "Hi" at speed 150`) has those inputs.
  const filled = new Set([...(node?.inputs ?? []).map((i) => i.name), ...(node?.fields ?? []).map((f) => f.name)]);
  const hidden = new Set((definition.expandable?.inputs ?? []).filter((name) => !filled.has(name)));
  const first = pieces.findIndex((p) => 'arg' in p && 'name' in p.arg && hidden.has(p.arg.name ?? ''));
  if (first < 0) return pieces;
  let cut = first;
  while (cut > 0 && 'label' in pieces[cut - 1]!) cut--;
  const statements = pieces.slice(cut).filter((p) => 'arg' in p && p.arg.type === 'input_statement');
  return [...pieces.slice(0, cut), ...statements];
}

/**
 * Inputs a mutator added to a program's block that its definition does not list: more items of
 * `array of`, the `else if` and `else` arms of `if`.
 */
function mutatedPieces(definition: BlockDefinition, node: BlockNode | undefined): Piece[] {
  if (!node || !definition.mutator) return [];
  const known = new Set(
    definition.lines.flatMap((line) => line.args.flatMap((arg) => ('name' in arg && arg.name ? [arg.name] : []))),
  );
  return node.inputs
    .filter((input) => !known.has(input.name))
    .flatMap((input): Piece[] => {
      if (input.kind === 'statement') {
        const arg: BlockArg = { type: 'input_statement', name: input.name };
        return input.name === 'ELSE' ? [{ label: 'else' }, { arg }] : [{ arg }];
      }
      const arg: BlockArg = { type: 'input_value', name: input.name };
      return /^IF\d+$/.test(input.name) ? [{ label: 'else if' }, { arg }] : [{ arg }];
    });
}

function pictureOf(context: PictureContext, definition: BlockDefinition, node: BlockNode | undefined): BlockPicture {
  const parts: BlockPicturePart[] = [];
  const statements: BlockArm[] = [];
  // In a program, what follows a mouth is the row above the next one (`else`).
  let row = parts;
  let mouth = false;
  const pieces = [...collapsed(definition, node, piecesOf(definition)), ...mutatedPieces(definition, node)];
  for (const piece of pieces) {
    if ('label' in piece) {
      row.push({ kind: 'label', text: piece.label });
      continue;
    }
    const arg = piece.arg;
    if (arg.type === 'input_statement') {
      mouth = true;
      if (context.program) {
        const first = node?.inputs.find((i) => i.name === arg.name)?.block;
        const stack = first && (context.level ?? 0) < MAX_PROGRAM_DEPTH ? stackPictures(context, first) : [];
        statements.push(row === parts ? { stack } : { before: row, stack });
        row = [];
      }
      continue;
    }
    const part = argPart(context, definition, node, arg);
    if (part) row.push(part);
  }
  return {
    shape: shapeOf(definition),
    colour: definition.colour,
    parts,
    mouth,
    ...(context.program ? { statements } : {}),
  };
}

/** A block the toolbox only has inside others (a note, a melody): as it first sits there. */
function shadowInToolbox(registry: BlockRegistry, type: string): BlockNode | undefined {
  const search = (node: BlockNode, depth: number): BlockNode | undefined => {
    if (node.type === type) return node;
    if (depth >= MAX_DEPTH) return undefined;
    for (const input of node.inputs) {
      for (const inner of [input.shadow, input.block]) {
        const found = inner && search(inner, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  };
  for (const category of registry.toolbox.categories) {
    for (const entry of [...category.contents, ...(category.more ?? [])]) {
      const found = entry.kind === 'block' ? search(entry.block, 0) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The picture of `fn`'s block as the editor's toolbox shows it; undefined when the registry has
 * no block for it (the caller falls back to the annotation's words).
 */
export function toolboxBlockPicture(registry: BlockRegistry, fn: ApiFunction): BlockPicture | undefined {
  if (!fn.blockId) return undefined;
  const definition = registry.definition(fn.blockId);
  if (!definition) return undefined;
  const node = registry.toolboxBlock(fn.blockId) ?? shadowInToolbox(registry, fn.blockId);
  return pictureOf({ registry, fn, depth: 0 }, definition, node);
}

/** A stack of a program: this block and those snapped under it. */
function stackPictures(context: PictureContext, first: BlockNode): BlockStack {
  const stack: BlockPicture[] = [];
  for (let node: BlockNode | undefined = first; node && stack.length < MAX_STACK; node = node.next) {
    const definition = context.registry.definition(node.type);
    // A block this board does not know: its type, in grey, so the picture never hides code.
    if (!definition)
      stack.push({ shape: 'statement', colour: '#A0A0A0', parts: [{ kind: 'label', text: node.type }], mouth: false });
    else stack.push(pictureOf({ ...context, depth: 0, level: (context.level ?? 0) + 1 }, definition, node));
  }
  return stack;
}

/**
 * A program's blocks (a decompiled `blocks` snippet) as pictures: one stack per top-level block,
 * C-shaped blocks with the stacks inside them, drawn by the same renderer as the help pages.
 */
export function workspacePictures(registry: BlockRegistry, blocks: readonly BlockNode[]): BlockStack[] {
  // The decompiler always makes `on start`; an empty one is not part of the guide's program.
  const drawn = blocks.filter((block) => block.type !== ON_START || block.inputs.some((input) => input.block));
  return drawn.map((block) => stackPictures({ registry, depth: 0, program: true, level: -1 }, block));
}
