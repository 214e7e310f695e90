// Every stack of the program as text, for a screen reader's browse mode. Blockly's own
// accessibility tree holds only the stacks that are drawn: stacks far out of view are taken out
// of the page (offscreen-stacks.ts, which also takes them out of the
// accessibility tree, as `visibility: hidden` would) and a big program's far stacks are built
// seconds after it opens (waiting-stacks.ts). So a learner reading the page line by line would
// meet only the stacks near the view. This outline is a visually hidden region after the
// workspace with one list item per top-level stack, in reading order, each holding its blocks'
// words (what is plugged into a block inline, the blocks inside a loop or condition as a nested
// list). It holds no focusable element, so the tab order does not change. It is brought up to
// date when the page is idle after stacks are built or the program changes, and only the stacks
// whose words changed are written again.

import * as Blockly from 'blockly/core';
import { whenIdle } from './idle-slices.ts';

/** Wait after a change before the outline follows (ms): typing a number changes it once. */
const UPDATE_DELAY_MS = 300;

/** A block's words and, for each statement input, the blocks inside. */
interface Line {
  readonly words: string;
  readonly inside: readonly (readonly Line[])[];
}

/** Keeps everything in the accessibility tree while drawing nothing (the usual visually hidden style). */
const HIDDEN_STYLE =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;' +
  'clip-path:inset(50%);white-space:nowrap;';

function fieldWords(field: Blockly.Field): string {
  return field.isVisible() ? field.getText().replace(/\s+/g, ' ').trim() : '';
}

/** The words of an input's own fields (its label, dropdowns, typed values). */
function rowWords(input: Blockly.Input): string[] {
  return input.fieldRow.map(fieldWords).filter((text) => text !== '');
}

/** A value block's words, with the value blocks plugged into it in parentheses. */
function inlineWords(block: Blockly.Block): string {
  const words: string[] = [];
  for (const input of block.inputList) {
    if (!input.isVisible()) continue;
    words.push(...rowWords(input));
    const target = input.connection?.targetBlock();
    if (target) {
      const inner = inlineWords(target);
      if (inner) words.push(target.inputList.some((i) => i.connection?.targetBlock()) ? `(${inner})` : inner);
    }
  }
  return words.join(' ');
}

function lineOf(block: Blockly.Block): Line {
  const words: string[] = [];
  const inside: Line[][] = [];
  for (const input of block.inputList) {
    if (!input.isVisible()) continue;
    words.push(...rowWords(input));
    const target = input.connection?.targetBlock();
    if (input.type === Blockly.inputs.inputTypes.STATEMENT) inside.push(target ? linesFrom(target) : []);
    else if (target) {
      const inner = inlineWords(target);
      if (inner) words.push(inner);
    }
  }
  return { words: words.join(' ') || block.type, inside };
}

function linesFrom(first: Blockly.Block): Line[] {
  const lines: Line[] = [];
  for (let block: Blockly.Block | null = first; block; block = block.getNextBlock()) lines.push(lineOf(block));
  return lines;
}

function listOf(lines: readonly Line[]): HTMLUListElement {
  const list = document.createElement('ul');
  for (const line of lines) {
    const item = document.createElement('li');
    item.append(line.words);
    for (const inside of line.inside) if (inside.length) item.append(listOf(inside));
    list.append(item);
  }
  return list;
}

/**
 * The words of every stack on a workspace, kept visually hidden beside it: a region for the
 * program being edited, a group for a picture (a read-only workspace inside a hint or preview,
 * where a second region of the same name would make the page's landmarks ambiguous).
 */
export class StackOutline {
  private readonly region: HTMLElement;
  private readonly list: HTMLOListElement;
  /** Per top block id: its list item and the words it was written from. */
  private readonly written = new Map<string, { item: HTMLLIElement; text: string }>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private cancelIdle: (() => void) | undefined;

  constructor(
    container: HTMLElement,
    private readonly workspace: Blockly.WorkspaceSvg,
    heading: string,
    { landmark = true }: { readonly landmark?: boolean } = {},
  ) {
    this.region = document.createElement(landmark ? 'section' : 'div');
    if (!landmark) this.region.setAttribute('role', 'group');
    this.region.className = 'blockyard-stack-outline';
    this.region.setAttribute('style', HIDDEN_STYLE);
    const title = document.createElement('h2');
    title.id = `blockyard-stack-outline-${Blockly.utils.idGenerator.genUid()}`;
    title.textContent = heading;
    this.region.setAttribute('aria-labelledby', title.id);
    this.list = document.createElement('ol');
    this.region.append(title, this.list);
    container.append(this.region);
  }

  /** Brings the outline up to date a little later, when the page is idle. */
  schedule(): void {
    if (this.timer !== undefined || this.cancelIdle) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.cancelIdle = whenIdle(() => {
        this.cancelIdle = undefined;
        this.update();
      });
    }, UPDATE_DELAY_MS);
  }

  /** Brings the outline up to date now. */
  update(): void {
    const seen = new Set<string>();
    let previous: HTMLLIElement | undefined;
    for (const top of this.workspace.getTopBlocks(true)) {
      if (top.isInsertionMarker()) continue;
      const lines = linesFrom(top);
      const text = JSON.stringify(lines);
      let entry = this.written.get(top.id);
      if (!entry || entry.text !== text) {
        const item = document.createElement('li');
        item.append(listOf(lines));
        entry?.item.replaceWith(item);
        entry = { item, text };
        this.written.set(top.id, entry);
      }
      seen.add(top.id);
      // In reading order: moved stacks move in the list too.
      const expected = previous ? previous.nextElementSibling : this.list.firstElementChild;
      if (expected !== entry.item) {
        if (previous) previous.after(entry.item);
        else this.list.prepend(entry.item);
      }
      previous = entry.item;
    }
    for (const [id, entry] of this.written) {
      if (seen.has(id)) continue;
      entry.item.remove();
      this.written.delete(id);
    }
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.cancelIdle?.();
    this.cancelIdle = undefined;
    this.region.remove();
  }
}
