// Adds what Blockly's JSON cannot say to a freshly built block: its mutation handling (kept as
// loaded, or managed by a mutator), + / - buttons for optional parameters and growing lists,
// and the number range of slider shadows.

import type * as Blockly from 'blockly/core';
import type { BlockDefinition, BlockNode } from '@blockyard/language';
import { REPORTER_PREFIX } from '../drag/owned-reporters.ts';
import { installReporterDrag } from '../drag/reporter-drag.ts';
import { installExpandable } from './expandable.ts';
import { installFunctionCall, installFunctionDefinition, installFunctionReturn } from './functions.ts';
import { installGreyCode } from './grey-code.ts';
import { installIfElse } from './if-else.ts';
import { installItemList } from './item-list.ts';
import { installMathFunction } from './math-function.ts';
import { installMinMax } from './min-max.ts';
import { installMutationKeeper } from './mutation-keeper.ts';
import type { ExpandableLayout } from './expandable-steps.ts';
import type { MutableBlock } from './mutation-support.ts';

/** What behaviours need of the environment building the block (BlocksEnvironment gives it). */
export interface BehaviourSource {
  expandableLayout(type: string): ExpandableLayout | undefined;
  defaultShadow(type: string, inputName: string): BlockNode | undefined;
}

export function installBehaviour(
  block: Blockly.Block,
  definition: BlockDefinition,
  environment: BehaviourSource,
): void {
  const mutable: MutableBlock = block;
  installMutationKeeper(mutable);
  switch (definition.mutator) {
    case 'if-else':
      installIfElse(mutable);
      break;
    case 'items':
      installItemList(mutable);
      break;
    case 'function-definition':
      installFunctionDefinition(mutable);
      break;
    case 'function-call':
      installFunctionCall(mutable);
      break;
    case 'return':
      installFunctionReturn(mutable);
      break;
    case 'grey-code':
      installGreyCode(mutable);
      break;
    case 'math-function':
      installMathFunction(mutable);
      break;
    default:
      break;
  }
  if (block.type === 'math_number_minmax') installMinMax(mutable);
  if (block.type.startsWith(REPORTER_PREFIX)) installReporterDrag(block);
  const layout = environment.expandableLayout(block.type);
  if (layout && definition.expandable) {
    installExpandable(mutable, {
      steps: layout.steps,
      mode: definition.expandable.mode === 'toggle' ? 'toggle' : 'enabled',
      defaultShadow: (name) => environment.defaultShadow(block.type, name),
    });
  }
}
