// Default shadow blocks and field values of block inputs: what a block shows when it comes out of
// the toolbox, and what the decompiler puts under a plugged-in block (so that removing the block
// leaves the default behind). Literal arguments in code become these shadows with their value.

import { own } from '../api/own.ts';
import type { ApiMetadata, ApiParameter } from '../api/api-metadata.ts';
import type { BlockNode, FieldNode } from '../model/blocks-model.ts';
import { type ApiBlock, isArrayType, type ParamBinding } from './api-blocks.ts';

/** The kind of literal a shadow block holds in its field, and that field's name. */
export interface LiteralShadow {
  readonly type: string;
  readonly field: string;
  readonly literal: 'number' | 'string' | 'boolean' | 'enum';
  /** For shadow value blocks (`shim=TD_ID`): the enum their field picks from. */
  readonly enumType?: string;
  readonly mutation?: Readonly<Record<string, string>>;
}

export const literalShadowTypes: Readonly<Record<string, LiteralShadow>> = {
  math_number: { type: 'math_number', field: 'NUM', literal: 'number' },
  math_integer: { type: 'math_integer', field: 'NUM', literal: 'number' },
  math_whole_number: { type: 'math_whole_number', field: 'NUM', literal: 'number' },
  math_number_minmax: { type: 'math_number_minmax', field: 'SLIDER', literal: 'number' },
  text: { type: 'text', field: 'TEXT', literal: 'string' },
  logic_boolean: { type: 'logic_boolean', field: 'BOOL', literal: 'boolean' },
};

/** Looks up shadow value blocks of the API by block id. */
export type IdentityBlocks = (blockId: string) => ApiBlock | undefined;

/**
 * How a parameter's input holds a literal: the shadow block type and field. Undefined when the
 * input has no literal shadow (arrays, objects, `variables_get` defaults).
 */
export function literalShadowFor(param: ApiParameter, identity: IdentityBlocks): LiteralShadow | undefined {
  const id = param.shadow;
  if (id) {
    const builtin = literalShadowTypes[id];
    if (builtin) return withRange(builtin, param);
    const block = identity(id);
    if (block?.fn.identity) {
      const binding = block.bindings.find((b) => b.kind === 'field' || b.kind === 'input');
      if (binding?.name) {
        const type = binding.param.type;
        const literal = binding.param.enumType
          ? 'enum'
          : type === 'string'
            ? 'string'
            : type === 'boolean'
              ? 'boolean'
              : 'number';
        return {
          type: id,
          field: binding.name,
          literal,
          ...(binding.param.enumType ? { enumType: binding.param.enumType } : {}),
        };
      }
    }
    if (id === 'variables_get' || id === 'lists_create_with' || block) return undefined;
    // An unknown shadow id (not in this library yet): fall back to the type's own literal block.
  }
  if (param.type === 'number') return withRange(literalShadowTypes['math_number']!, param);
  if (param.type === 'string') return literalShadowTypes['text'];
  if (param.type === 'boolean') return literalShadowTypes['logic_boolean'];
  return undefined;
}

function withRange(shadow: LiteralShadow, param: ApiParameter): LiteralShadow {
  if (
    (shadow.type === 'math_number' || shadow.type === 'math_number_minmax') &&
    param.min !== undefined &&
    param.max !== undefined
  ) {
    return {
      type: 'math_number_minmax',
      field: 'SLIDER',
      literal: 'number',
      mutation: { min: String(param.min), max: String(param.max) },
    };
  }
  return shadow;
}

/** The shadow block holding `value` (field text), or the parameter's default when omitted. */
export function makeLiteralShadow(shadow: LiteralShadow, value: string): BlockNode {
  return {
    type: shadow.type,
    shadow: true,
    ...(shadow.mutation ? { mutation: { attributes: shadow.mutation, children: [] } } : {}),
    fields: [{ name: shadow.field, value }],
    inputs: [],
  };
}

