// Blockly's "Delete N uses of the variable?" question counts the uses on the workspace. A big
// program's far stacks may still wait unbuilt (far-stacks.ts): the question then named too few
// uses, and the learner agreed to delete more blocks than it said. Choosing "Delete the variable"
// in a variable's dropdown now builds every waiting stack first, so the count is the program's.
import * as Blockly from 'blockly/core';
import { needEveryStack } from './far-stacks.ts';

const WATCHED = Symbol.for('blockyard.variableUses');

type ItemSelected = (this: Blockly.FieldVariable, menu: Blockly.Menu, item: Blockly.MenuItem) => void;

/** Wraps the variable dropdown's choice once per page (Blockly's field class is shared). */
export function countEveryUseBeforeDeleting(): void {
  const proto = Blockly.FieldVariable.prototype as unknown as Record<string | symbol, unknown>;
  if (proto[WATCHED]) return;
  proto[WATCHED] = true;
  const original = proto['onItemSelected_'] as ItemSelected;
  proto['onItemSelected_'] = function (this: Blockly.FieldVariable, menu: Blockly.Menu, item: Blockly.MenuItem) {
    const workspace = this.getSourceBlock()?.workspace;
    if (item.getValue() === Blockly.DELETE_VARIABLE_ID && workspace) {
      // A flyout's block deletes from its target workspace.
      needEveryStack((workspace as Blockly.WorkspaceSvg).targetWorkspace ?? workspace);
    }
    original.call(this, menu, item);
  };
}
