// Word widths measured before Blockly draws a loaded slice. Drawing a block, Blockly asks each
// field for its size, and the field measures its text (`utils.dom.getTextWidth`): from Blockly's
// text-width cache, or else from the text element's computed style. Asking for a computed style
// makes Chromium bring the style of the page up to date first, and the page is just being
// changed by the load, so every word not measured yet ("step17", "42") costs a style pass:
// at 1,000 blocks that was the largest single cost of the draw's JavaScript (profiled, see the
// package README). Here each new word goes into the same cache beforehand, through Blockly's
// own canvas measurement (`getFastTextWidthWithSizeString`, what `getTextWidth` calls after
// reading the style), with the font read once per text class and theme per file. The cache is keyed by a
// word and its element's class, as Blockly keys it; a guess that does not match what the field
// later shows only leaves that word to Blockly.

import * as Blockly from 'blockly/core';

interface Font {
  readonly size: string;
  readonly weight: string;
  readonly family: string;
}

interface WithDisplayText {
  getDisplayText_?: () => string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The text a field will show (Blockly's protected `getDisplayText_`, checked at run time). */
function displayText(field: Blockly.Field): string | undefined {
  const shown = (field as unknown as WithDisplayText).getDisplayText_;
  return typeof shown === 'function' ? shown.call(field) : undefined;
}

/** The class Blockly gives a dropdown's text element when it draws its selected text. */
const DROPDOWN_TEXT_CLASS = 'blocklyDropdownText';

interface WithSelectedOption {
  selectedOption?: readonly [unknown, ...unknown[]];
}

/** Whether a dropdown draws its selected option as text (Blockly's private `selectedOption`, checked at run time). */
function showsText(field: Blockly.FieldDropdown): boolean {
  const option = (field as unknown as WithSelectedOption).selectedOption;
  return typeof option?.[0] === 'string';
}

/** The field's text element, once Blockly has built its view (`initSvg`). */
function textElementOf(field: Blockly.Field): SVGTextElement | null {
  const root = field.getSvgRoot();
  return root ? root.querySelector(':scope > text') : null;
}

/** Fonts per theme and text class of one workspace, read while one file loads (its slices too). */
export class TextWidths {
  private readonly fonts = new Map<string, Font>();
  /** A detached element carrying a word and a class: Blockly's cache key is read from it. */
  private probe: SVGTextElement | undefined;

  /**
   * Puts the width of every word `blocks` will show into Blockly's text-width cache (open while
   * a slice loads); only words that are not there yet are measured. `theme`: the workspace's
   * theme name (its fonts are the theme's).
   */
  measure(blocks: Iterable<Blockly.BlockSvg>, theme: string): void {
    for (const block of blocks) {
      for (const input of block.inputList) {
        for (const field of input.fieldRow) this.measureField(field, theme);
      }
    }
  }

  private measureField(field: Blockly.Field, theme: string): void {
    if (!field.isVisible()) return;
    const element = textElementOf(field);
    const text = element && displayText(field);
    if (!element || !text) return;
    if (field instanceof Blockly.FieldDropdown) {
      // A dropdown showing an image measures no text.
      if (!showsText(field)) return;
      // Its text element gets this class when it draws (Blockly's `renderSelectedText` adds it, and
      // adds nothing when it is there): given now, the word's key is the one Blockly will look up.
      // Left to Blockly, the first unmeasured dropdown word of a slice asked for a computed style
      // in the middle of the drawing: Chromium styled every new element (about 8,000 when every
      // stack is built at 1,000 blocks, traced), and styled them again after the drawing.
      element.classList.add(DROPDOWN_TEXT_CLASS);
    }
    // What Blockly reads as `className.baseVal` for its key.
    const className = element.getAttribute('class') ?? '';
    const key = `${theme}\n${className}`;
    let font = this.fonts.get(key);
    if (!font) {
      // Once per class: the only style pass this costs.
      const style = window.getComputedStyle(element);
      if (!style.fontSize || !style.fontFamily) return;
      font = { size: style.fontSize, weight: style.fontWeight, family: style.fontFamily };
      this.fonts.set(key, font);
    }
    this.probe ??= document.createElementNS(SVG_NS, 'text');
    this.probe.textContent = text;
    this.probe.setAttribute('class', className);
    // Returns the cached width without measuring when the word is there already.
    Blockly.utils.dom.getFastTextWidthWithSizeString(this.probe, font.size, font.weight, font.family);
  }
}
