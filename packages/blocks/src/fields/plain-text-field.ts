// Blockly's text field, minus a cost: Blockly updates the field's accessibility labels on every
// value change, also before the field is drawn, where it throws and catches an error inside. With
// a text shadow on most blocks that adds up when loading big programs.

import * as Blockly from 'blockly/core';

export class PlainTextField extends Blockly.FieldTextInput {
  override recomputeAriaContext(): boolean {
    return this.fieldGroup_ ? super.recomputeAriaContext() : false;
  }

  static override fromJson(options: Blockly.FieldTextInputFromJsonConfig): PlainTextField {
    return new PlainTextField(options.text, undefined, options);
  }
}
