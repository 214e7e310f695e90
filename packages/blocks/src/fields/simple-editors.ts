// The smaller editors MakeCode libraries ask for: on/off toggles, a protractor (a 0-180 slider),
// a colour picker and a time picker. Each keeps any value it is given.

import type * as Blockly from 'blockly/core';
import { ChoiceField, type ChoiceFieldJson } from './choice-field.ts';
import { LenientDropdown } from './lenient-dropdown.ts';
import { SliderField } from './slider-field.ts';
import { el } from './text-value-field.ts';

interface EditorJson {
  readonly value?: string;
  readonly options?: readonly (readonly [string, string])[];
  readonly settings?: Readonly<Record<string, string>>;
}

function lenient(json: EditorJson, fallback: [string, string][]): LenientDropdown {
  const options: Blockly.MenuOption[] = json.options?.length
    ? json.options.map(([label, value]) => [label, value])
    : fallback;
  const field = new LenientDropdown(options);
  if (json.value !== undefined && json.value !== '') field.setValue(json.value);
  return field;
}

export const ToggleField = {
  fromJson: (json: EditorJson): LenientDropdown =>
    lenient(json, [
      ['on', 'true'],
      ['off', 'false'],
    ]),
};

export const TimePickerField = {
  fromJson: (json: EditorJson): LenientDropdown =>
    lenient(
      json,
      ['100', '200', '500', '1000', '2000', '5000'].map((ms) => [`${ms} ms`, ms] as [string, string]),
    ),
};

export const ProtractorField = {
  fromJson: (json: EditorJson): SliderField =>
    SliderField.fromJson({ value: json.value ?? '90', settings: { min: '0', max: '180', ...json.settings } }),
};

const defaultColours: [string, string][] = [
  ['red', '0xff0000'],
  ['orange', '0xff8000'],
  ['yellow', '0xffff00'],
  ['green', '0x00ff00'],
  ['blue', '0x0000ff'],
  ['indigo', '0x4b0082'],
  ['violet', '0x8a2be2'],
  ['purple', '0xa033e5'],
  ['white', '0xffffff'],
  ['black', '0x000000'],
];

function cssColour(value: string): string {
  const hex = /^(?:0x|#)([0-9a-f]{6})$/i.exec(value.trim());
  return hex ? `#${hex[1]}` : value;
}

export class ColorPickerField extends ChoiceField {
  constructor(value: string | undefined, json: ChoiceFieldJson = {}) {
    super(value, { ...json, options: json.options?.length ? json.options : defaultColours });
  }

  protected gridColumns(): number {
    return 5;
  }

  protected editorLabel(): string {
    return 'Colour';
  }

  protected choiceContent(label: string, value: string): (Node | string)[] {
    const swatch = el('span', { class: 'blockyardSwatch', 'aria-hidden': 'true' });
    swatch.style.backgroundColor = cssColour(value);
    return [swatch, el('span', { class: 'blockyardVisuallyHidden' }, label)];
  }

  static override fromJson(options: ChoiceFieldJson): ColorPickerField {
    return new ColorPickerField(options.value, options);
  }
}
