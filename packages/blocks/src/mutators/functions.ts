// Functions in MakeCode's format. Definitions and calls carry the same mutation:
// `<mutation name="move" functionid="..."><arg name="steps" id="..." type="number"/></mutation>`.
// A definition shows "function <name>" and one argument reporter per parameter (in inputs named
// by the parameter's id; a learner drags a copy into the body); a call shows "call <name>" and
// one value input per parameter, also named by id. Renaming a definition renames its calls.

import * as Blockly from 'blockly/core';
import { NAME_LABEL } from '../environment/blockly-json.ts';
import { baseMutation, keepMutation, keptMutation } from './mutation-keeper.ts';
import { type MutableBlock, noMutation, removeInputKeepingBlocks } from './mutation-support.ts';
import { needEveryStack } from '../workspace/far-stacks.ts';

interface FunctionParameter {
  readonly name: string;
  readonly id: string;
  readonly type: string;
}

export interface FunctionSignature {
  readonly name: string;
  readonly functionId: string;
  readonly parameters: readonly FunctionParameter[];
}

const MANAGED = new Set(['name', 'functionid']);
const MANAGED_TAGS = new Set(['arg']);
const SIGNATURE = Symbol.for('blockyard.blocks.functionSignature');

interface WithSignature {
  [SIGNATURE]?: FunctionSignature;
}

export function signatureOf(block: Blockly.Block): FunctionSignature | undefined {
  return (block as WithSignature)[SIGNATURE];
}

function readSignature(element: Element): FunctionSignature {
  const parameters: FunctionParameter[] = [];
  for (let i = 0; i < element.childNodes.length; i++) {
    const node = element.childNodes[i]!;
    if (node.nodeType !== 1 || (node as Element).tagName !== 'arg') continue;
    const arg = node as Element;
    const name = arg.getAttribute('name') ?? '';
    parameters.push({ name, id: arg.getAttribute('id') ?? name, type: arg.getAttribute('type') ?? 'number' });
  }
  const name = element.getAttribute('name') ?? '';
  return { name, functionId: element.getAttribute('functionid') ?? name, parameters };
}

function writeSignature(block: Blockly.Block, signature: FunctionSignature): Element {
  const element = baseMutation(block, MANAGED, MANAGED_TAGS);
  element.setAttribute('name', signature.name);
  const kept = keptMutation(block);
  if (!kept || kept.hasAttribute('functionid')) element.setAttribute('functionid', signature.functionId);
  const keptArgs = kept ? [...kept.getElementsByTagName('arg')] : [];
  for (const parameter of signature.parameters) {
    const arg = Blockly.utils.xml.createElement('arg');
    const original = keptArgs.find((a) => (a.getAttribute('id') ?? a.getAttribute('name')) === parameter.id);
    // Keep whatever else the file said about the argument, in its order.
    if (original) for (const attribute of [...original.attributes]) arg.setAttribute(attribute.name, attribute.value);
    arg.setAttribute('name', parameter.name);
    if (!original || original.hasAttribute('id')) arg.setAttribute('id', parameter.id);
    if (!original || original.hasAttribute('type')) arg.setAttribute('type', parameter.type);
    element.appendChild(arg);
  }
  return element;
}

/**
 * A definition shows each parameter as a reporter to drag into its body. The file does not hold
 * them (MakeCode's format): before Blockly reads a file they are added to its XML, so they load
 * with everything else (drawing them one by one afterwards would be slow), and saving leaves them
 * out again (see owned-reporters.ts).
 */
export function addDefinitionReporterXml(root: Element): void {
  for (const block of [...root.getElementsByTagName('block')]) {
    if (block.getAttribute('type') !== 'function_definition') continue;
    const mutation = [...block.children].find((c) => c.localName === 'mutation');
    if (!mutation) continue;
    const taken = new Set(
      [...block.children].filter((c) => c.localName === 'value').map((c) => c.getAttribute('name') ?? ''),
    );
    const statement = [...block.children].find((c) => c.localName === 'statement' || c.localName === 'next');
    for (const parameter of readSignature(mutation).parameters) {
      if (taken.has(parameter.id)) continue;
      const doc = block.ownerDocument;
      const value = doc.createElementNS(block.namespaceURI, 'value');
      value.setAttribute('name', parameter.id);
      const reporter = doc.createElementNS(block.namespaceURI, 'block');
      const type = reporterTypeFor(parameter.type);
      reporter.setAttribute('type', type);
      if (type === 'argument_reporter_custom') {
        const typeMutation = doc.createElementNS(block.namespaceURI, 'mutation');
        typeMutation.setAttribute('typename', parameter.type);
        reporter.appendChild(typeMutation);
      }
      const field = doc.createElementNS(block.namespaceURI, 'field');
      field.setAttribute('name', 'VALUE');
      field.textContent = parameter.name;
      reporter.appendChild(field);
      value.appendChild(reporter);
      block.insertBefore(value, statement ?? null);
    }
  }
}

