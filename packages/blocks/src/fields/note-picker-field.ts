// Notes and frequencies: a small piano of two octaves (moved up or down an octave with the arrow
// buttons). A press on a key plays it through the editor's audio preview and picks it. The value
// keeps its kind: an enum member (`Note.C`) when the parameter is a Note, else the frequency in
// hertz (`262`).

import { noteFrequency } from '@blockyard/sound';
import type { TextFieldJson } from './text-value-field.ts';
import { el, TextValueField } from './text-value-field.ts';
import { noteNameOf, octaveOf, pianoKeys, type PianoKey } from './piano.ts';

export interface NoteFieldJson extends TextFieldJson {
  readonly frequencies?: Readonly<Record<string, number>>;
}

const OCTAVES = 2;
const NOTE_MS = 400;

export class NotePickerField extends TextValueField {
  private readonly choices: readonly (readonly [string, string])[];
  private readonly frequencies: Readonly<Record<string, number>>;

  constructor(value: string | undefined, json: NoteFieldJson = {}) {
    super(value ?? json.options?.[0]?.[1] ?? '262', json);
    this.choices = json.options ?? [];
    this.frequencies = json.frequencies ?? {};
  }

  /** The frequency the current value stands for, if it can be told. */
  frequency(): number | undefined {
    const value = (this.getValue() ?? '').trim();
    const listed = this.frequencies[value];
    if (listed !== undefined) return listed;
    const number = Number(value);
    if (value !== '' && Number.isFinite(number)) return number;
    return noteFrequency(value.replace(/^Note\./, '').replace('Sharp', '#')) ?? undefined;
  }

  /** The value to store for a key, or undefined when the parameter cannot hold that note. */
  valueForKey(key: PianoKey): string | undefined {
    if (this.choices.length === 0) return String(key.frequency);
    const match = this.choices.find(([, v]) => {
      const f = this.frequencies[v];
      return f !== undefined && Math.abs(f - key.frequency) <= 1;
    });
    return match?.[1];
  }

  protected override ariaName(): string {
    return this.messages().notePickerLabel;
  }

  protected override getText_(): string {
    const value = this.getValue() ?? '';
    const label = this.choices.find(([, v]) => v === value)?.[0];
    if (label) return label;
    const frequency = this.frequency();
    return (frequency !== undefined ? noteNameOf(frequency) : undefined) ?? value;
  }

  protected override getDisplayText_(): string {
    return `♪ ${super.getDisplayText_()}`;
  }

  protected override showEditor_(): void {
    const messages = this.messages();
    const preview = this.services().audioPreview;
    let firstOctave = Math.min(7, Math.max(1, octaveOf(this.frequency() ?? 262)));
    const container = el('div', { class: 'blockyardPiano', role: 'group', 'aria-label': messages.notePickerLabel });
    const keysRow = el('div', { class: 'blockyardPianoKeys' });
    const caption = el('div', { class: 'blockyardPianoCaption', 'aria-live': 'polite' });
    const lower = el('button', { type: 'button', class: 'blockyardPianoOctave', 'aria-label': '−8va' }, '‹');
    const higher = el('button', { type: 'button', class: 'blockyardPianoOctave', 'aria-label': '+8va' }, '›');
    let buttons: HTMLButtonElement[] = [];

    const choose = (key: PianoKey, close: boolean) => {
      const value = this.valueForKey(key);
      if (value === undefined) return;
      preview?.playTone(key.frequency, NOTE_MS);
      this.commit(value);
      caption.textContent = `${key.name} · ${key.frequency} Hz`;
      if (close) this.closeDropDown();
    };

    const draw = () => {
      keysRow.replaceChildren();
      buttons = [];
      const current = this.frequency();
      const keys = pianoKeys(firstOctave, OCTAVES);
      let whiteIndex = 0;
      keys.forEach((key) => {
        const value = this.valueForKey(key);
        const selected = current !== undefined && Math.abs(current - key.frequency) <= 1;
        const button = el('button', {
          type: 'button',
          class: `blockyardPianoKey ${key.black ? 'blockyardPianoBlack' : 'blockyardPianoWhite'}`,
          'aria-label': `${key.name}, ${key.frequency} Hz`,
          'aria-pressed': String(selected),
          'data-note': key.name,
        });
        if (value === undefined) button.disabled = true;
        if (key.black) button.style.left = `calc(${whiteIndex} * var(--white-key) - var(--black-key) / 2)`;
        else whiteIndex++;
        if (!key.black) button.append(el('span', { class: 'blockyardPianoLabel' }, key.name.replace(/\d/, '')));
        button.tabIndex = selected ? 0 : -1;
        button.addEventListener('click', () => choose(key, false));
        button.addEventListener('keydown', (event) => {
          const index = buttons.indexOf(button);
          let next: number | undefined;
          if (event.key === 'ArrowRight') next = Math.min(buttons.length - 1, index + 1);
          else if (event.key === 'ArrowLeft') next = Math.max(0, index - 1);
          else if (event.key === 'Escape') {
            event.preventDefault();
            this.closeDropDown();
            return;
          } else if (event.key === 'Enter') {
            event.preventDefault();
            choose(key, true);
            return;
          }
          if (next !== undefined) {
            event.preventDefault();
            event.stopPropagation();
            buttons[next]?.focus();
          }
        });
        buttons.push(button);
        keysRow.appendChild(button);
      });
      keysRow.style.setProperty('--white-count', String(whiteIndex));
      if (!buttons.some((b) => b.tabIndex === 0) && buttons[0]) buttons[0].tabIndex = 0;
      lower.disabled = firstOctave <= 1;
      higher.disabled = firstOctave >= 7;
    };
    lower.addEventListener('click', () => {
      firstOctave = Math.max(1, firstOctave - 1);
      draw();
    });
    higher.addEventListener('click', () => {
      firstOctave = Math.min(7, firstOctave + 1);
      draw();
    });
    draw();
    const frequency = this.frequency();
    caption.textContent =
      frequency !== undefined ? `${noteNameOf(frequency) ?? ''} · ${frequency} Hz`.replace(/^ · /, '') : '';
    container.append(el('div', { class: 'blockyardPianoRow' }, lower, keysRow, higher), caption);
    this.openDropDown(
      el('div', { class: 'blockyardFieldEditor' }, container),
      buttons.find((b) => b.tabIndex === 0) ?? null,
      () => preview?.stopAll(),
    );
  }

  static override fromJson(options: NoteFieldJson): NotePickerField {
    return new NotePickerField(options.value, options);
  }
}
