// Our BlockDefinition -> the JSON Blockly's `jsonInit` takes. language's `toBlocklyJson` covers
// the standard parts; here the field types become ours (a dropdown and a number field that never
// drop a value they do not know, the custom editors with what they need to draw previews), and
// colours become block styles so themes can recolour them.

import { type BlockArg, type BlockDefinition, type BlocklyJson, toBlocklyJson } from '@blockyard/language';
import { styleName } from './block-styles.ts';

export interface JsonContext {
  /** The numeric value of an enum member by qualified name (`Note.C` -> 262). */
  enumValue(qName: string): number | undefined;
  /** The LED picture of an icon-picker choice, as 25 (or rows x columns) `#`/`.` characters. */
  pictureText(value: string): string | undefined;
}

/** Names given to unnamed labels that a mutator fills in (function names, grey code). */
export const NAME_LABEL = 'NAME_LABEL';

export function blocklyJsonFor(definition: BlockDefinition, context: JsonContext): BlocklyJson {
  const json = toBlocklyJson(definition);
  delete json['colour'];
  json['style'] = styleName(definition.colour, definition.shape === 'hat' || definition.shape === 'top');
  if (typeof definition.tooltip !== 'string') json['tooltip'] = '';
  const isArgumentReporter = definition.type.startsWith('argument_reporter_');
  definition.lines.forEach((line, index) => {
    json[`args${index}`] = mapArgs(line.args, context, isArgumentReporter);
  });
  return json;
}

/** Blockly JSON of a line's args, with our field types. */
export function mapArgs(args: readonly BlockArg[], context: JsonContext, isArgumentReporter: boolean): BlocklyJson[] {
  const standard = toBlocklyJson({
    type: '',
    category: '',
    lines: [{ message: '', args }],
    shape: 'statement',
    colour: '#000000',
    tooltip: '',
  })['args0'] as BlocklyJson[];
  return args.map((arg, index) => argJson(arg, standard[index] ?? {}, context, isArgumentReporter));
}

function argJson(arg: BlockArg, base: BlocklyJson, context: JsonContext, isArgumentReporter: boolean): BlocklyJson {
  switch (arg.type) {
    case 'field_dropdown':
      return { ...base, type: 'field_blockyard_dropdown', options: dropdownOptions(arg.options) };
    case 'field_number':
      return { ...base, type: 'field_blockyard_number', value: String(arg.value) };
    case 'field_input':
      return { ...base, type: 'field_blockyard_text' };
    case 'field_label':
      if (isArgumentReporter) return { type: 'field_label_serializable', name: 'VALUE', text: arg.text };
      return arg.text === '' ? { type: 'field_label', name: NAME_LABEL, text: '' } : base;
    case 'field_editor': {
      const extra: BlocklyJson = {};
      if (arg.editor === 'icon-picker' || arg.editor === 'pin-picker') {
        const pictures: Record<string, string> = {};
        for (const value of [...(arg.options ?? []).map(([, v]) => v), ...(arg.retired ?? [])]) {
          const picture = context.pictureText(value);
          if (picture) pictures[value] = picture;
        }
        extra['pictures'] = pictures;
      }
      if (arg.editor === 'note-picker' && arg.options) {
        const frequencies: Record<string, number> = {};
        for (const [, value] of arg.options) {
          const frequency = context.enumValue(value);
          if (frequency !== undefined) frequencies[value] = frequency;
        }
        extra['frequencies'] = frequencies;
      }
      if (arg.options) extra['options'] = dropdownOptions(arg.options);
      return { ...base, ...extra };
    }
    default:
      return base;
  }
}

function dropdownOptions(options: readonly (readonly [string, string])[]): [string, string][] {
  // Blockly refuses an empty option list; an enum without members still gets a block.
  return options.length ? options.map(([label, value]) => [label || value, value]) : [['?', '']];
}
