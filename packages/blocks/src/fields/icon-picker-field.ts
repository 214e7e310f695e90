// `show icon`: the block shows the chosen icon's picture; the editor is a grid of every icon with
// its picture (names read out to screen readers and shown as tooltips).

import * as Blockly from 'blockly/core';
import { ChoiceField, type ChoiceFieldJson } from './choice-field.ts';
import { drawPicture, pictureSvg } from './picture-svg.ts';

const CELL = 5;
const GAP = 1.5;
const PAD = 3;

export class IconPickerField extends ChoiceField {
  private previewGroup: SVGGElement | null = null;

  protected gridColumns(): number {
    return 8;
  }

  protected override gridClass(): string {
    return 'blockyardIconGrid';
  }

  protected override ariaName(): string {
    return this.messages().iconPickerLabel;
  }

  protected editorLabel(): string {
    return this.messages().iconPickerLabel;
  }

  protected choiceContent(label: string, value: string): (Node | string)[] {
    const cells = this.pictures[value];
    return cells ? [pictureSvg(cells, 5, 6, 1.5)] : [label];
  }

  private hasPicture(): boolean {
    return this.pictures[this.getValue() ?? ''] !== undefined;
  }

  protected override initView(): void {
    super.initView();
    this.previewGroup = Blockly.utils.dom.createSvgElement(
      Blockly.utils.Svg.G,
      { class: 'blockyardIconPreview' },
      this.fieldGroup_,
    );
  }

  protected override render_(): void {
    const cells = this.pictures[this.getValue() ?? ''];
    const group = this.previewGroup;
    if (!cells || !group) {
      if (group) group.replaceChildren();
      this.textElement_?.removeAttribute('display');
      super.render_();
      return;
    }
    group.replaceChildren();
    this.textElement_?.setAttribute('display', 'none');
    const size = 5 * CELL + 4 * GAP;
    drawPicture(group, cells, 5, CELL, GAP, PAD, PAD);
    const arrow = Blockly.utils.dom.createSvgElement(
      Blockly.utils.Svg.TEXT,
      { class: 'blocklyText blockyardIconArrow', x: size + PAD * 2 + 4, y: size / 2 + PAD + 5 },
      group,
    );
    arrow.textContent = '▾';
    this.size_ = new Blockly.utils.Size(size + PAD * 2 + 16, size + PAD * 2);
    // The border box is the picture's white background, and where Blockly opens the picker.
    this.borderRect_?.setAttribute('width', String(size + PAD * 2));
    this.borderRect_?.setAttribute('height', String(size + PAD * 2));
    this.borderRect_?.setAttribute('class', 'blocklyFieldRect blockyardLedBackground');
  }

  protected override updateSize_(margin?: number): void {
    if (this.hasPicture()) return;
    super.updateSize_(margin);
  }

  static override fromJson(options: ChoiceFieldJson): IconPickerField {
    return new IconPickerField(options.value, options);
  }
}
