import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { breakpointLines, debugGutter, setBreakpointLines, showCurrentLine } from './debug-gutter.ts';

const views: EditorView[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.destroy();
});

function editor(doc: string, lines: number[]) {
  const reports: number[][] = [];
  const view = new EditorView({
    state: EditorState.create({ doc, extensions: debugGutter({ lines, onChange: (l) => reports.push(l) }) }),
    parent: document.body,
  });
  views.push(view);
  return { view, reports };
}

const doc = 'let a = 1\nlet b = 2\nlet c = 3\nlet d = 4\n';

describe('the code editor breakpoint gutter', () => {
  it('starts with the breakpoints given and moves them with edits above them', () => {
    const { view, reports } = editor(doc, [2, 4]);
    expect(breakpointLines(view.state)).toEqual([2, 4]);
    view.dispatch({ changes: { from: 0, insert: 'let z = 0\n' } });
    expect(breakpointLines(view.state)).toEqual([3, 5]);
    expect(reports.at(-1)).toEqual([3, 5]);
  });

  it('a breakpoint goes away with its line, and stays while its statement is edited', () => {
    const { view } = editor(doc, [2, 3]);
    const line2 = view.state.doc.line(2);
    // Typing inside line 3's statement keeps its breakpoint.
    view.dispatch({ changes: { from: view.state.doc.line(3).to, insert: ' + 1' } });
    // Deleting line 2 (with its line break) removes its breakpoint; line 3's moves up.
    view.dispatch({ changes: { from: line2.from, to: line2.to + 1 } });
    expect(breakpointLines(view.state)).toEqual([2]);
    expect(view.state.doc.line(2).text).toBe('let c = 3 + 1');
  });

  it('F9 sets and clears the breakpoint of the cursor line; lines can be replaced from outside', () => {
    const { view } = editor(doc, []);
    view.dispatch({ selection: { anchor: view.state.doc.line(3).from + 2 } });
    const f9 = () =>
      view.contentDOM.dispatchEvent(new KeyboardEvent('keydown', { key: 'F9', keyCode: 120, bubbles: true }));
    f9();
    expect(breakpointLines(view.state)).toEqual([3]);
    f9();
    expect(breakpointLines(view.state)).toEqual([]);
    setBreakpointLines(view, [1, 4, 99]);
    expect(breakpointLines(view.state)).toEqual([1, 4]);
  });

  it('highlights the line a paused program is at', () => {
    const { view } = editor(doc, []);
    showCurrentLine(view, 3);
    const current = view.dom.querySelectorAll('.cm-debug-current');
    expect(current).toHaveLength(1);
    expect(current[0]?.textContent).toBe('let c = 3');
    showCurrentLine(view, null);
    expect(view.dom.querySelectorAll('.cm-debug-current')).toHaveLength(0);
  });
});
