// The sound-effect editor: wave, start and end frequency and volume, duration, effect and
// interpolation, with a picture of the pitch over time and a play button. It edits either its own
// text (a sound expression, @blockyard/sound's 72-digit format, quotes kept) or, with
// `fieldOptions.onParentBlock=true` as in MakeCode, the parameters of the block it sits on
// (`music.createSoundEffect(waveShape, startFrequency, ...)`), by parameter name.

import * as Blockly from 'blockly/core';
import type { PreviewPlayback } from '../audio/audio-preview.ts';
import { expandAll } from '../mutators/expandable.ts';
import {
  defaultSoundEffect,
  effectNames,
  enumMember,
  enumValueOf,
  expressionOf,
  frequencyCurve,
  interpolationNames,
  limits,
  parameterNames,
  stateFromExpression,
  type SoundEffectState,
  waveNames,
} from './sound-effect-model.ts';
import { el, TextValueField, type TextFieldJson } from './text-value-field.ts';

const PICTURE_WIDTH = 56;
const PICTURE_HEIGHT = 24;

type Key = keyof SoundEffectState;

export class SoundEffectField extends TextValueField {
  private picture: SVGPathElement | null = null;

  constructor(value: string | undefined, json: TextFieldJson = {}) {
    super(value ?? '', json);
  }

  /**
   * The block whose parameters are the sound (`music.createSoundExpression(waveShape, ...)`): the
   * field's own block when its API function has those parameters, its parent with
   * `fieldOptions.onParentBlock=true`; undefined when the field holds expression text itself.
   */
  private parameterBlock(): Blockly.Block | undefined {
    const block = this.getSourceBlock() ?? undefined;
    if (!block) return undefined;
    const hasParameters = (b: Blockly.Block) =>
      !!this.environment()
        ?.registry.apiBlock(b.type)
        ?.fn.parameters.some((p) => p.name === parameterNames.startFrequency);
    if (hasParameters(block)) return block;
    const parent = block.getParent() ?? undefined;
    if (this.settings['onParentBlock'] === 'true' && parent && hasParameters(parent)) return parent;
    return undefined;
  }

  private onParentBlock(): boolean {
    return this.parameterBlock() !== undefined;
  }

  /** Where each parameter lives on the parameter block: a field, or a shadow's field in an input. */
  private parentSlot(key: Key): Blockly.Field | null | undefined {
    const block = this.parameterBlock();
    if (!block) return undefined;
    const environment = this.environment();
    const param = parameterNames[key];
    const binding = environment?.registry.apiBlock(block.type)?.bindings.find((b) => b.param.name === param);
    const name = binding?.name ?? param;
    if (name === this.name) return this;
    const field = block.getField(name);
    if (field) return field;
    const target = block.getInput(name)?.connection?.targetBlock();
    if (!target) return undefined;
    if (!target.isShadow()) return null; // a real block decides the value: not editable here
    for (const input of target.inputList) for (const f of input.fieldRow) if (f.name && f.EDITABLE) return f;
    return undefined;
  }

