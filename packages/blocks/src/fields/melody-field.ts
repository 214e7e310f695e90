// The melody editor (spec 001 §2, §9): an 8x8 grid, one column per beat and one row per note (C5
// at the top down to C), one note per column. It reads and writes @blockyard/sound's melody
// notation; a gallery of the 10 sample melodies slides down over the grid in 0.2 s, each sample
// with a "use" button and a play/stop toggle. The tempo box changes the block's tempo input when
// it has one (else it only sets the preview's speed).

import * as Blockly from 'blockly/core';
import {
  GALLERY_TEMPO,
  MELODY_GALLERY,
  MELODY_GRID_COLUMNS,
  MELODY_GRID_ROWS,
  melodyToGrid,
  toggleMelodyGridCell,
  type MelodyGrid,
} from '@blockyard/sound';
import type { PreviewPlayback } from '../audio/audio-preview.ts';
import { melodyNotes, readMelodyText, writeMelodyText } from './melody-text.ts';
import { el, gridMove, TextValueField, type TextFieldJson } from './text-value-field.ts';

const ROW_COLOURS = ['#e63022', '#ff8f00', '#f6c700', '#3fbf3f', '#00a8a8', '#2f6fde', '#7c4dff', '#d44fbf'];
const PREVIEW_CELL = 4;

export class MelodyField extends TextValueField {
  private preview: SVGGElement | null = null;

  constructor(value: string | undefined, json: TextFieldJson = {}) {
    super(value ?? '- - - - - - - - ', json);
  }

  grid(): MelodyGrid {
    return readMelodyText(this.getValue() ?? '').grid;
  }

  /**
   * The tempo to edit with the melody: a number shadow in a `tempo` or `bpm` input of the block,
   * or of its parent when the melody is a shadow value (`onParentBlock`, as `music.stringPlayable`).
   */
  private tempoField(): Blockly.Field | null {
    const block = this.getSourceBlock();
    const host = this.settings['onParentBlock'] === 'true' ? block?.getParent() : block;
    for (const name of ['tempo', 'bpm']) {
      const target = host?.getInput(name)?.connection?.targetBlock();
      if (!target?.isShadow()) continue;
      const field = target.getField('NUM') ?? target.getField('SLIDER');
      if (field) return field;
    }
    return null;
  }

  protected override initView(): void {
    this.createBorderRect_();
    this.preview = Blockly.utils.dom.createSvgElement(
      Blockly.utils.Svg.G,
      { class: 'blockyardMelodyPreview' },
      this.fieldGroup_,
    );
  }

  protected override updateSize_(): void {
    const width = MELODY_GRID_COLUMNS * (PREVIEW_CELL * 2 + 2) + 8;
    const height = MELODY_GRID_ROWS.length * PREVIEW_CELL + 8;
    this.size_ = new Blockly.utils.Size(width, height);
    this.borderRect_?.setAttribute('width', String(width));
    this.borderRect_?.setAttribute('height', String(height));
  }

  protected override render_(): void {
    const group = this.preview;
    if (group) {
      group.replaceChildren();
      this.grid().forEach((row, column) => {
        if (row === null || row === undefined) return;
        Blockly.utils.dom.createSvgElement(
          Blockly.utils.Svg.RECT,
          {
            x: 4 + column * (PREVIEW_CELL * 2 + 2),
            y: 4 + row * PREVIEW_CELL,
            width: PREVIEW_CELL * 2,
            height: PREVIEW_CELL,
            rx: 1,
            fill: ROW_COLOURS[row] ?? '#888',
          },
          group,
        );
      });
    }
    this.updateSize_();
  }

  protected override ariaName(): string {
    return this.messages().melodyEditorLabel;
  }

  protected override getText_(): string {
    return melodyNotes(this.grid());
  }

