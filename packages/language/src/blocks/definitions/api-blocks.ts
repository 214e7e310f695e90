// Block definitions generated from API metadata: one block per annotated function, method or
// property, with its text, inputs and fields, shape (statement, reporter or event), colour,
// tooltip and help link, plus the binding of each parameter to an input, a field or the handler
// that the generator and decompiler use to turn calls into blocks and back.

import { isFlagSet } from '../../annotations/parse-annotations.ts';
import { own } from '../api/own.ts';
import type { ApiEnum, ApiEnumMember, ApiFunction, ApiMetadata, ApiParameter } from '../api/api-metadata.ts';
import { hasBlock } from '../api/api-metadata.ts';
import type { BlockArg, BlockDefinition, BlockLine, FieldEditorName, OutputCheck } from './block-definition.ts';
import { emptyLedPicture, ledFieldValue } from './led-literal.ts';

type BindingKind =
  /** A value input with a shadow (or a block) plugged in. */
  | 'input'
  /** An enum dropdown or custom field on the block itself. */
  | 'field'
  /** The LED matrix field of an image literal function. */
  | 'leds'
  /** The callback: the statement input `HANDLER`. */
  | 'handler'
  /** Not shown by the block (an optional parameter the block leaves out). */
  | 'hidden';

export interface ParamBinding {
  readonly param: ApiParameter;
  readonly index: number;
  readonly kind: BindingKind;
  /** Input or field name (`number`, `NAME`, `LEDS`, `HANDLER`); absent when hidden. */
  readonly name?: string;
  readonly editor?: FieldEditorName;
  /** Dropdown options [label, value] for enum fields. */
  readonly options?: readonly (readonly [string, string])[];
}

export interface ApiBlock {
  readonly blockId: string;
  readonly fn: ApiFunction;
  readonly definition: BlockDefinition;
  readonly bindings: readonly ParamBinding[];
}

export interface ApiBlockContext {
  readonly metadata: ApiMetadata;
  readonly colourOf: (category: string, fn: ApiFunction) => string;
  readonly categoryOf: (fn: ApiFunction) => string;
}

/** Maps MakeCode's `fieldEditor` names to our custom field editors. */
function editorFor(fieldEditor: string | undefined, typeName: string): FieldEditorName | undefined {
  switch ((fieldEditor ?? '').toLowerCase()) {
    case 'imagedropdown':
    case 'gridpicker':
    case 'images':
      return /pin$/i.test(typeName) ? 'pin-picker' : 'icon-picker';
    case 'note':
      return 'note-picker';
    case 'range':
    case 'slider':
      return 'slider';
    case 'melody':
      return 'melody';
    case 'musiceditor':
      return 'song';
    case 'soundeffect':
    case 'soundexpression':
      return 'sound-effect';
    case 'toggleonoff':
    case 'toggleupdown':
    case 'togglehighlow':
    case 'toggle':
      return 'toggle';
    case 'protractor':
      return 'protractor';
    case 'colornumber':
    case 'colorwheel':
      return 'color-picker';
    default:
      return undefined;
  }
}

/** Array blocks that are statements in MakeCode although their methods return a value. */
const statementBlockIds: ReadonlySet<string> = new Set(['array_push', 'array_unshift', 'array_reverse']);

export function isArrayType(type: string): boolean {
  return /\[\]$/.test(type) || /^(Readonly)?Array<.*>$/.test(type);
}

/** Blockly's type check for a TypeScript type; undefined means "anything". */
function checkForType(type: string, enums?: Readonly<Record<string, ApiEnum>>): OutputCheck | undefined {
  if (type === 'number') return 'Number';
  if (type === 'string') return 'String';
  if (type === 'boolean') return 'Boolean';
  if (isArrayType(type)) return 'Array';
  // Enum values are numbers; a fixed-instances class (`SoundExpression`) is an object of its type.
  if (enums && own(enums, type) && !own(enums, type)?.fixedInstances) return 'Number';
  if (type === 'any' || type === 'void' || type === 'unknown' || /^[A-Z]$/.test(type) || type.includes('=>'))
    return undefined;
  return type;
}

function isRetired(m: ApiEnumMember): boolean {
  return isFlagSet(m.attributes, 'blockHidden') || isFlagSet(m.attributes, 'deprecated');
}

function enumOptions(e: ApiEnum): [string, string][] {
  // A retired member (`IconNames.EigthNote`) still decompiles to its block, as in MakeCode (the
  // dropdowns keep a value they do not list), but is no longer offered.
  return e.members.filter((m) => !isRetired(m)).map((m) => [m.label, m.qName]);
}