  state(): SoundEffectState {
    if (!this.onParentBlock()) {
      const text = (this.getValue() ?? '').trim().replace(/^(["'`])([\s\S]*)\1$/, '$2');
      return stateFromExpression(text) ?? { ...defaultSoundEffect };
    }
    const state = { ...defaultSoundEffect };
    for (const key of Object.keys(parameterNames) as Key[]) {
      const slot = this.parentSlot(key);
      const value = slot ? enumValueOf(key, String(slot.getValue() ?? '')) : undefined;
      if (value !== undefined) state[key] = value;
    }
    return state;
  }

  private write(state: SoundEffectState, key?: Key): void {
    if (!this.onParentBlock()) {
      const quote = /^(["'`])/.exec((this.getValue() ?? '').trim())?.[1] ?? '';
      this.commit(`${quote}${expressionOf(state)}${quote}`);
      return;
    }
    const keys = key ? [key] : (Object.keys(parameterNames) as Key[]);
    for (const k of keys) {
      const slot = this.parentSlot(k);
      if (!slot) continue;
      const current = String(slot.getValue() ?? '');
      const member = enumMember(k, state[k]);
      const next = member && /^[A-Za-z]/.test(current) ? member : String(state[k]);
      if (next !== current) slot.setValue(next);
    }
    this.forceRerender();
  }

  protected override initView(): void {
    this.createBorderRect_();
    const group = Blockly.utils.dom.createSvgElement(
      Blockly.utils.Svg.G,
      { class: 'blockyardSoundPicture' },
      this.fieldGroup_,
    );
    this.picture = Blockly.utils.dom.createSvgElement(
      Blockly.utils.Svg.PATH,
      { fill: 'none', 'stroke-width': 2 },
      group,
    );
  }

  protected override updateSize_(): void {
    this.size_ = new Blockly.utils.Size(PICTURE_WIDTH + 8, PICTURE_HEIGHT + 8);
    this.borderRect_?.setAttribute('width', String(PICTURE_WIDTH + 8));
    this.borderRect_?.setAttribute('height', String(PICTURE_HEIGHT + 8));
  }

  protected override render_(): void {
    this.picture?.setAttribute('d', curvePath(this.state(), PICTURE_WIDTH, PICTURE_HEIGHT, 4));
    this.updateSize_();
  }

  protected override ariaName(): string {
    return this.messages().soundEditorLabel;
  }

  protected override getText_(): string {
    const s = this.state();
    return `${waveNames[s.wave] ?? s.wave} ${s.startFrequency}→${s.endFrequency} Hz, ${s.duration} ms`;
  }

  protected override showEditor_(): void {
    // Optional parameters hidden on a collapsed block are shown, so every control can work.
    const parameters = this.parameterBlock();
    if (parameters && (Object.keys(parameterNames) as Key[]).some((key) => this.parentSlot(key) === undefined)) {
      expandAll(parameters);
      // Draw the taller block now, so the editor opens next to where the field ends up.
      if (parameters instanceof Blockly.BlockSvg) Blockly.renderManagement.triggerQueuedRenders(parameters.workspace);
    }
    const messages = this.messages();
    const audio = this.services().audioPreview;
    let state = this.state();
    let playing: PreviewPlayback | undefined;
    const curve = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    const pictureSvg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    pictureSvg.setAttribute('viewBox', '0 0 240 80');
    pictureSvg.setAttribute('class', 'blockyardSoundGraph');
    pictureSvg.setAttribute('aria-hidden', 'true');
    pictureSvg.appendChild(curve);
    const redraw = () => curve.setAttribute('d', curvePath(state, 232, 72, 4));

    const update = (key: Key, value: number) => {
      state = { ...state, [key]: value };
      this.write(state, key);
      redraw();
    };
    const number = (key: Key, label: string, [min, max]: readonly [number, number]) => {
      const slot = this.onParentBlock() ? this.parentSlot(key) : this;
      const range = el('input', {
        type: 'range',
        min: String(min),
        max: String(max),
        'aria-label': label,
        'data-key': key,
      });
      const box = el('input', {
        type: 'number',
        min: String(min),
        max: String(max),
        'aria-label': label,
        class: 'blockyardSoundNumber',
      });
      range.value = box.value = String(state[key]);
      const set = (text: string) => {
        const value = Math.max(min, Math.min(max, Math.round(Number(text))));
        if (!Number.isFinite(value)) return;
        range.value = box.value = String(value);
        update(key, value);
      };
      range.addEventListener('input', () => set(range.value));
      box.addEventListener('change', () => set(box.value));
      if (!slot) range.disabled = box.disabled = true;
      return el('label', { class: 'blockyardSoundRow' }, el('span', {}, label), range, box);
    };
    const choice = (key: Key, label: string, names: Readonly<Record<number, string>>) => {
      const slot = this.onParentBlock() ? this.parentSlot(key) : this;
      const group = el('div', { class: 'blockyardSoundChoices', role: 'radiogroup', 'aria-label': label });
      const buttons: HTMLButtonElement[] = [];
      const mark = () =>
        buttons.forEach((b) => b.setAttribute('aria-checked', String(Number(b.dataset['value']) === state[key])));
      for (const [value, name] of Object.entries(names)) {
        const button = el(
          'button',
          { type: 'button', role: 'radio', 'data-value': value, class: 'blockyardSoundChoice' },
          name.toLowerCase(),
        );
        button.addEventListener('click', () => {
          update(key, Number(value));
          mark();
        });
        if (!slot) button.disabled = true;
        buttons.push(button);
        group.append(button);
      }
      mark();
      return el('div', { class: 'blockyardSoundRow' }, el('span', {}, label), group);
    };

    const play = el(
      'button',
      { type: 'button', class: 'blockyardSoundPlay', 'aria-pressed': 'false' },
      `▶ ${messages.soundPlay}`,
    );
    const setPlaying = (on: boolean) => {
      play.setAttribute('aria-pressed', String(on));
      play.textContent = on ? `■ ${messages.soundStop}` : `▶ ${messages.soundPlay}`;
    };
    if (!audio) play.hidden = true;
    play.addEventListener('click', () => {
      if (playing) {
        playing.stop();
        playing = undefined;
        setPlaying(false);
        return;
      }
      const playback = audio?.playSound(expressionOf(state));
      if (!playback) return;
      playing = playback;
      setPlaying(true);
      void playback.done.then(() => {
        if (playing === playback) {
          playing = undefined;
          setPlaying(false);
        }
      });
    });
    const done = el('button', { type: 'button', class: 'blockyardFieldDone' }, messages.soundDone);
    done.addEventListener('click', () => this.closeDropDown());
    redraw();
    // Two columns keep the editor low enough to open above or below a block on small screens.
    const editor = el(
      'div',
      { class: 'blockyardFieldEditor blockyardSoundEditor', role: 'group', 'aria-label': messages.soundEditorLabel },
      el(
        'div',
        { class: 'blockyardSoundColumn' },
        pictureSvg,
        choice('wave', messages.soundWave, waveNames),
        choice('effect', messages.soundEffect, effectNames),
        choice('interpolation', messages.soundInterpolation, interpolationNames),
      ),
      el(
        'div',
        { class: 'blockyardSoundColumn' },
        number('startFrequency', messages.soundStartFrequency, limits.frequency),
        number('endFrequency', messages.soundEndFrequency, limits.frequency),
        number('startVolume', messages.soundStartVolume, limits.volume),
        number('endVolume', messages.soundEndVolume, limits.volume),
        number('duration', messages.soundDuration, limits.duration),
        el('div', { class: 'blockyardSoundActions' }, play, done),
      ),
    );
    this.openDropDown(editor, editor.querySelector('button:not([disabled])'), () => playing?.stop());
  }

  static override fromJson(options: TextFieldJson): SoundEffectField {
    return new SoundEffectField(options.value, options);
  }
}

/** An SVG path of the pitch over time, higher pitch higher up. */
function curvePath(state: SoundEffectState, width: number, height: number, pad: number): string {
  const max = limits.frequency[1];
  return frequencyCurve(state)
    .map(([t, f], i) => {
      const x = pad + t * width;
      const y = pad + height - (Math.max(0, Math.min(max, f)) / max) * height;
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join(' ');
}