/** Field text of a default value for a literal shadow (`true` -> `TRUE`, enum names as given). */
export function defaultLiteralText(shadow: LiteralShadow, param: ApiParameter, metadata: ApiMetadata): string {
  const defl = param.defaultValue;
  switch (shadow.literal) {
    case 'boolean':
      return defl === 'false' ? 'FALSE' : 'TRUE';
    case 'string':
      return defl ?? '';
    case 'enum': {
      const members = shadow.enumType ? (own(metadata.enums, shadow.enumType)?.members ?? []) : [];
      return members.find((m) => m.qName === defl)?.qName ?? members[0]?.qName ?? '';
    }
    default:
      return defl !== undefined && Number.isFinite(Number(defl)) ? defl : '0';
  }
}

/** The default content of an input: a literal shadow, a `variables_get` block, or nothing. */
export function defaultInput(
  param: ApiParameter,
  identity: IdentityBlocks,
  metadata: ApiMetadata,
): { shadow?: BlockNode; block?: BlockNode } {
  if (param.shadow === 'variables_get') {
    return {
      block: { type: 'variables_get', fields: [{ name: 'VAR', value: param.defaultValue ?? param.name }], inputs: [] },
    };
  }
  const literal = literalShadowFor(param, identity);
  if (literal) return { shadow: makeLiteralShadow(literal, defaultLiteralText(literal, param, metadata)) };
  if (param.shadow === 'lists_create_with' || (param.shadow === undefined && isArrayType(param.type))) {
    return {};
  }
  const block = param.shadow ? identity(param.shadow) : undefined;
  if (block) return { shadow: { ...defaultBlock(block, identity, metadata), shadow: true } };
  if (!param.shadow && isObjectType(param.type) && !param.enumType) {
    // An object (a sprite, an image) comes from a variable.
    return {
      block: { type: 'variables_get', fields: [{ name: 'VAR', value: param.defaultValue ?? param.name }], inputs: [] },
    };
  }
  return {};
}

/** A block with its default fields and shadows, as it comes out of the toolbox. */
export function defaultBlock(apiBlock: ApiBlock, identity: IdentityBlocks, metadata: ApiMetadata): BlockNode {
  const fields: FieldNode[] = [];
  const inputs: BlockNode['inputs'][number][] = [];
  const receiver = apiBlock.fn.receiver;
  for (const arg of apiBlock.definition.lines.flatMap((l) => l.args)) {
    if (arg.type === 'field_dropdown') {
      const binding = apiBlock.bindings.find((b) => b.name === arg.name);
      fields.push({
        name: arg.name,
        value: binding ? defaultFieldValue(binding, metadata) : (arg.options[0]?.[1] ?? ''),
      });
    } else if (arg.type === 'field_editor') {
      const binding = apiBlock.bindings.find((b) => b.name === arg.name);
      fields.push({ name: arg.name, value: binding?.options ? defaultFieldValue(binding, metadata) : arg.value });
    } else if (arg.type === 'field_number') {
      fields.push({ name: arg.name, value: String(arg.value) });
    } else if (arg.type === 'field_input') {
      fields.push({ name: arg.name, value: arg.text });
    } else if (arg.type === 'field_checkbox') {
      fields.push({ name: arg.name, value: arg.checked ? 'TRUE' : 'FALSE' });
    } else if (arg.type === 'input_value') {
      if (receiver && arg.name === receiver.blockName) {
        inputs.push({ kind: 'value', name: arg.name, ...receiverDefault(apiBlock) });
      } else if (arg.name.startsWith('HANDLER_DRAG_PARAM_')) {
        const argName = arg.name.slice('HANDLER_DRAG_PARAM_'.length);
        const type = apiBlock.definition.handlerArgs?.find((a) => a.name === argName)?.type ?? 'any';
        inputs.push({ kind: 'value', name: arg.name, shadow: handlerReporter(argName, type) });
      } else {
        const binding = apiBlock.bindings.find((b) => b.name === arg.name);
        inputs.push({
          kind: 'value',
          name: arg.name,
          ...(binding ? defaultInput(binding.param, identity, metadata) : {}),
        });
      }
    }
  }
  const expandable = apiBlock.definition.expandable;
  return {
    type: apiBlock.blockId,
    ...(expandable ? { mutation: { attributes: { _expanded: '0', _input_init: 'false' }, children: [] } } : {}),
    fields,
    inputs: inputs.filter((input) => !expandable?.inputs.includes(input.name)),
  };
}

