// `showLeds` and image literals: a 5x5 (or rows x columns) picture drawn on the block. A press on
// a light switches it on or off right there; Enter on the field (keyboard navigation) or a press
// beside the lights opens a grid of toggle buttons worked with the arrow keys and Space.

import * as Blockly from 'blockly/core';
import type { LedPicture } from '@blockyard/language';
import { readPicture, pictureText, togglePicture } from './led-grid.ts';
import { el, gridMove, TextValueField, type TextFieldJson } from './text-value-field.ts';

const CELL = 14;
const GAP = 4;
const PAD = 4;
const SVG_NS = 'http://www.w3.org/2000/svg';

export class LedMatrixField extends TextValueField {
  private readonly rows: number;
  private readonly columns: number;
  private cells: SVGRectElement[] = [];

  constructor(value: string | undefined, json: TextFieldJson = {}) {
    super(value, json);
    this.rows = Math.max(1, Number(json.settings?.['rows'] ?? 5) || 5);
    this.columns = Math.max(1, Number(json.settings?.['columns'] ?? 5) || 5);
  }

  protected override ariaName(): string {
    return this.messages().ledMatrixLabel;
  }

  picture(): LedPicture {
    return readPicture(this.getValue() ?? '', this.rows, this.columns);
  }

  protected override initView(): void {
    const group = this.fieldGroup_!;
    this.cells = [];
    // The border box is the screen's background, and where Blockly places the grid editor.
    this.createBorderRect_();
    this.borderRect_?.setAttribute('class', 'blocklyFieldRect blockyardLedBackground');
    this.borderRect_?.setAttribute('width', String(this.width()));
    this.borderRect_?.setAttribute('height', String(this.height()));
    // Inline, because the renderer's own rule for field rects outranks a class (theme in CSS).
    this.borderRect_?.setAttribute('style', 'fill: var(--blockyard-led-screen, #ffffff); fill-opacity: 0.95');
    // The lights sit in a group of their own: Blockly's renderer paints every rect that is a direct
    // child of an editable field white (and outlines it on hover), which hid which lights are on.
    const lights = document.createElementNS(SVG_NS, 'g');
    lights.setAttribute('class', 'blockyardLedCells');
    group.appendChild(lights);
    for (let row = 0; row < this.rows; row++) {
      for (let column = 0; column < this.columns; column++) {
        const cell = document.createElementNS(SVG_NS, 'rect');
        cell.setAttribute('x', String(PAD + column * (CELL + GAP)));
        cell.setAttribute('y', String(PAD + row * (CELL + GAP)));
        cell.setAttribute('width', String(CELL));
        cell.setAttribute('height', String(CELL));
        cell.setAttribute('rx', '3');
        cell.setAttribute('data-index', String(row * this.columns + column));
        lights.appendChild(cell);
        this.cells.push(cell);
      }
    }
  }

  private width(): number {
    return PAD * 2 + this.columns * CELL + (this.columns - 1) * GAP;
  }

  private height(): number {
    return PAD * 2 + this.rows * CELL + (this.rows - 1) * GAP;
  }

  protected override updateSize_(): void {
    this.size_ = new Blockly.utils.Size(this.width(), this.height());
  }

  protected override render_(): void {
    const picture = this.picture();
    this.cells.forEach((cell, index) => {
      cell.setAttribute('class', picture.cells[index] ? 'blockyardLed blockyardLedOn' : 'blockyardLed');
    });
    this.updateSize_();
  }

  protected override getText_(): string {
    // What screen readers and tooltips read: the picture row by row.
    const picture = this.picture();
    const rows: string[] = [];
    for (let r = 0; r < picture.rows; r++) {
      rows.push(
        picture.cells
          .slice(r * picture.columns, (r + 1) * picture.columns)
          .map((on) => (on ? '#' : '.'))
          .join(''),
      );
    }
    return rows.join(' ');
  }

  protected override showEditor_(e?: Event): void {
    const target = e?.target as Element | null | undefined;
    const index = target?.getAttribute?.('data-index');
    if (index !== null && index !== undefined && this.cells.includes(target as SVGRectElement)) {
      this.commit(pictureText(togglePicture(this.picture(), Number(index))));
      return;
    }
    this.openGridEditor();
  }

  private openGridEditor(): void {
    const messages = this.messages();
    const grid = el('div', { class: 'blockyardLedGrid', role: 'grid', 'aria-label': messages.ledMatrixLabel });
    const buttons: HTMLButtonElement[] = [];
    let focusIndex = 0;
    const refresh = () => {
      const picture = this.picture();
      buttons.forEach((button, i) => {
        const on = !!picture.cells[i];
        button.setAttribute('aria-pressed', String(on));
        button.classList.toggle('blockyardLedOn', on);
        button.tabIndex = i === focusIndex ? 0 : -1;
      });
    };
    for (let row = 0; row < this.rows; row++) {
      const rowElement = el('div', { role: 'row', class: 'blockyardLedRow' });
      for (let column = 0; column < this.columns; column++) {
        const i = row * this.columns + column;
        const button = el('button', {
          type: 'button',
          role: 'gridcell',
          class: 'blockyardLedButton',
          'aria-label': `${row + 1}, ${column + 1}`,
          'data-index': String(i),
        });
        button.addEventListener('click', () => {
          focusIndex = i;
          this.commit(pictureText(togglePicture(this.picture(), i)));
          refresh();
        });
        button.addEventListener('keydown', (event) => {
          const next = gridMove(event.key, i, this.rows * this.columns, this.columns);
          if (next !== undefined) {
            event.preventDefault();
            event.stopPropagation();
            focusIndex = next;
            refresh();
            buttons[next]?.focus();
          } else if (event.key === 'Escape' || (event.key === 'Enter' && event.ctrlKey)) {
            event.preventDefault();
            this.closeDropDown();
          }
        });
        buttons.push(button);
        rowElement.appendChild(button);
      }
      grid.appendChild(rowElement);
    }
    refresh();
    this.openDropDown(el('div', { class: 'blockyardFieldEditor' }, grid), buttons[0] ?? null);
  }

  static override fromJson(options: TextFieldJson): LedMatrixField {
    return new LedMatrixField(options.value, options);
  }
}