function reporterTypeFor(type: string): string {
  if (type === 'number' || type === 'boolean' || type === 'string') return `argument_reporter_${type}`;
  if (/\[\]$/.test(type) || /^Array</.test(type)) return 'argument_reporter_array';
  return 'argument_reporter_custom';
}

function outputCheckFor(type: string): string | null {
  if (type === 'number') return 'Number';
  if (type === 'boolean') return 'Boolean';
  if (type === 'string') return 'String';
  if (/\[\]$/.test(type) || /^Array</.test(type)) return 'Array';
  return null;
}

function applySignature(block: MutableBlock, signature: FunctionSignature, kind: 'definition' | 'call'): void {
  const previous = signatureOf(block);
  (block as WithSignature)[SIGNATURE] = signature;
  const keepIds = new Set(signature.parameters.map((p) => p.id));
  for (const parameter of previous?.parameters ?? []) {
    if (!keepIds.has(parameter.id)) removeInputKeepingBlocks(block, parameter.id);
  }
  const before = block.getInput('STACK') ? 'STACK' : null;
  for (const parameter of signature.parameters) {
    let input = block.getInput(parameter.id);
    if (!input) {
      input = block.appendValueInput(parameter.id);
      if (before) block.moveInputBefore(parameter.id, before);
    } else if (before) block.moveInputBefore(parameter.id, before);
    for (const field of [...input.fieldRow]) input.removeField(field.name ?? '', true);
    if (kind === 'call') {
      input.setCheck(outputCheckFor(parameter.type));
      input.appendField(parameter.name);
    }
  }
  if (kind === 'call') {
    const label = block.getField(NAME_LABEL) as Blockly.FieldLabel | null;
    label?.setValue(signature.name);
  }
}

export function installFunctionDefinition(block: MutableBlock): void {
  const nameField = block.getField('function_name') as Blockly.Field<string> | null;
  applySignature(block, { name: String(nameField?.getValue() ?? ''), functionId: '', parameters: [] }, 'definition');
  nameField?.setValidator((value: string) => {
    const signature = signatureOf(block);
    if (!signature || signature.name === value) return undefined;
    const renamed = { ...signature, name: value };
    (block as WithSignature)[SIGNATURE] = renamed;
    if (!block.isInFlyout && !block.workspace.isFlyout) renameCalls(block.workspace, signature, value);
    return undefined;
  });
  block.mutationToDom = () => writeSignature(block, signatureOf(block)!);
  block.domToMutation = (element: Element) => {
    keepMutation(block, element);
    applySignature(block, readSignature(element), 'definition');
  };
}

export function installFunctionCall(block: MutableBlock): void {
  applySignature(block, { name: '', functionId: '', parameters: [] }, 'call');
  block.mutationToDom = () => writeSignature(block, signatureOf(block)!);
  block.domToMutation = (element: Element) => {
    keepMutation(block, element);
    applySignature(block, readSignature(element), 'call');
  };
}

/** `function_return` without a value: `<mutation no_return_value="true"/>`. */
export function installFunctionReturn(block: MutableBlock): void {
  block.mutationToDom = () => {
    const kept = keptMutation(block);
    return noMutation(kept ? (kept.cloneNode(true) as Element) : null);
  };
  block.domToMutation = (element: Element) => {
    keepMutation(block, element);
    if (element.getAttribute('no_return_value') === 'true') removeInputKeepingBlocks(block, 'RETURN_VALUE');
  };
}

function renameCalls(workspace: Blockly.Workspace, signature: FunctionSignature, name: string): void {
  // Calls in stacks far from the view are not built yet (far-stacks.ts): build them to rename them too.
  needEveryStack(workspace);
  for (const type of ['function_call', 'function_call_output']) {
    for (const call of workspace.getBlocksByType(type, false)) {
      const callSignature = signatureOf(call);
      if (!callSignature) continue;
      const same = signature.functionId
        ? callSignature.functionId === signature.functionId
        : callSignature.name === signature.name;
      if (same) applySignature(call, { ...callSignature, name }, 'call');
    }
  }
}