function receiverDefault(apiBlock: ApiBlock): { shadow?: BlockNode; block?: BlockNode } {
  const receiver = apiBlock.fn.receiver!;
  if (receiver.shadow === 'text' || (!receiver.shadow && apiBlock.fn.owner === 'String')) {
    return { shadow: makeLiteralShadow(literalShadowTypes['text']!, 'Hello') };
  }
  if (apiBlock.fn.owner === 'Array' || receiver.shadow === 'variables_get' || !receiver.shadow) {
    // An object method starts with a variable holding the object (`sprite`, `myImage`).
    const name =
      receiver.variable ??
      (apiBlock.fn.owner === 'Array'
        ? 'list'
        : receiver.blockName !== 'this'
          ? receiver.blockName
          : lowerFirst(apiBlock.fn.owner.split('.').pop()!));
    return { block: { type: 'variables_get', fields: [{ name: 'VAR', value: name }], inputs: [] } };
  }
  return {};
}

/** The shadow reporter for a handler argument (`receivedNumber` of an event). */
export function handlerReporter(name: string, type: string): BlockNode {
  const kind =
    type === 'number' || type === 'boolean' || type === 'string' ? type : isArrayType(type) ? 'array' : 'custom';
  return {
    type: `argument_reporter_${kind}`,
    shadow: true,
    ...(kind === 'custom' ? { mutation: { attributes: { typename: type }, children: [] } } : {}),
    fields: [{ name: 'VALUE', value: name }],
    inputs: [],
  };
}

function defaultFieldValue(binding: ParamBinding, metadata: ApiMetadata): string {
  const { param } = binding;
  if (binding.options) {
    const defl = param.defaultValue;
    return binding.options.find(([, v]) => v === defl)?.[1] ?? binding.options[0]?.[1] ?? '';
  }
  if (param.enumType) return own(metadata.enums, param.enumType)?.members[0]?.qName ?? '';
  return param.defaultValue ?? (param.type === 'number' ? '0' : '');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A class or interface type (not a primitive, array, function or type parameter). */
function isObjectType(type: string): boolean {
  return (
    /^[A-Za-z_$][\w$.]*$/.test(type) &&
    !/^[A-Z]$/.test(type) &&
    !['number', 'string', 'boolean', 'any', 'void', 'unknown', 'object'].includes(type)
  );
}

/**
 * The code of a parameter's default value, as the generator writes it for a parameter the block
 * does not show (a hidden required one, or an unexpanded one). The decompiler compares arguments
 * with it to know which ones the block must show.
 */
export function defaultArgumentText(binding: ParamBinding, identity: IdentityBlocks, metadata: ApiMetadata): string {
  const { param } = binding;
  if (binding.options || param.enumType) {
    const value = defaultFieldValue(binding, metadata);
    return own(metadata.enumConstants, value) ?? (value || 'undefined');
  }
  const literal = literalShadowFor(param, identity);
  if (!literal) return 'undefined';
  const text = defaultLiteralText(literal, param, metadata);
  switch (literal.literal) {
    case 'string':
      return JSON.stringify(text);
    case 'boolean':
      return text === 'FALSE' ? 'false' : 'true';
    case 'enum':
      return own(metadata.enumConstants, text) ?? text;
    default:
      return text;
  }
}

/** Which expandable inputs (in block order) show for `_expanded = count`, on MakeCode's breaks. */
export function expandedCount(needed: number, total: number, breaks: string | undefined): number {
  if (needed <= 0) return 0;
  const points = (breaks ?? '')
    .split(/[;,]/)
    .map((b) => Number(b.trim()))
    .filter((b) => Number.isInteger(b) && b > 0)
    .sort((a, b) => a - b);
  for (const point of points) if (point >= needed) return Math.min(point, total);
  return total;
}