export function createApiBlock(fn: ApiFunction, context: ApiBlockContext): ApiBlock | undefined {
  if (!hasBlock(fn)) return undefined;
  const { metadata } = context;
  const bindings: ParamBinding[] = fn.parameters.map((param, index) => bindParameter(param, index, fn, metadata));
  const handler = bindings.find((b) => b.kind === 'handler');
  const handlerArgs = handler?.param.handler?.parameters ?? [];
  const draggable = fn.draggableParameters !== undefined && handlerArgs.length > 0;

  const args: BlockArg[] = [];
  let message = '';
  const expandInputs: string[] = [];
  const placedHandlerArgs = new Set<string>();
  fn.block.parts.forEach((part, partIndex) => {
    if (part.kind === 'label') {
      message += (message && !message.endsWith(' ') ? ' ' : '') + part.text.replace(/%/g, '%%');
      return;
    }
    if (part.kind === 'break') return;
    let arg: BlockArg | undefined;
    const instances = own(metadata.enums, fn.owner);
    if (fn.receiver && part.name === fn.receiver.blockName && instances?.fixedInstances) {
      // A method of a fixed-instances class (`soundExpression.giggle.play()`) picks its instance
      // from a dropdown, as MakeCode shows it.
      arg = { type: 'field_dropdown', name: part.name, options: enumOptions(instances) };
    } else if (fn.receiver && part.name === fn.receiver.blockName) {
      arg = {
        type: 'input_value',
        name: part.name,
        ...checkOf(fn.owner === 'String' ? 'string' : fn.owner === 'Array' ? 'any[]' : fn.owner),
      };
    } else if (draggable && handlerArgs.some((a) => a.name === part.name) && part.ref) {
      const handlerArg = handlerArgs.find((a) => a.name === part.name)!;
      placedHandlerArgs.add(handlerArg.name);
      arg = { type: 'input_value', name: `HANDLER_DRAG_PARAM_${handlerArg.name}`, ...checkOf(handlerArg.type) };
    } else {
      const binding = bindings.find((b) => b.name === part.name && b.kind !== 'hidden');
      if (binding) arg = argFor(binding, metadata);
    }
    if (!arg) return;
    args.push(arg);
    message += (message && !message.endsWith(' ') ? ' ' : '') + `%${args.length}`;
    if (fn.block.expandAt !== undefined && partIndex >= fn.block.expandAt && 'name' in arg && arg.name) {
      expandInputs.push(arg.name);
    }
  });
  const leds = bindings.find((b) => b.kind === 'leds');
  if (leds && fn.imageLiteral) {
    args.push({
      type: 'field_editor',
      name: 'LEDS',
      editor: 'led-matrix',
      value: ledFieldValue(emptyLedPicture(fn.imageLiteral.rows, fn.imageLiteral.columns)),
      settings: { rows: String(fn.imageLiteral.rows), columns: String(fn.imageLiteral.columns) },
    });
    message += ` %${args.length}`;
  }
  if (draggable) {
    for (const handlerArg of handlerArgs) {
      if (placedHandlerArgs.has(handlerArg.name)) continue;
      args.push({ type: 'input_value', name: `HANDLER_DRAG_PARAM_${handlerArg.name}`, ...checkOf(handlerArg.type) });
      message += ` %${args.length}`;
    }
  }
  const lines: BlockLine[] = [{ message: message.trim(), args }];
  if (handler) lines.push({ message: '%1', args: [{ type: 'input_statement', name: 'HANDLER' }] });

  // MakeCode shows these as statements although JavaScript gives back a value nobody uses.
  const returns = statementBlockIds.has(fn.blockId) ? 'void' : fn.returnType;
  const isEvent = !!handler && returns === 'void' && fn.attributes['handlerStatement'] !== 'true';
  const shape = returns !== 'void' ? 'reporter' : isEvent ? 'hat' : 'statement';
  const output = shape === 'reporter' ? outputCheck(returns, metadata) : undefined;
  const valueInputs = args.filter((a) => a.type === 'input_value').length;
  const category = context.categoryOf(fn);
  const definition: BlockDefinition = {
    type: fn.blockId,
    category,
    lines,
    shape,
    ...(shape === 'reporter' ? { output } : {}),
    ...(output === 'Boolean' ? { outputShape: 'hexagon' as const } : {}),
    colour: context.colourOf(category, fn),
    tooltip: fn.doc,
    ...(fn.helpUrl ? { helpUrl: fn.helpUrl } : fn.help ? { helpUrl: `/reference/${fn.help}` } : {}),
    inputsInline:
      fn.inlineInputMode === 'inline'
        ? true
        : fn.inlineInputMode === 'external'
          ? false
          : valueInputs < 4 && !fn.imageLiteral,
    ...(expandInputs.length
      ? { expandable: { mode: fn.expandableArgumentMode ?? 'enabled', inputs: expandInputs } }
      : {}),
    ...(draggable ? { handlerArgs } : {}),
    // Shadow value blocks (`shim=TD_ID`, "Middle C") are offered too unless hidden, as MakeCode does.
    ...(fn.blockHidden ? { hidden: true } : {}),
    ...(fn.deprecated ? { deprecated: true, hidden: true } : {}),
    ...(isEvent && fn.attributes['blockAllowMultiple'] !== '1' && fn.attributes['blockAllowMultiple'] !== 'true'
      ? { single: true }
      : {}),
  };
  return { blockId: fn.blockId, fn, definition, bindings };
}

