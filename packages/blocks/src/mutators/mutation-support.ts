// Shared pieces of the shape-changing blocks: reading and writing `<mutation>` elements, the
// + / - buttons, plugging default shadows into new inputs, and firing one undoable change.

import * as Blockly from 'blockly/core';
import { type BlockNode, writeBlockXml } from '@blockyard/language';

/** A block with the mutation methods Blockly looks for (XML form; JSON wraps the same text). */
export type MutableBlock = Blockly.Block;

/**
 * Blockly's types say `mutationToDom` returns an Element, but Blockly itself skips a null one
 * (no `<mutation>` written, no `extraState` saved): that is how "no mutation" is said.
 */
export function noMutation(element: Element | null): Element {
  return element as Element;
}

export function createMutation(): Element {
  return Blockly.utils.xml.createElement('mutation');
}

function mutationText(block: MutableBlock): string | null {
  const element = block.mutationToDom?.();
  return element ? Blockly.Xml.domToText(element) : null;
}

/**
 * Runs a shape change as one undo step. The shape changes first and its event is fired before any
 * shadows are plugged into new inputs, so undo removes the shadows before the inputs they sit in.
 */
export function changeShape(block: MutableBlock, reshape: () => void, afterwards?: () => void): void {
  const before = mutationText(block);
  const grouped = !Blockly.Events.getGroup();
  if (grouped) Blockly.Events.setGroup(true);
  try {
    reshape();
    const after = mutationText(block);
    if (before !== after && Blockly.Events.isEnabled()) {
      const BlockChange = Blockly.Events.get(Blockly.Events.BLOCK_CHANGE);
      Blockly.Events.fire(new BlockChange(block, 'mutation', null, before, after));
    }
    afterwards?.();
    if (block instanceof Blockly.BlockSvg && block.rendered) void block.queueRender();
  } finally {
    if (grouped) Blockly.Events.setGroup(false);
  }
}

/** Plugs a shadow block into an input that has none. */
export function plugShadow(block: Blockly.Block, inputName: string, shadow: BlockNode | undefined): void {
  const connection = block.getInput(inputName)?.connection;
  if (!connection || !shadow || connection.getShadowState()) return;
  connection.setShadowDom(Blockly.utils.xml.textToDom(writeBlockXml({ ...shadow, shadow: true })));
}

/** Attributes of a mutation element, in document order. */
export function attributesOf(element: Element): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i < element.attributes.length; i++) {
    const attribute = element.attributes[i]!;
    result.push([attribute.name, attribute.value]);
  }
  return result;
}

const buttonSvg = (symbol: 'plus' | 'minus') =>
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">` +
      `<circle cx="12" cy="12" r="10.5" fill="rgba(255,255,255,0.25)" stroke="#fff" stroke-width="2"/>` +
      `<path d="M7 12h10${symbol === 'plus' ? 'M12 7v10' : ''}" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>` +
      `</svg>`,
  );

/** Field names of the + and - buttons (one of each per block). */
export const PLUS_BUTTON = 'BUTTON_PLUS';
export const MINUS_BUTTON = 'BUTTON_MINUS';

/** A round + or - button on a block (big enough to hit with a finger at normal zoom). */
function buttonField(symbol: 'plus' | 'minus', alt: string, onClick: () => void): Blockly.FieldImage {
  return new Blockly.FieldImage(buttonSvg(symbol), 24, 24, alt, () => {
    onClick();
  });
}

/** Adds a + or - button to an input under its well-known name. */
export function appendButton(input: Blockly.Input, symbol: 'plus' | 'minus', alt: string, onClick: () => void): void {
  input.appendField(buttonField(symbol, alt, onClick), symbol === 'plus' ? PLUS_BUTTON : MINUS_BUTTON);
}

/** Removes an input, letting a real block that was plugged in fall off (it is kept, not deleted). */
export function removeInputKeepingBlocks(block: Blockly.Block, name: string): void {
  const input = block.getInput(name);
  if (!input) return;
  const target = input.connection?.targetBlock();
  if (target && !target.isShadow()) {
    input.connection?.disconnect();
    if (target instanceof Blockly.BlockSvg) target.bumpNeighbours();
  }
  block.removeInput(name);
}
