// Base of our custom field editors: the value is text stored exactly as given (what the XML says
// is what goes back out), the field can reach its workspace's environment and services, and the
// editor opens in Blockly's drop-down area with keyboard focus inside it.

import * as Blockly from 'blockly/core';
import {
  environmentOf,
  type LinkedEnvironment,
  servicesOf,
  type WorkspaceServices,
} from '../environment/environment-link.ts';
import { defaultMessages, type BlocksMessages } from '../environment/messages.ts';

export interface TextFieldJson extends Blockly.FieldConfig {
  readonly value?: string;
  readonly settings?: Readonly<Record<string, string>>;
  readonly options?: readonly (readonly [string, string])[];
}

export abstract class TextValueField extends Blockly.Field<string> {
  override SERIALIZABLE = true;
  override EDITABLE = true;
  protected readonly settings: Readonly<Record<string, string>>;

  constructor(value: string | undefined, json: TextFieldJson = {}) {
    super(Blockly.Field.SKIP_SETUP);
    this.settings = json.settings ?? {};
    this.setValue(value ?? '');
  }

  override init(): void {
    super.init();
    if (this.fieldGroup_) Blockly.utils.dom.addClass(this.fieldGroup_, 'blocklyField');
    this.recomputeAriaContext();
  }

  /** What the field is, for screen readers ("LED picture", "Pick an icon"). */
  protected ariaName(): string {
    return this.messages().sliderLabel;
  }

  override getAriaTypeName(): string {
    return this.ariaName();
  }

  override getAriaValue(): string {
    return this.getText();
  }

  protected override doValueUpdate_(newValue: string): void {
    super.doValueUpdate_(newValue);
    if (this.fieldGroup_) this.recomputeAriaContext();
  }

  protected override doClassValidation_(newValue?: unknown): string | null {
    if (typeof newValue === 'string') return newValue;
    return typeof newValue === 'number' ? String(newValue) : null;
  }

  protected environment(): LinkedEnvironment | undefined {
    return environmentOf(this.getSourceBlock()?.workspace);
  }

  protected services(): WorkspaceServices {
    return servicesOf(this.getSourceBlock()?.workspace);
  }

  protected messages(): BlocksMessages {
    return this.environment()?.messages ?? defaultMessages;
  }

  /** Shows `content` in Blockly's drop-down area under the field and focuses `focus`. */
  protected openDropDown(content: HTMLElement, focus: HTMLElement | null, onClose?: () => void): void {
    Blockly.DropDownDiv.hideWithoutAnimation();
    Blockly.DropDownDiv.clearContent();
    Blockly.DropDownDiv.getContentDiv().appendChild(content);
    const block = this.getSourceBlock() as Blockly.BlockSvg | null;
    const colour = block?.getColour() ?? '#ffffff';
    Blockly.DropDownDiv.setColour('#ffffff', colour);
    Blockly.DropDownDiv.showPositionedByField<string>(this, () => onClose?.());
    // After Blockly has taken focus for the drop-down, put it where the learner works.
    (focus ?? content).focus({ preventScroll: true });
  }

  protected closeDropDown(): void {
    Blockly.DropDownDiv.hideIfOwner<string>(this, true);
  }

  /** Sets the value as one undoable change (fires Blockly's change event). */
  protected commit(value: string): void {
    if (value === this.getValue()) return;
    this.setValue(value);
  }

  protected override getText_(): string | null {
    return this.getValue();
  }
}

/** Makes an element, with attributes and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'class') element.className = value;
    else element.setAttribute(name, value);
  }
  for (const child of children) element.append(child);
  return element;
}

/** Keyboard movement in a grid of `columns` (arrows, Home, End); returns the new index or undefined. */
export function gridMove(key: string, index: number, count: number, columns: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return Math.min(count - 1, index + 1);
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return index + columns < count ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
