// A dropdown that never drops a value it does not list. Blockly's own dropdown refuses a value
// outside its options and silently keeps the first one; a file from a newer library (an enum
// member we do not know) would then come back changed. This one adds the unknown value as an
// extra option, shown as it is written.

import * as Blockly from 'blockly/core';

type Options = Blockly.MenuOption[];

export class LenientDropdown extends Blockly.FieldDropdown {
  private readonly baseOptions: Options;
  private extraValue: string | undefined;

  constructor(options: Options, validator?: Blockly.FieldDropdownValidator, config?: Blockly.FieldDropdownConfig) {
    // Blockly calls the generator on the field; during `super` this class is not set up yet.
    super(
      function (this: Blockly.FieldDropdown) {
        return this instanceof LenientDropdown && this.baseOptions ? this.currentOptions() : options;
      },
      validator,
      config,
    );
    this.baseOptions = options;
  }

  private currentOptions(): Options {
    const extra = this.extraValue;
    if (extra === undefined || this.baseOptions.some((o) => o !== 'separator' && o[1] === extra)) {
      return this.baseOptions;
    }
    return [...this.baseOptions, [extra, extra]];
  }

  protected override doClassValidation_(newValue?: string): string | null {
    if (typeof newValue !== 'string') return null;
    // Called from Blockly's constructor, before this class has set its own fields.
    if (!this.baseOptions) return newValue;
    if (!this.baseOptions.some((o) => o !== 'separator' && o[1] === newValue)) this.extraValue = newValue;
    return newValue;
  }

  static override fromJson(options: Blockly.FieldDropdownFromJsonConfig): LenientDropdown {
    return new LenientDropdown(options.options ?? [['?', '']], undefined, options);
  }
}
