// What the toolbox buttons and Blockly's own dialogs do, through the editor's services: "Make a
// Variable...", "Make a Function...", rename and delete prompts. Blockly's dialog hooks are
// global; the router installed here holds nothing and asks the workspace in use for its
// services, falling back to the browser's own dialogs.

import * as Blockly from 'blockly/core';
import { writeBlocksXml, type BlockNode } from '@blockyard/language';
import type { BlocksEnvironment } from '../environment/blocks-environment.ts';
import { servicesOf } from '../environment/environment-link.ts';
import { addDefinitionReporterXml } from '../mutators/functions.ts';
import { needEveryStack } from './far-stacks.ts';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function validateName(
  name: string,
  taken: (name: string) => boolean,
  environment: BlocksEnvironment,
): string | undefined {
  const trimmed = name.trim();
  if (!IDENTIFIER.test(trimmed)) return environment.messages.nameInvalid;
  if (taken(trimmed)) return environment.messages.nameTaken;
  return undefined;
}

function variableTaken(workspace: Blockly.Workspace, name: string): boolean {
  return workspace.getVariableMap().getVariable(name, '') !== null;
}

function createVariable(workspace: Blockly.WorkspaceSvg, environment: BlocksEnvironment): void {
  const services = servicesOf(workspace);
  const done = (value: string | null) => {
    if (value === null) return;
    const name = value.trim();
    if (validateName(name, (n) => variableTaken(workspace, n), environment)) return;
    workspace.getVariableMap().createVariable(name, '');
    // Show the Variables flyout again (the dialog closed it), now with the new variable's blocks.
    const toolbox = workspace.getToolbox() as Blockly.Toolbox | null;
    const variables = toolbox?.getToolboxItemById('variables');
    if (toolbox && variables) {
      if (toolbox.getSelectedItem() === variables) toolbox.refreshSelection();
      else toolbox.setSelectedItem(variables);
    }
  };
  if (services.prompt) {
    services.prompt({
      kind: 'new-variable',
      title: environment.messages.newVariableTitle,
      label: environment.messages.newVariableLabel,
      defaultValue: '',
      validate: (value) => validateName(value, (n) => variableTaken(workspace, n), environment),
      onDone: done,
    });
  } else done(globalThis.prompt(environment.messages.newVariableLabel, ''));
}

function functionTaken(workspace: Blockly.Workspace, name: string): boolean {
  needEveryStack(workspace);
  return workspace.getBlocksByType('function_definition', false).some((b) => b.getFieldValue('function_name') === name);
}

/** Makes a function definition from a name and parameters, placed where there is room. */
function addFunctionDefinition(
  workspace: Blockly.WorkspaceSvg,
  name: string,
  parameters: readonly { name: string; type: string }[],
): Blockly.Block | undefined {
  const id = Blockly.utils.idGenerator.genUid();
  const node: BlockNode = {
    type: 'function_definition',
    mutation: {
      attributes: { name, functionid: id },
      children: parameters.map((p) => ({
        tag: 'arg',
        attributes: { name: p.name, id: Blockly.utils.idGenerator.genUid(), type: p.type },
        children: [],
      })),
    },
    fields: [{ name: 'function_name', value: name }],
    inputs: [],
  };
  const dom = Blockly.utils.xml.textToDom(writeBlocksXml({ variables: [], comments: [], blocks: [node] }));
  addDefinitionReporterXml(dom);
  const blockDom = [...dom.children].find((c) => c.localName === 'block');
  if (!blockDom) return undefined;
  Blockly.Events.setGroup(true);
  try {
    const block = Blockly.Xml.domToBlock(blockDom, workspace) as Blockly.BlockSvg;
    // Below everything else (never on top of a learner's blocks), right of the toolbox flyout,
    // which may still cover the view's left side; then scrolled into view.
    const metrics = workspace.getMetricsManager().getViewMetrics(true);
    const flyout = (workspace.getToolbox()?.getFlyout()?.getWidth() ?? 0) / workspace.scale;
    // Below every stack, the far ones not built yet included (far-stacks.ts).
    needEveryStack(workspace);
    const others = workspace.getTopBlocks(false).filter((b) => b !== block);
    const bottom = others.length
      ? Math.max(...others.map((b) => b.getBoundingRectangle().bottom)) + 40
      : metrics.top + 40;
    block.moveTo(new Blockly.utils.Coordinate(metrics.left + flyout + 40, bottom));
    workspace.scrollBoundsIntoView(block.getBoundingRectangle());
    block.select();
    return block;
  } finally {
    Blockly.Events.setGroup(false);
  }
}

function createFunction(workspace: Blockly.WorkspaceSvg, environment: BlocksEnvironment): void {
  const services = servicesOf(workspace);
  if (services.newFunction) {
    services.newFunction({
      onDone: (result) => {
        if (!result) return;
        if (validateName(result.name, (n) => functionTaken(workspace, n), environment)) return;
        addFunctionDefinition(workspace, result.name.trim(), result.parameters);
      },
    });
    return;
  }
  const name = globalThis.prompt(environment.messages.functionNameLabel, 'doSomething');
  if (name && !validateName(name, (n) => functionTaken(workspace, n), environment))
    addFunctionDefinition(workspace, name.trim(), []);
}

export function registerButtonActions(workspace: Blockly.WorkspaceSvg, environment: BlocksEnvironment): void {
  workspace.registerButtonCallback('create-variable', () => createVariable(workspace, environment));
  workspace.registerButtonCallback('create-function', () => createFunction(workspace, environment));
}

function activeWorkspace(): Blockly.WorkspaceSvg | undefined {
  return Blockly.common.getMainWorkspace() as Blockly.WorkspaceSvg | undefined;
}

/** Routes Blockly's prompt/confirm/alert (variable rename and delete) to the workspace's dialogs. */
export function installDialogRouter(): void {
  Blockly.dialog.setPrompt((message, defaultValue, callback) => {
    const prompt = servicesOf(activeWorkspace()).prompt;
    if (!prompt) {
      callback(globalThis.prompt(message, defaultValue));
      return;
    }
    prompt({ kind: 'text', title: message, label: message, defaultValue, onDone: callback });
  });
  Blockly.dialog.setConfirm((message, callback) => {
    const confirm = servicesOf(activeWorkspace()).confirm;
    if (confirm) confirm(message, callback);
    else callback(globalThis.confirm(message));
  });
  Blockly.dialog.setAlert((message, callback) => {
    const alert = servicesOf(activeWorkspace()).alert;
    if (alert) alert(message, () => callback?.());
    else {
      globalThis.alert(message);
      callback?.();
    }
  });
}
