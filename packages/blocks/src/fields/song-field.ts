// The song field of `music.createSong` (MakeCode's block "song $song"): read-only for now (the
// song editor comes later). It keeps the `hex`…`` text exactly as loaded, so blocks <-> code
// round-trips it byte for byte, and shows a thumbnail of the notes next to "2 measures, 120 bpm".

import * as Blockly from 'blockly/core';
import { EMPTY_SONG_LITERAL } from '@blockyard/language';
import { songPreview } from './song-preview.ts';
import { TextValueField, type TextFieldJson } from './text-value-field.ts';

const THUMB_WIDTH = 48;
const THUMB_HEIGHT = 20;
const PAD = 4;
const GAP = 6;
/** Width of one character of the summary when it cannot be measured yet. */
const CHAR_WIDTH = 8;

export class SongField extends TextValueField {
  override EDITABLE = false;
  private thumbnail: SVGGElement | null = null;
  private label: SVGTextElement | null = null;

  constructor(value: string | undefined, json: TextFieldJson = {}) {
    super(value ?? EMPTY_SONG_LITERAL, json);
  }

  private preview() {
    return songPreview(this.getValue() ?? '', THUMB_WIDTH, THUMB_HEIGHT);
  }

  protected override initView(): void {
    this.createBorderRect_();
    this.thumbnail = Blockly.utils.dom.createSvgElement(
      Blockly.utils.Svg.G,
      { class: 'blockyardSongPreview', transform: `translate(${PAD}, ${PAD})` },
      this.fieldGroup_,
    );
    this.label = Blockly.utils.dom.createSvgElement(
      Blockly.utils.Svg.TEXT,
      { class: 'blocklyText blockyardSongSummary', x: PAD + THUMB_WIDTH + GAP, y: PAD + THUMB_HEIGHT / 2 },
      this.fieldGroup_,
    );
    this.label.setAttribute('dominant-baseline', 'central');
  }

  protected override updateSize_(): void {
    const text = this.preview().summary;
    // Measured once drawn; before that (or without layout, in tests) a fair estimate.
    const measured = this.label?.textContent ? Blockly.utils.dom.getTextWidth(this.label) : 0;
    const textWidth = Math.ceil(measured > 0 ? measured : text.length * CHAR_WIDTH);
    const width = PAD + THUMB_WIDTH + GAP + textWidth + PAD;
    const height = THUMB_HEIGHT + PAD * 2;
    this.size_ = new Blockly.utils.Size(width, height);
    this.borderRect_?.setAttribute('width', String(width));
    this.borderRect_?.setAttribute('height', String(height));
  }

  protected override render_(): void {
    const preview = this.preview();
    if (this.thumbnail) {
      this.thumbnail.replaceChildren();
      Blockly.utils.dom.createSvgElement(
        Blockly.utils.Svg.RECT,
        { width: THUMB_WIDTH, height: THUMB_HEIGHT, rx: 2, fill: '#1d1d3a' },
        this.thumbnail,
      );
      if (preview.ok) {
        for (const note of preview.notes) {
          Blockly.utils.dom.createSvgElement(
            Blockly.utils.Svg.RECT,
            { x: note.x, y: note.y, width: note.width, height: 2, fill: note.drum ? '#f6c700' : '#5fd3ff' },
            this.thumbnail,
          );
        }
      }
    }
    if (this.label) this.label.textContent = preview.summary;
    this.updateSize_();
  }

  protected override ariaName(): string {
    return 'Song';
  }

  protected override getText_(): string {
    return `song: ${this.preview().summary}`;
  }

  static override fromJson(options: TextFieldJson): SongField {
    return new SongField(options.value, options);
  }
}
