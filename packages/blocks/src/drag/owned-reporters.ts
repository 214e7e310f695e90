// Parameter reporters of event handlers (`HANDLER_DRAG_PARAM_receivedNumber`) and of function
// definitions belong to their block: they cannot be dragged away or replaced, and dragging one
// makes a copy to use inside the handler. In the file they are shadow blocks (MakeCode's format);
// in Blockly they are real blocks, because Blockly never lets a pointer pick up a shadow.

import type * as Blockly from 'blockly/core';
import type { BlockNode, InputNode } from '@blockyard/language';

const HANDLER_PARAM_PREFIX = 'HANDLER_DRAG_PARAM_';
export const REPORTER_PREFIX = 'argument_reporter_';

/** True for the input of a block that holds one of its own parameter reporters. */
export function isOwnedInput(parentType: string, inputName: string): boolean {
  return inputName.startsWith(HANDLER_PARAM_PREFIX) || parentType === 'function_definition';
}

/** The reporter sits in its owner's parameter input (not a copy used elsewhere). */
export function isOwnedReporter(block: Blockly.Block): boolean {
  if (!block.type.startsWith(REPORTER_PREFIX)) return false;
  const parent = block.getParent();
  const input = parent?.getInputWithBlock(block);
  return !!parent && !!input && isOwnedInput(parent.type, input.name);
}

/** In a block model (toolbox entries): owned reporter shadows become real blocks. */
export function liftOwnedReporters(node: BlockNode): BlockNode {
  const inputs = node.inputs.map((input): InputNode => {
    const lifted: InputNode = {
      ...input,
      ...(input.shadow ? { shadow: liftOwnedReporters(input.shadow) } : {}),
      ...(input.block ? { block: liftOwnedReporters(input.block) } : {}),
    };
    if (
      lifted.kind === 'value' &&
      isOwnedInput(node.type, lifted.name) &&
      lifted.shadow?.type.startsWith(REPORTER_PREFIX) &&
      !lifted.block
    ) {
      const { shadow, ...rest } = lifted;
      return { ...rest, block: { ...shadow, shadow: false } };
    }
    return lifted;
  });
  return { ...node, inputs, ...(node.next ? { next: liftOwnedReporters(node.next) } : {}) };
}

function rename(element: Element, tag: string): void {
  const replacement = element.ownerDocument.createElementNS(element.namespaceURI, tag);
  for (const attribute of [...element.attributes]) replacement.setAttribute(attribute.name, attribute.value);
  while (element.firstChild) replacement.appendChild(element.firstChild);
  element.replaceWith(replacement);
}

function ownerType(value: Element): string {
  const parent = value.parentElement;
  return parent?.getAttribute('type') ?? '';
}

function children(element: Element, tag: string): Element[] {
  return [...element.children].filter((c) => c.localName === tag);
}

/** In Blockly XML before loading: owned reporter shadows become blocks. */
export function liftOwnedReporterXml(root: Element): void {
  for (const value of [...root.getElementsByTagName('value')]) {
    const name = value.getAttribute('name') ?? '';
    if (!isOwnedInput(ownerType(value), name) || children(value, 'block').length) continue;
    for (const shadow of children(value, 'shadow')) {
      if ((shadow.getAttribute('type') ?? '').startsWith(REPORTER_PREFIX)) rename(shadow, 'block');
    }
  }
}

/**
 * In Blockly XML after saving: handler reporters go back to shadows, and a function definition's
 * reporters are left out (the file names the parameters in the mutation only).
 */
export function lowerOwnedReporterXml(root: Element): void {
  for (const value of [...root.getElementsByTagName('value')]) {
    const name = value.getAttribute('name') ?? '';
    const owner = ownerType(value);
    if (!isOwnedInput(owner, name) || children(value, 'shadow').length) continue;
    const blocks = children(value, 'block');
    if (blocks.length !== 1 || !(blocks[0]!.getAttribute('type') ?? '').startsWith(REPORTER_PREFIX)) continue;
    if (owner === 'function_definition') value.remove();
    else rename(blocks[0]!, 'shadow');
  }
}
