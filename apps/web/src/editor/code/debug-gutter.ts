// The code editor's debugger marks (issue 18): a breakpoint gutter (click a line number's left,
// or press F9 on a line) whose red dots move with edits and go away with their line, and the
// line a paused program is at, highlighted and scrolled into view. The breakpoints are kept in
// the editor's state so edits move them; every change is reported as a sorted list of lines.

import { type Extension, RangeSet, StateEffect, StateField, type EditorState } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, gutter, GutterMarker, keymap } from '@codemirror/view';

class BreakpointMarker extends GutterMarker {
  override elementClass = 'cm-breakpoint-line';
  override toDOM(): Node {
    const dot = document.createElement('span');
    dot.className = 'cm-breakpoint-dot';
    dot.setAttribute('aria-hidden', 'true');
    return dot;
  }
}
const marker = new BreakpointMarker();

/** Keeps the gutter as wide as a dot when no line has one. */
class SpacerMarker extends GutterMarker {
  override toDOM(): Node {
    const space = document.createElement('span');
    space.className = 'cm-breakpoint-space';
    return space;
  }
}
const spacer = new SpacerMarker();

/** Sets or clears the breakpoint of the line starting at `pos`. */
const toggleEffect = StateEffect.define<{ pos: number }>();
/** Replaces every breakpoint (1-based lines). */
const setEffect = StateEffect.define<readonly number[]>();
/** The line a paused program is at (1-based), or null. */
const currentEffect = StateEffect.define<number | null>();

function markersOf(state: EditorState, lines: readonly number[]): RangeSet<GutterMarker> {
  const ranges = [...new Set(lines)]
    .filter((line) => line >= 1 && line <= state.doc.lines)
    .sort((a, b) => a - b)
    .map((line) => marker.range(state.doc.line(line).from));
  return RangeSet.of(ranges);
}

const breakpointField = StateField.define<RangeSet<GutterMarker>>({
  create: () => RangeSet.empty,
  update(set, tr) {
    let next = set.map(tr.changes);
    for (const effect of tr.effects) {
      if (effect.is(setEffect)) next = markersOf(tr.state, effect.value);
      if (effect.is(toggleEffect)) {
        const pos = effect.value.pos;
        let has = false;
        next.between(pos, pos, () => {
          has = true;
        });
        next = has ? next.update({ filter: (from) => from !== pos }) : next.update({ add: [marker.range(pos)] });
      }
    }
    return next;
  },
});

const currentLine = Decoration.line({ class: 'cm-debug-current' });
const currentField = StateField.define<{ line: number | null; decorations: DecorationSet }>({
  create: () => ({ line: null, decorations: Decoration.none }),
  update(value, tr) {
    let line = value.line;
    for (const effect of tr.effects) if (effect.is(currentEffect)) line = effect.value;
    if (line === value.line && !tr.docChanged) return value;
    return {
      line,
      decorations:
        line !== null && line >= 1 && line <= tr.state.doc.lines
          ? Decoration.set([currentLine.range(tr.state.doc.line(line).from)])
          : Decoration.none,
    };
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.decorations),
});

/** The breakpoint lines (1-based, ascending). */
export function breakpointLines(state: EditorState): number[] {
  const lines: number[] = [];
  const iter = state.field(breakpointField, false)?.iter();
  for (; iter?.value; iter.next()) lines.push(state.doc.lineAt(iter.from).number);
  return [...new Set(lines)];
}

function toggleAt(view: EditorView, pos: number): boolean {
  view.dispatch({ effects: toggleEffect.of({ pos: view.state.doc.lineAt(pos).from }) });
  return true;
}

export interface DebugGutterOptions {
  /** The breakpoints the editor starts with (1-based lines). */
  readonly lines: readonly number[];
  /** Told after every change of the breakpoint lines. */
  readonly onChange: (lines: number[]) => void;
}

/** The gutter, its F9 key and the current-line highlight. */
export function debugGutter(options: DebugGutterOptions): Extension {
  let reported = '';
  return [
    breakpointField.init((state) => markersOf(state, options.lines)),
    currentField,
    gutter({
      class: 'cm-breakpoint-gutter',
      markers: (view) => view.state.field(breakpointField),
      initialSpacer: () => spacer,
      domEventHandlers: {
        mousedown: (view, line) => toggleAt(view, line.from),
      },
    }),
    keymap.of([{ key: 'F9', run: (view) => toggleAt(view, view.state.selection.main.head) }]),
    EditorView.updateListener.of((update) => {
      const lines = breakpointLines(update.state);
      const key = lines.join(',');
      if (key === reported) return;
      reported = key;
      options.onChange(lines);
    }),
    EditorView.theme({ '.cm-breakpoint-gutter .cm-gutterElement': { cursor: 'pointer' } }),
  ];
}

/** Replaces the breakpoints (e.g. when the same lines come back from outside). */
export function setBreakpointLines(view: EditorView, lines: readonly number[]): void {
  view.dispatch({ effects: setEffect.of(lines) });
}

/** Highlights the line a paused program is at and scrolls it into view; null clears it. */
export function showCurrentLine(view: EditorView, line: number | null): void {
  const scroll =
    line !== null && line >= 1 && line <= view.state.doc.lines
      ? [EditorView.scrollIntoView(view.state.doc.line(line).from, { y: 'center' })]
      : [];
  view.dispatch({ effects: [currentEffect.of(line), ...scroll] });
}