/** A reporter's output type; a class also fits inputs wanting any class it extends. */
function outputCheck(type: string, metadata: ApiMetadata): OutputCheck | readonly OutputCheck[] | null {
  const check = checkForType(type, metadata.enums);
  if (check === undefined) return null;
  const chain = [check];
  for (let base = own(metadata.bases ?? {}, check); base !== undefined && !chain.includes(base);) {
    chain.push(base);
    base = own(metadata.bases ?? {}, base);
  }
  return chain.length > 1 ? chain : check;
}

function checkOf(type: string): { check?: OutputCheck } {
  const check = checkForType(type);
  return check ? { check } : {};
}

function bindParameter(param: ApiParameter, index: number, fn: ApiFunction, metadata: ApiMetadata): ParamBinding {
  if (param.handler) return { param, index, kind: 'handler', name: 'HANDLER' };
  if (fn.imageLiteral && index === 0) return { param, index, kind: 'leds', name: 'LEDS', editor: 'led-matrix' };
  if (!param.blockName) return { param, index, kind: 'hidden' };
  const enumInfo = param.enumType ? own(metadata.enums, param.enumType) : undefined;
  const editor = editorFor(param.fieldEditor, param.enumType ?? param.type);
  if (enumInfo && !param.shadow) {
    return {
      param,
      index,
      kind: 'field',
      name: param.blockName,
      options: enumOptions(enumInfo),
      ...(editor ? { editor } : {}),
    };
  }
  if (editor && !param.shadow) return { param, index, kind: 'field', name: param.blockName, editor };
  // A shadow value block (`shim=TD_ID`) shows its value as a field, never as another input.
  if (fn.identity) return { param, index, kind: 'field', name: param.blockName };
  return { param, index, kind: 'input', name: param.blockName };
}

function argFor(binding: ParamBinding, metadata: ApiMetadata): BlockArg | undefined {
  const { param } = binding;
  const name = binding.name!;
  if (binding.kind === 'field') {
    const options = binding.options;
    if (binding.editor) {
      const enumInfo = param.enumType ? own(metadata.enums, param.enumType) : undefined;
      const retired = (enumInfo?.members ?? []).filter(isRetired).map((m) => m.qName);
      const settings: Record<string, string> = { ...param.fieldOptions };
      if (param.min !== undefined) settings['min'] = String(param.min);
      if (param.max !== undefined) settings['max'] = String(param.max);
      return {
        type: 'field_editor',
        name,
        editor: binding.editor,
        value: param.defaultValue ?? options?.[0]?.[1] ?? '0',
        ...(options ? { options } : {}),
        ...(options && retired.length ? { retired } : {}),
        settings,
      };
    }
    if (options) {
      const enumInfo = param.enumType ? own(metadata.enums, param.enumType) : undefined;
      const images: Record<string, string> = {};
      for (const m of enumInfo?.members ?? []) if (m.image) images[m.qName] = m.name;
      return { type: 'field_dropdown', name, options, ...(Object.keys(images).length ? { images } : {}) };
    }
    if (param.type === 'number') {
      const n = Number(param.defaultValue ?? 0);
      return {
        type: 'field_number',
        name,
        value: Number.isFinite(n) ? n : 0,
        ...(param.min !== undefined ? { min: param.min } : {}),
        ...(param.max !== undefined ? { max: param.max } : {}),
      };
    }
    if (param.type === 'boolean') return { type: 'field_checkbox', name, checked: param.defaultValue === 'true' };
    return { type: 'field_input', name, text: param.defaultValue ?? '' };
  }
  if (binding.kind !== 'input') return undefined;
  if (param.shadowOptions['toString'] === 'true') return { type: 'input_value', name };
  const check = checkForType(param.type, metadata.enums);
  return { type: 'input_value', name, ...(check ? { check } : {}) };
}
