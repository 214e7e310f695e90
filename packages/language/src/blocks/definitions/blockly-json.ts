// A block definition in Blockly's JSON format (`Blockly.common.defineBlocksWithJsonArray`), as
// plain data. Custom field editors become field types named `field_<editor>` with dashes as
// underscores (`field_led_matrix`, `field_icon_picker`), carrying `value`, `options` and
// `settings`; the Blockly-side package registers those field types. Mutators and expandable
// parameters are not part of Blockly's JSON: the Blockly side adds them from the definition.

import type { BlockArg, BlockDefinition } from './block-definition.ts';

export type BlocklyJson = Record<string, unknown>;

export function toBlocklyJson(definition: BlockDefinition): BlocklyJson {
  const json: BlocklyJson = { type: definition.type };
  definition.lines.forEach((line, index) => {
    json[`message${index}`] = line.message;
    json[`args${index}`] = line.args.map(argJson);
  });
  switch (definition.shape) {
    case 'statement':
      json['previousStatement'] = null;
      json['nextStatement'] = null;
      break;
    case 'reporter':
      json['output'] = definition.output ?? null;
      break;
    default:
      break;
  }
  json['colour'] = definition.colour;
  json['tooltip'] = typeof definition.tooltip === 'string' ? definition.tooltip : '';
  if (definition.helpUrl) json['helpUrl'] = definition.helpUrl;
  if (definition.inputsInline !== undefined) json['inputsInline'] = definition.inputsInline;
  return json;
}

function argJson(arg: BlockArg): BlocklyJson {
  if (arg.type === 'field_editor') {
    return {
      type: `field_${arg.editor.replace(/-/g, '_')}`,
      name: arg.name,
      value: arg.value,
      ...(arg.options ? { options: arg.options.map(([label, value]) => [label, value]) } : {}),
      settings: { ...arg.settings },
    };
  }
  if (arg.type === 'field_dropdown') {
    return { type: arg.type, name: arg.name, options: arg.options.map(([label, value]) => [label, value]) };
  }
  if (arg.type === 'field_label' && arg.name) {
    return { type: 'field_label_serializable', name: arg.name, text: arg.text };
  }
  if (arg.type === 'input_value' || arg.type === 'input_statement') {
    const check = arg.check;
    return {
      type: arg.type,
      name: arg.name,
      ...(check ? { check: typeof check === 'string' ? check : [...check] } : {}),
    };
  }
  return { ...arg };
}
