// Base of fields that pick one value from a list (icon picker, pin picker): like a dropdown they
// keep any value they are given, even one not listed; the block shows the choice's label (or a
// picture), and the editor is a grid of buttons worked with the mouse or the arrow keys.

import { el, gridMove, TextValueField, type TextFieldJson } from './text-value-field.ts';

export interface ChoiceFieldJson extends TextFieldJson {
  readonly pictures?: Readonly<Record<string, string>>;
}

export abstract class ChoiceField extends TextValueField {
  protected readonly choices: readonly (readonly [string, string])[];
  protected readonly pictures: Readonly<Record<string, string>>;

  constructor(value: string | undefined, json: ChoiceFieldJson = {}) {
    super(value ?? json.options?.[0]?.[1] ?? '', json);
    this.choices = json.options ?? [];
    this.pictures = json.pictures ?? {};
  }

  labelOf(value: string | null): string {
    return this.choices.find(([, v]) => v === value)?.[0] ?? value ?? '';
  }

  protected override getText_(): string {
    return this.labelOf(this.getValue());
  }

  /** Columns of the editor's grid. */
  protected abstract gridColumns(): number;

  /** The inside of one choice's button. */
  protected abstract choiceContent(label: string, value: string): (Node | string)[];

  protected abstract editorLabel(): string;

  protected override showEditor_(): void {
    const grid = el('div', {
      class: `blockyardChoiceGrid ${this.gridClass()}`,
      role: 'listbox',
      'aria-label': this.editorLabel(),
    });
    grid.style.gridTemplateColumns = `repeat(${this.gridColumns()}, auto)`;
    const buttons: HTMLButtonElement[] = [];
    const current = this.getValue();
    const selectedIndex = Math.max(
      0,
      this.choices.findIndex(([, v]) => v === current),
    );
    this.choices.forEach(([label, value], index) => {
      const selected = value === current;
      const button = el(
        'button',
        {
          type: 'button',
          role: 'option',
          class: 'blockyardChoice',
          'aria-selected': String(selected),
          'aria-label': label,
          title: label,
          'data-value': value,
        },
        ...this.choiceContent(label, value),
      );
      button.tabIndex = index === selectedIndex ? 0 : -1;
      button.addEventListener('click', () => {
        this.commit(value);
        this.closeDropDown();
      });
      button.addEventListener('keydown', (event) => {
        const next = gridMove(event.key, index, this.choices.length, this.gridColumns());
        if (next !== undefined) {
          event.preventDefault();
          event.stopPropagation();
          buttons[index]!.tabIndex = -1;
          buttons[next]!.tabIndex = 0;
          buttons[next]!.focus();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          this.closeDropDown();
        }
      });
      buttons.push(button);
      grid.appendChild(button);
    });
    this.openDropDown(el('div', { class: 'blockyardFieldEditor' }, grid), buttons[selectedIndex] ?? null);
  }

  protected gridClass(): string {
    return '';
  }

  protected override getDisplayText_(): string {
    return `${super.getDisplayText_()} ▾`;
  }
}
