// A block's picture made from the same block definition and toolbox block the editor draws, so a
// help page shows the block as the toolbox does: operator dropdowns (`[round ▾] 0`), shadow
// pickers (`show arrow [North ▾]`, `rest for [1 ▾] beat`) and blocks inside blocks
// (`play (melody … at tempo 120 (bpm)) [until done ▾]`).
import type {
  ApiFunction,
  BlockArg,
  BlockDefinition,
  BlockNode,
  BlockRegistry,
  FieldEditorName,
} from '@blockyard/language';
import type { BlockPicture, BlockPicturePart, BlockShape, BlockSlotKind } from './reference-model.ts';

/** Blocks inside blocks stop here (a shadow chain is short; this guards odd definitions). */
const MAX_DEPTH = 4;

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
      const text = arg.name ? (fieldValue(node, arg.name) ?? arg.text) : arg.text;
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
  const inner = pictureOf({ ...context, depth: context.depth + 1 }, definition, content);
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
function collapsed(definition: BlockDefinition, pieces: Piece[]): Piece[] {
  const hidden = new Set(definition.expandable?.inputs ?? []);
  const first = pieces.findIndex((p) => 'arg' in p && 'name' in p.arg && hidden.has(p.arg.name ?? ''));
  if (first < 0) return pieces;
  let cut = first;
  while (cut > 0 && 'label' in pieces[cut - 1]!) cut--;
  const statements = pieces.slice(cut).filter((p) => 'arg' in p && p.arg.type === 'input_statement');
  return [...pieces.slice(0, cut), ...statements];
}

function pictureOf(context: PictureContext, definition: BlockDefinition, node: BlockNode | undefined): BlockPicture {
  const parts: BlockPicturePart[] = [];
  let mouth = false;
  for (const piece of collapsed(definition, piecesOf(definition))) {
    if ('label' in piece) {
      parts.push({ kind: 'label', text: piece.label });
      continue;
    }
    if (piece.arg.type === 'input_statement') mouth = true;
    const part = argPart(context, definition, node, piece.arg);
    if (part) parts.push(part);
  }
  return { shape: shapeOf(definition), colour: definition.colour, parts, mouth };
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
