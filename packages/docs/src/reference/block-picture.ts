// A picture of a function's block, as data: its words and the slots between them with the values a
// new block starts with, shaped like the editor's block. Drawn by the web app as styled elements
// (reference pages, `||ns:block||` in guides and tutorials), so no Blockly is needed there.
import {
  createBlockRegistry,
  hasBlock,
  type ApiFunction,
  type ApiMetadata,
  type ApiParameter,
  type BlockSyntax,
  type BlockRegistry,
} from '@blockyard/language';
import { referenceCategory } from './reference-category.ts';
import { receiverName } from './reference-example.ts';
import type { BlockPicture, BlockPicturePart, BlockShape } from './reference-model.ts';
import { toolboxBlockPicture } from './toolbox-picture.ts';

const unquote = (text: string) => text.replace(/^(["'`])([\s\S]*)\1$/, '$2');

function enumSlot(meta: ApiMetadata, parameter: ApiParameter): string {
  const members = (parameter.enumType && meta.enums[parameter.enumType]?.members) || [];
  const chosen = parameter.defaultValue
    ? members.find((m) => m.qName === parameter.defaultValue || m.name === parameter.defaultValue)
    : undefined;
  return (chosen ?? members[0])?.label ?? parameter.defaultValue ?? '';
}

function slotOf(meta: ApiMetadata, fn: ApiFunction, parameter: ApiParameter): BlockPicturePart {
  const value = parameter.defaultValue;
  if (fn.imageLiteral && parameter.type === 'string') return { kind: 'slot', slot: 'leds', text: '' };
  if (parameter.enumType) return { kind: 'slot', slot: 'dropdown', text: enumSlot(meta, parameter) };
  if (parameter.type === 'number') return { kind: 'slot', slot: 'number', text: value ?? '0' };
  if (parameter.type === 'boolean') return { kind: 'slot', slot: 'boolean', text: value ?? 'true' };
  if (parameter.type === 'string') return { kind: 'slot', slot: 'text', text: unquote(value ?? '') };
  // Another block fits here (a note, a picture, a sound): show what it starts with, if anything.
  return { kind: 'slot', slot: 'value', text: value ? unquote(value) : '' };
}

function receiverSlot(meta: ApiMetadata, fn: ApiFunction): BlockPicturePart {
  return { kind: 'slot', slot: 'variable', text: fn.receiver?.variable ?? receiverName(meta, fn.owner) };
}

function shapeOf(fn: ApiFunction, mouth: boolean): BlockShape {
  if (fn.returnType === 'void')
    return mouth && fn.kind === 'function' && fn.parameters.at(-1)?.handler ? 'hat' : 'statement';
  return fn.returnType === 'boolean' ? 'boolean' : 'reporter';
}

/** One registry per metadata: the pictures of a catalogue all come from the same blocks. */
const registries = new WeakMap<ApiMetadata, BlockRegistry>();

function registryOf(meta: ApiMetadata): BlockRegistry {
  let registry = registries.get(meta);
  if (!registry) {
    registry = createBlockRegistry({ metadata: meta });
    registries.set(meta, registry);
  }
  return registry;
}

/**
 * The picture of a function's block as the toolbox shows it; undefined when it has none. A block
 * the editor's registry does not define is drawn from its annotation's words and parameters.
 */
export function blockPicture(meta: ApiMetadata, fn: ApiFunction): BlockPicture | undefined {
  if (!hasBlock(fn)) return undefined;
  return toolboxBlockPicture(registryOf(meta), fn) ?? annotationPicture(meta, fn);
}

function annotationPicture(meta: ApiMetadata, fn: ApiFunction & { block: BlockSyntax }): BlockPicture {
  const parts: BlockPicturePart[] = [];
  const end = fn.block.expandAt ?? fn.block.parts.length;
  for (const part of fn.block.parts.slice(0, end)) {
    if (part.kind === 'label') parts.push({ kind: 'label', text: part.text });
    else if (part.kind === 'param') {
      if (fn.receiver && part.name === fn.receiver.blockName) {
        parts.push(receiverSlot(meta, fn));
        continue;
      }
      const parameter = fn.parameters.find((p) => p.blockName === part.name);
      if (parameter && !parameter.handler) parts.push(slotOf(meta, fn, parameter));
    }
  }
  // The LED grid of `show leds` is a field of the block, not a `%` reference in its text.
  if (fn.imageLiteral && !parts.some((part) => part.kind === 'slot' && part.slot === 'leds')) {
    parts.push({ kind: 'slot', slot: 'leds', text: '' });
  }
  const mouth = fn.parameters.some((p) => p.handler && p.blockName === undefined);
  return { shape: shapeOf(fn, mouth), colour: referenceCategory(meta, fn).colour, parts, mouth };
}

/**
 * The words of a block without its slots ("on button pressed"): how guides name blocks. A block
 * that starts with an operator dropdown is named by it too ("round", "max of and").
 */
export function blockWords(picture: BlockPicture): string {
  return picture.parts
    .filter((part, index) => part.kind === 'label' || (index === 0 && part.kind === 'slot' && part.slot === 'dropdown'))
    .map((part) => ('text' in part ? part.text : ''))
    .join(' ')
    .toLowerCase();
}
