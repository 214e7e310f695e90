// Pin pickers (`DigitalPin.P0`, `AnalogPin.P1`): a grid of the board's pins by name.

import { ChoiceField, type ChoiceFieldJson } from './choice-field.ts';

export class PinPickerField extends ChoiceField {
  protected gridColumns(): number {
    return Math.min(4, Math.max(1, this.choices.length));
  }

  protected override gridClass(): string {
    return 'blockyardPinGrid';
  }

  protected override ariaName(): string {
    return this.messages().pinPickerLabel;
  }

  protected editorLabel(): string {
    return this.messages().pinPickerLabel;
  }

  protected choiceContent(label: string): (Node | string)[] {
    return [label];
  }

  static override fromJson(options: ChoiceFieldJson): PinPickerField {
    return new PinPickerField(options.value, options);
  }
}
