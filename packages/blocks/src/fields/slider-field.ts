// Numbers with a range (`x.min=0 x.max=255`): the usual number box to type in, plus a slider
// under it to drag (or move with the arrow keys). The range comes from the field's settings or,
// for `math_number_minmax` shadows, from the block's mutation (see min-max.ts).

import * as Blockly from 'blockly/core';
import { environmentOf } from '../environment/environment-link.ts';
import { defaultMessages } from '../environment/messages.ts';
import { ExactNumberField } from './exact-number.ts';
import { el } from './text-value-field.ts';

interface SliderJson {
  readonly value?: string | number;
  readonly settings?: Readonly<Record<string, string>>;
  readonly min?: number;
  readonly max?: number;
  readonly precision?: number;
}

export class SliderField extends ExactNumberField {
  private sliderMin: number | undefined;
  private sliderMax: number | undefined;
  private sliderStep: number | undefined;
  private slider: HTMLInputElement | null = null;

  setRange(min: number | undefined, max: number | undefined, precision?: number): void {
    this.sliderMin = min;
    this.sliderMax = max;
    this.sliderStep = precision;
    if (min !== undefined || max !== undefined) this.setConstraints(min ?? null, max ?? null, precision ?? null);
  }

  range(): { min: number; max: number; step: number } {
    const min = this.sliderMin ?? 0;
    const max = this.sliderMax ?? Math.max(100, min + 100);
    const step = this.sliderStep ?? (max - min <= 10 ? 0.1 : 1);
    return { min, max, step };
  }

  protected override showEditor_(e?: Event): void {
    // The text box, without taking the keyboard from the slider on touch screens.
    super.showEditor_(e, Blockly.utils.userAgent.MOBILE || Blockly.utils.userAgent.IPAD);
    const messages = environmentOf(this.getSourceBlock()?.workspace)?.messages ?? defaultMessages;
    const { min, max, step } = this.range();
    const slider = el('input', {
      type: 'range',
      class: 'blockyardSlider',
      min: String(min),
      max: String(max),
      step: String(step),
      'aria-label': messages.sliderLabel,
    });
    slider.value = String(this.getValue() ?? min);
    slider.addEventListener('input', () => {
      this.setEditorValue_(slider.value);
    });
    this.slider = slider;
    Blockly.DropDownDiv.clearContent();
    Blockly.DropDownDiv.getContentDiv().appendChild(
      el('div', { class: 'blockyardFieldEditor blockyardSliderBox' }, slider),
    );
    const block = this.getSourceBlock() as Blockly.BlockSvg | null;
    Blockly.DropDownDiv.setColour('#ffffff', block?.getColour() ?? '#ffffff');
    Blockly.DropDownDiv.showPositionedByField<string | number>(this, () => (this.slider = null), undefined, false);
  }

  protected override doValueUpdate_(newValue: number): void {
    super.doValueUpdate_(newValue);
    if (this.slider && String(newValue) !== this.slider.value) this.slider.value = String(newValue);
  }

  static override fromJson(options: SliderJson): SliderField {
    const field = new SliderField(options.value, undefined, undefined, undefined, undefined, {});
    const number = (text: string | undefined) =>
      text !== undefined && Number.isFinite(Number(text)) ? Number(text) : undefined;
    field.setRange(
      options.min ?? number(options.settings?.['min']),
      options.max ?? number(options.settings?.['max']),
      options.precision ?? number(options.settings?.['precision']),
    );
    return field;
  }
}
