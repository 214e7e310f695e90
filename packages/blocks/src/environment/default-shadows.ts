// The shadow a newly shown optional input gets (a block expanded with +): the parameter's
// default value in the literal block of its type, or the shadow block its annotation names.

import type { ApiParameter, BlockDefinition, BlockNode, FieldNode } from '@blockyard/language';

export function defaultShadowFor(
  param: ApiParameter,
  definitionOf: (type: string) => BlockDefinition | undefined,
): BlockNode | undefined {
  const defl = param.defaultValue;
  const shadowId = param.shadow;
  if (shadowId && shadowId !== 'math_number' && shadowId !== 'text' && shadowId !== 'logic_boolean') {
    const definition = definitionOf(shadowId);
    if (!definition) return undefined;
    const fields: FieldNode[] = [];
    for (const arg of definition.lines.flatMap((line) => line.args)) {
      if (arg.type === 'field_dropdown') {
        const value = arg.options.find(([, v]) => v === defl)?.[1] ?? arg.options[0]?.[1] ?? '';
        fields.push({ name: arg.name, value });
      } else if (arg.type === 'field_editor') fields.push({ name: arg.name, value: defl ?? arg.value });
      else if (arg.type === 'field_number') fields.push({ name: arg.name, value: defl ?? String(arg.value) });
      else if (arg.type === 'field_input') fields.push({ name: arg.name, value: defl ?? arg.text });
    }
    return { type: shadowId, fields, inputs: [] };
  }
  if (param.type === 'number' || shadowId === 'math_number') {
    const value = defl !== undefined && Number.isFinite(Number(defl)) ? defl : '0';
    if (param.min !== undefined && param.max !== undefined) {
      return {
        type: 'math_number_minmax',
        mutation: { attributes: { min: String(param.min), max: String(param.max) }, children: [] },
        fields: [{ name: 'SLIDER', value }],
        inputs: [],
      };
    }
    return { type: 'math_number', fields: [{ name: 'NUM', value }], inputs: [] };
  }
  if (param.type === 'string' || shadowId === 'text') {
    return { type: 'text', fields: [{ name: 'TEXT', value: defl ?? '' }], inputs: [] };
  }
  if (param.type === 'boolean' || shadowId === 'logic_boolean') {
    return {
      type: 'logic_boolean',
      fields: [{ name: 'BOOL', value: defl === 'false' ? 'FALSE' : 'TRUE' }],
      inputs: [],
    };
  }
  return undefined;
}