  protected override showEditor_(): void {
    const messages = this.messages();
    const audio = this.services().audioPreview;
    const { quote } = readMelodyText(this.getValue() ?? '');
    let grid = this.grid();
    let playing: { key: string; playback: PreviewPlayback } | undefined;
    const playButtons = new Map<string, HTMLButtonElement>();

    const tempoField = this.tempoField();
    const tempoValue = () => {
      const value = Number(tempoField?.getValue() ?? tempoInput.value);
      return Number.isFinite(value) && value > 0 ? value : GALLERY_TEMPO;
    };
    const stop = () => {
      playing?.playback.stop();
      if (playing) {
        const button = playButtons.get(playing.key);
        if (button) setPlayButton(button, false);
      }
      playing = undefined;
    };
    const setPlayButton = (button: HTMLButtonElement, on: boolean) => {
      button.setAttribute('aria-pressed', String(on));
      button.textContent = on ? `■ ${messages.melodyStop}` : `▶ ${messages.melodyPlay}`;
    };
    const togglePlay = (key: string, notes: () => string, tempo: () => number) => {
      const wasThis = playing?.key === key;
      stop();
      if (wasThis || !audio) return;
      const playback = audio.playMelody(notes(), tempo());
      playing = { key, playback };
      const button = playButtons.get(key);
      if (button) setPlayButton(button, true);
      void playback.done.then(() => {
        if (playing?.playback === playback) stop();
      });
    };
    const playButton = (key: string, notes: () => string, tempo: () => number, label: string) => {
      const button = el('button', {
        type: 'button',
        class: 'blockyardMelodyPlay',
        'aria-label': label,
        'aria-pressed': 'false',
      });
      setPlayButton(button, false);
      if (!audio) button.hidden = true;
      button.addEventListener('click', () => togglePlay(key, notes, tempo));
      playButtons.set(key, button);
      return button;
    };

    // The grid: rows of notes, columns of beats.
    const gridElement = el('div', {
      class: 'blockyardMelodyGrid',
      role: 'grid',
      'aria-label': messages.melodyEditorLabel,
    });
    const cells: HTMLButtonElement[] = [];
    let focusIndex = 0;
    const refresh = () => {
      cells.forEach((cell, i) => {
        const row = Math.floor(i / MELODY_GRID_COLUMNS);
        const column = i % MELODY_GRID_COLUMNS;
        const on = grid[column] === row;
        cell.setAttribute('aria-pressed', String(on));
        cell.classList.toggle('blockyardMelodyOn', on);
        cell.style.backgroundColor = on ? (ROW_COLOURS[row] ?? '') : '';
        cell.tabIndex = i === focusIndex ? 0 : -1;
      });
    };
    const commitGrid = (next: MelodyGrid) => {
      grid = next;
      this.commit(writeMelodyText(grid, quote));
      refresh();
    };
    MELODY_GRID_ROWS.forEach((note, row) => {
      const rowElement = el('div', { role: 'row', class: 'blockyardMelodyRow' });
      rowElement.append(el('span', { class: 'blockyardMelodyNote', role: 'rowheader' }, note));
      for (let column = 0; column < MELODY_GRID_COLUMNS; column++) {
        const index = row * MELODY_GRID_COLUMNS + column;
        const cell = el('button', {
          type: 'button',
          role: 'gridcell',
          class: 'blockyardMelodyCell',
          'aria-label': `${note}, ${column + 1}`,
          'data-row': String(row),
          'data-column': String(column),
        });
        cell.addEventListener('click', () => {
          focusIndex = index;
          commitGrid(toggleMelodyGridCell(grid, column, row));
        });
        cell.addEventListener('keydown', (event) => {
          const next = gridMove(event.key, index, MELODY_GRID_ROWS.length * MELODY_GRID_COLUMNS, MELODY_GRID_COLUMNS);
          if (next !== undefined) {
            event.preventDefault();
            event.stopPropagation();
            focusIndex = next;
            refresh();
            cells[next]?.focus();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            this.closeDropDown();
          }
        });
        cells.push(cell);
        rowElement.append(cell);
      }
      gridElement.append(rowElement);
    });
    refresh();

    // The gallery: slides down over the grid (0.2 s) and back up.
    const gallery = el('div', {
      class: 'blockyardMelodyGallery',
      role: 'region',
      'aria-label': messages.melodyGallery,
    });
    gallery.setAttribute('aria-hidden', 'true');
    gallery.inert = true;
    const galleryButton = el(
      'button',
      { type: 'button', class: 'blockyardMelodyGalleryButton', 'aria-expanded': 'false' },
      messages.melodyGallery,
    );
    const setGallery = (open: boolean) => {
      gallery.classList.toggle('blockyardMelodyGalleryOpen', open);
      gallery.setAttribute('aria-hidden', String(!open));
      gallery.inert = !open;
      galleryButton.setAttribute('aria-expanded', String(open));
      galleryButton.textContent = open ? messages.melodyGalleryClose : messages.melodyGallery;
      if (open) gallery.querySelector<HTMLButtonElement>('button')?.focus();
    };
    galleryButton.addEventListener('click', () =>
      setGallery(!gallery.classList.contains('blockyardMelodyGalleryOpen')),
    );
    for (const sample of MELODY_GALLERY) {
      const sampleGrid = melodyToGrid(sample.notes);
      const mini = el('span', { class: 'blockyardMelodyMini', 'aria-hidden': 'true' });
      sampleGrid.forEach((row) => {
        const bar = el('span', { class: 'blockyardMelodyMiniBar' });
        if (row !== null && row !== undefined) {
          bar.style.backgroundColor = ROW_COLOURS[row] ?? '';
          bar.style.marginTop = `${row * 3}px`;
        } else bar.style.visibility = 'hidden';
        mini.append(bar);
      });
      const use = el(
        'button',
        { type: 'button', class: 'blockyardMelodyUse', 'aria-label': `${messages.melodySelect}: ${sample.name}` },
        messages.melodySelect,
      );
      use.addEventListener('click', () => {
        stop();
        commitGrid(sampleGrid);
        setGallery(false);
        cells[focusIndex]?.focus();
      });
      gallery.append(
        el(
          'div',
          { class: 'blockyardMelodySample' },
          el('span', { class: 'blockyardMelodySampleName' }, sample.name),
          mini,
          playButton(
            `sample:${sample.name}`,
            () => sample.notes,
            () => sample.tempo,
            `${messages.melodyPlay}: ${sample.name}`,
          ),
          use,
        ),
      );
    }

    const tempoInput = el('input', {
      type: 'number',
      class: 'blockyardMelodyTempo',
      min: '1',
      max: '400',
      'aria-label': messages.melodyTempo,
    });
    tempoInput.value = String(tempoField ? tempoField.getValue() : GALLERY_TEMPO);
    tempoInput.addEventListener('change', () => {
      const value = Math.round(Number(tempoInput.value));
      if (!Number.isFinite(value) || value <= 0) return;
      tempoField?.setValue(String(value));
    });
    const done = el('button', { type: 'button', class: 'blockyardFieldDone' }, messages.melodyDone);
    done.addEventListener('click', () => this.closeDropDown());

    const toolbar = el(
      'div',
      { class: 'blockyardMelodyToolbar' },
      playButton('mine', () => melodyNotes(grid), tempoValue, messages.melodyPlay),
      galleryButton,
      el('label', { class: 'blockyardMelodyTempoLabel' }, `${messages.melodyTempo} `, tempoInput),
      done,
    );
    const stage = el('div', { class: 'blockyardMelodyStage' }, gridElement, gallery);
    this.openDropDown(
      el('div', { class: 'blockyardFieldEditor blockyardMelodyEditor' }, toolbar, stage),
      cells[0] ?? null,
      () => stop(),
    );
  }

  static override fromJson(options: TextFieldJson): MelodyField {
    return new MelodyField(options.value, options);
  }
}
