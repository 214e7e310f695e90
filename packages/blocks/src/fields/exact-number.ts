// A number field that writes back exactly the text it was given (`0.50`, `0x10`, `1e3` stay as
// they are), and that applies its range and precision only to what a learner types, never to
// what a file or the decompiler says (a value outside the range is kept, not clamped away).

import * as Blockly from 'blockly/core';

export class ExactNumberField extends Blockly.FieldNumber {
  private exactText: string | undefined;
  private pendingText: string | undefined;

  protected override doClassValidation_(newValue?: unknown): number | null {
    if (typeof newValue !== 'string' && typeof newValue !== 'number') return null;
    const text = String(newValue).trim();
    const value = Number(text);
    if (text === '' || Number.isNaN(value)) return null;
    this.pendingText = text;
    return value;
  }

  protected override doValueUpdate_(newValue: number): void {
    super.doValueUpdate_(newValue);
    this.exactText =
      this.pendingText !== undefined && Number(this.pendingText) === newValue ? this.pendingText : undefined;
    this.pendingText = undefined;
  }

  /** What the learner typed, kept inside the field's range and precision. */
  protected override getValueFromEditorText_(text: string): unknown {
    const value = Number(text.replace(/,/g, '.').trim());
    if (text.trim() === '' || !Number.isFinite(value)) return text;
    let result = Math.min(this.getMax(), Math.max(this.getMin(), value));
    const precision = this.getPrecision();
    if (precision) {
      result = Math.round(result / precision) * precision;
      const decimals = String(precision).split('.')[1]?.length ?? 0;
      result = Number(result.toFixed(decimals));
    }
    return result === value ? text.trim() : String(result);
  }

  /** Blockly asks before the field is drawn and throws inside; that costs a lot per block. */
  override recomputeAriaContext(): boolean {
    return this.fieldGroup_ ? super.recomputeAriaContext() : false;
  }

  protected override getEditorText_(value: unknown): string {
    return this.exactText ?? super.getEditorText_(value);
  }

  protected override getText_(): string | null {
    return this.exactText ?? super.getText_();
  }

  override toXml(fieldElement: Element): Element {
    fieldElement.textContent = this.exactText ?? String(this.getValue());
    return fieldElement;
  }

  override saveState(): unknown {
    return this.exactText ?? this.getValue();
  }

  static override fromJson(options: Blockly.FieldNumberFromJsonConfig & { value?: number | string }): ExactNumberField {
    return new ExactNumberField(options.value, undefined, undefined, undefined, undefined, options);
  }
}
