// The flyouts Blockly fills at run time, registered on each workspace (not globally): Variables
// (a "make a variable" button, then set / change / get blocks for the workspace's variables),
// Functions (new function, the definition and return blocks, a call block per function on the
// workspace) and Search results.

import type * as Blockly from 'blockly/core';
import { writeBlockXml, type BlockNode, type ToolboxEntry } from '@blockyard/language';
import type { BlocksEnvironment } from '../environment/blocks-environment.ts';
import { formatMessage } from '../environment/messages.ts';
import { signatureOf } from '../mutators/functions.ts';
import { entryJson, FUNCTIONS_FLYOUT, SEARCH_FLYOUT, VARIABLES_FLYOUT } from '../toolbox/toolbox-json.ts';
import { needEveryStack } from './far-stacks.ts';

type Contents = Blockly.utils.toolbox.FlyoutItemInfoArray;

function staticEntries(environment: BlocksEnvironment, category: string): readonly ToolboxEntry[] {
  return environment.toolbox.categories.find((c) => c.id === category)?.contents ?? [];
}

function variableBlock(
  type: string,
  variable: Blockly.IVariableModel<Blockly.IVariableState>,
  inputs: BlockNode['inputs'] = [],
): Record<string, unknown> {
  const node: BlockNode = {
    type,
    fields: [
      {
        name: 'VAR',
        value: variable.getName(),
        // A typed variable (`string[]`) is refused by a field that does not name its type.
        attributes: { id: variable.getId(), ...(variable.getType() ? { variabletype: variable.getType() } : {}) },
      },
    ],
    inputs,
  };
  return { kind: 'block', blockxml: writeBlockXml(node) };
}

export function variablesFlyout(workspace: Blockly.WorkspaceSvg, environment: BlocksEnvironment): Contents {
  const entries = staticEntries(environment, 'variables');
  const contents: Record<string, unknown>[] = entries.filter((e) => e.kind === 'button').map(entryJson);
  const variables = workspace
    .getVariableMap()
    .getAllVariables()
    // Ordinary variables, and typed arrays (`let names: string[] = []`) which are blocks variables too.
    .filter((v) => v.getType() === '' || v.getType().endsWith('[]'))
    .sort((a, b) => a.getName().localeCompare(b.getName(), undefined, { sensitivity: 'base' }));
  const first = variables[0];
  if (first) {
    const number = (value: string): BlockNode => ({
      type: 'math_number',
      shadow: true,
      fields: [{ name: 'NUM', value }],
      inputs: [],
    });
    contents.push(variableBlock('variables_set', first, [{ kind: 'value', name: 'VALUE', shadow: number('0') }]));
    contents.push(variableBlock('variables_change', first, [{ kind: 'value', name: 'VALUE', shadow: number('1') }]));
    contents.push({ kind: 'sep', gap: 24 });
    for (const variable of variables) contents.push(variableBlock('variables_get', variable));
  }
  return contents as unknown as Contents;
}

function literalShadow(type: string): BlockNode | undefined {
  if (type === 'number')
    return { type: 'math_number', shadow: true, fields: [{ name: 'NUM', value: '0' }], inputs: [] };
  if (type === 'string') return { type: 'text', shadow: true, fields: [{ name: 'TEXT', value: '' }], inputs: [] };
  if (type === 'boolean') {
    return { type: 'logic_boolean', shadow: true, fields: [{ name: 'BOOL', value: 'TRUE' }], inputs: [] };
  }
  return undefined;
}

function hasReturnValue(definition: Blockly.Block): boolean {
  return definition.getDescendants(false).some((b) => b.type === 'function_return' && !!b.getInput('RETURN_VALUE'));
}

function functionsFlyout(workspace: Blockly.WorkspaceSvg, environment: BlocksEnvironment): Contents {
  const contents: Record<string, unknown>[] = staticEntries(environment, 'functions').map(entryJson);
  // Every function offers its call: definitions far from the view are built first (far-stacks.ts).
  needEveryStack(workspace);
  const definitions = workspace.getBlocksByType('function_definition', true);
  if (definitions.length) contents.push({ kind: 'sep', gap: 24 });
  for (const definition of definitions) {
    const signature = signatureOf(definition);
    if (!signature?.name) continue;
    const mutation = {
      attributes: { name: signature.name, functionid: signature.functionId },
      children: signature.parameters.map((p) => ({
        tag: 'arg',
        attributes: { name: p.name, id: p.id, type: p.type },
        children: [],
      })),
    };
    const type = hasReturnValue(definition) ? 'function_call_output' : 'function_call';
    // Each argument starts with a value of its type, as other blocks' inputs do.
    const inputs = signature.parameters.flatMap((p): BlockNode['inputs'][number][] => {
      const shadow = literalShadow(p.type);
      return shadow ? [{ kind: 'value', name: p.id, shadow }] : [];
    });
    contents.push({ kind: 'block', blockxml: writeBlockXml({ type, mutation, fields: [], inputs }) });
  }
  return contents as unknown as Contents;
}

function searchFlyout(environment: BlocksEnvironment, query: string): Contents {
  const results = environment.search(query);
  if (results.length === 0) {
    return [{ kind: 'label', text: formatMessage(environment.messages.searchNoResults, { query }) }];
  }
  return results.map((r) => entryJson(r.entry)) as unknown as Contents;
}

export function registerDynamicFlyouts(
  workspace: Blockly.WorkspaceSvg,
  environment: BlocksEnvironment,
  currentQuery: () => string,
): void {
  workspace.registerToolboxCategoryCallback(VARIABLES_FLYOUT, (ws) => variablesFlyout(ws, environment));
  workspace.registerToolboxCategoryCallback(FUNCTIONS_FLYOUT, (ws) => functionsFlyout(ws, environment));
  workspace.registerToolboxCategoryCallback(SEARCH_FLYOUT, () => searchFlyout(environment, currentQuery()));
}
