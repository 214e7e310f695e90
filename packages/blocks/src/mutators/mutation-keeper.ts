// Every block keeps the `<mutation>` it was loaded with, so a mutation we do not understand (an
// unknown block, a newer MakeCode attribute) is written back unchanged. Blocks with their own
// mutator build on this: they manage their attributes and keep the rest.

import type * as Blockly from 'blockly/core';
import { attributesOf, createMutation, type MutableBlock, noMutation } from './mutation-support.ts';

const KEPT = Symbol.for('blockyard.blocks.keptMutation');

interface Kept {
  [KEPT]?: Element;
}

/** The mutation element the block was last given (undefined: none). */
export function keptMutation(block: Blockly.Block): Element | undefined {
  return (block as Kept)[KEPT];
}

export function keepMutation(block: Blockly.Block, element: Element | undefined): void {
  (block as Kept)[KEPT] = element ? (element.cloneNode(true) as Element) : undefined;
}

/** Installs the plain keeper: what came in goes out. */
export function installMutationKeeper(block: MutableBlock): void {
  block.domToMutation = (element: Element) => keepMutation(block, element);
  // Blockly skips a null mutation (no <mutation> element is written).
  block.mutationToDom = () => {
    const kept = keptMutation(block);
    return noMutation(kept ? (kept.cloneNode(true) as Element) : null);
  };
}

/** Attributes of the kept mutation other than the ones a mutator writes itself. */
function otherAttributes(block: Blockly.Block, managed: ReadonlySet<string>): [string, string][] {
  const kept = keptMutation(block);
  return kept ? attributesOf(kept).filter(([name]) => !managed.has(name)) : [];
}

/** Child elements of the kept mutation that a mutator does not rebuild itself. */
function otherChildren(block: Blockly.Block, managedTags: ReadonlySet<string>): Element[] {
  const kept = keptMutation(block);
  if (!kept) return [];
  const result: Element[] = [];
  for (let i = 0; i < kept.childNodes.length; i++) {
    const node = kept.childNodes[i]!;
    if (node.nodeType === 1 && !managedTags.has((node as Element).tagName)) {
      result.push(node.cloneNode(true) as Element);
    }
  }
  return result;
}

/** A fresh mutation with the kept attributes and children a mutator does not manage. */
export function baseMutation(
  block: Blockly.Block,
  managed: ReadonlySet<string>,
  managedTags: ReadonlySet<string> = new Set(),
): Element {
  const element = createMutation();
  for (const [name, value] of otherAttributes(block, managed)) element.setAttribute(name, value);
  for (const child of otherChildren(block, managedTags)) element.appendChild(child);
  return element;
}
