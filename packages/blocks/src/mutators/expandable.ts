// The + / - buttons of blocks with optional parameters (`||` in the block text) and their
// mutation, in MakeCode's format: `_expanded` (how many optional parameters show) and
// `_input_init` (whether they were ever shown). See expandable-steps.ts for how a step is added.

import * as Blockly from 'blockly/core';
import type { BlockNode } from '@blockyard/language';
import { environmentOf } from '../environment/environment-link.ts';
import type { ExpansionStep } from './expandable-steps.ts';
import { baseMutation, keepMutation } from './mutation-keeper.ts';
import {
  appendButton,
  changeShape,
  type MutableBlock,
  plugShadow,
  removeInputKeepingBlocks,
} from './mutation-support.ts';

const MANAGED = new Set(['_expanded', '_input_init']);
const BUTTONS = 'EXPAND_BUTTONS';

export interface ExpandableOptions {
  readonly steps: readonly ExpansionStep[];
  /** toggle: one button shows or hides all; enabled: one parameter more or less per press. */
  readonly mode: 'toggle' | 'enabled';
  /** The default shadow of an optional value input. */
  readonly defaultShadow: (inputName: string) => BlockNode | undefined;
}

const EXPAND_ALL = Symbol.for('blockyard.blocks.expandAll');

interface Expandable {
  [EXPAND_ALL]?: () => void;
}

/** Shows every optional parameter of a block (one undoable change); false if it has none. */
export function expandAll(block: Blockly.Block): boolean {
  const expand = (block as Expandable)[EXPAND_ALL];
  expand?.();
  return expand !== undefined;
}

export function installExpandable(block: MutableBlock, options: ExpandableOptions): void {
  const { steps, mode } = options;
  let shown = 0;
  let initialized = false;
  const messages = () => environmentOf(block.workspace)?.messages;

  const placeBeforeStatements = (name: string) => {
    const statement = block.inputList.find((input) => input.type === Blockly.inputs.inputTypes.STATEMENT);
    if (statement && statement.name !== name) block.moveInputBefore(name, statement.name);
  };

  // A step with only a field (an enum dropdown) is always on the block, hidden while collapsed:
  // its value is part of the block whether shown or not. Steps with a value input come and go.
  const isFieldStep = (step: ExpansionStep) => !step.inputNames.some((name) => !name.startsWith('EXPAND_'));
  const firstInputAfter = (index: number): string | undefined => {
    for (let j = index + 1; j < steps.length; j++) {
      const name = steps[j]!.inputNames.find((n) => block.getInput(n));
      if (name) return name;
    }
    return undefined;
  };
  const addStep = (index: number) => {
    const step = steps[index]!;
    block.jsonInit(step.json);
    const before = firstInputAfter(index);
    for (const name of step.inputNames) {
      if (before) block.moveInputBefore(name, before);
      else placeBeforeStatements(name);
    }
  };
  steps.forEach((step, index) => {
    if (!isFieldStep(step)) return;
    addStep(index);
    for (const name of step.inputNames) block.getInput(name)?.setVisible(false);
  });

  const rebuild = (want: number) => {
    block.removeInput(BUTTONS, true);
    for (let i = shown - 1; i >= want; i--) {
      const step = steps[i]!;
      if (isFieldStep(step)) for (const name of step.inputNames) block.getInput(name)?.setVisible(false);
      else for (const name of [...step.inputNames].reverse()) removeInputKeepingBlocks(block, name);
    }
    for (let i = shown; i < want; i++) {
      const step = steps[i]!;
      if (isFieldStep(step)) for (const name of step.inputNames) block.getInput(name)?.setVisible(true);
      else addStep(i);
    }
    shown = want;
    const buttons = block.appendDummyInput(BUTTONS);
    if (mode === 'toggle') {
      if (shown > 0) appendButton(buttons, 'minus', messages()?.removeInput ?? 'Show less', () => collapse(0));
      else appendButton(buttons, 'plus', messages()?.addInput ?? 'Show more', () => expand(steps.length));
    } else {
      if (shown > 0) {
        appendButton(buttons, 'minus', messages()?.removeInput ?? 'Show less', () => collapse(shown - 1));
      }
      if (shown < steps.length) {
        appendButton(buttons, 'plus', messages()?.addInput ?? 'Show more', () => expand(shown + 1));
      }
    }
    placeBeforeStatements(BUTTONS);
  };

  const expand = (want: number) => {
    const from = shown;
    changeShape(
      block,
      () => {
        initialized = true;
        rebuild(want);
      },
      () => {
        for (let i = from; i < want; i++) {
          for (const name of steps[i]!.inputNames) {
            if (!name.startsWith('EXPAND_')) plugShadow(block, name, options.defaultShadow(name));
          }
        }
      },
    );
  };
  const collapse = (want: number) => changeShape(block, () => rebuild(want));

  block.mutationToDom = () => {
    const element = baseMutation(block, MANAGED);
    element.setAttribute('_expanded', String(shown));
    element.setAttribute('_input_init', String(initialized));
    return element;
  };
  block.domToMutation = (element: Element) => {
    keepMutation(block, element);
    const want = Number.parseInt(element.getAttribute('_expanded') ?? '0', 10);
    initialized = element.getAttribute('_input_init') === 'true';
    rebuild(Number.isFinite(want) ? Math.max(0, Math.min(steps.length, want)) : 0);
  };
  rebuild(0);
  (block as Expandable)[EXPAND_ALL] = () => {
    if (shown < steps.length) expand(steps.length);
  };
}
