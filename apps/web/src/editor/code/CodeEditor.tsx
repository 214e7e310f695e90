// The code editor: CodeMirror 6. For JavaScript, TypeScript's language service from the shared
// compiler worker (completions, hover docs, signature help) and format document; for Python,
// @codemirror/lang-python's highlighting and indentation, with completions, hover docs and
// signature help the worker answers for main.py in Python names. Both show the live run's
// problems as underlines, undo/redo (Ctrl/Cmd+Z, Ctrl+Shift+Z / Ctrl+Y) and our theme. Escape
// then Tab leaves the editor (CodeMirror's tab-focus rule), so keyboard users are never trapped.

import { redo, undo } from '@codemirror/commands';
import { diagnosticCount, setDiagnostics } from '@codemirror/lint';
import { EditorState, Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { codeExtensions } from './code-extensions.ts';
import { noteCodeEditorMade } from './warm-code-editor.ts';
import type { CodeService } from './code-service.ts';
import { debugGutter, showCurrentLine } from './debug-gutter.ts';
import { formatDocument } from './format-code.ts';
import { type CodeProblem, toDiagnostics } from './problems-lint.ts';

export interface CodeEditorHandle {
  undo(): boolean;
  redo(): boolean;
  focus(): void;
  format(): Promise<boolean>;
  /** The text now. */
  getText(): string;
  /** Puts the cursor at the start of a line's code and scrolls it into view. */
  revealLine(line: number): void;
}

export interface CodeEditorProps {
  value: string;
  /** A new version means `value` was replaced from outside: load it. */
  documentVersion: number;
  onChange: (text: string) => void;
  service: CodeService;
  problems: readonly CodeProblem[];
  /** The editor's accessible name. */
  label: string;
  /** Id of the element explaining how to leave the editor by keyboard. */
  describedBy?: string;
  detailsLabel: string;
  /** The code can be read, selected and copied, not changed (set when the editor is made). */
  readOnly?: boolean;
  /** The language (set when the editor is made). */
  language?: 'typescript' | 'python';
  /**
   * The debugger (issue 18): the breakpoint lines the editor starts with (they then move with
   * edits in the editor, each change reported) and the line a paused program is at.
   */
  debug?: CodeDebug;
  ref?: Ref<CodeEditorHandle>;
}

export interface CodeDebug {
  readonly breakpoints: readonly number[];
  readonly onBreakpoints: (lines: number[]) => void;
  readonly current: number | null;
}

export function CodeEditor(props: CodeEditorProps) {
  const { value, documentVersion, problems, detailsLabel, ref } = props;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const parent = host.current;
    if (!parent) return undefined;
    const service: CodeService = {
      compiler: { service: (request) => latest.current.service.compiler.service(request) },
      files: () => latest.current.service.files(),
    };
    const readOnly = latest.current.readOnly ?? false;
    const isPython = latest.current.language === 'python';
    const formatCommand = (target: EditorView) => {
      if (readOnly || isPython) return false;
      void formatDocument(target, service).catch(() => false);
      return true;
    };
    const state = EditorState.create({
      doc: latest.current.value,
      extensions: codeExtensions({
        language: isPython ? 'python' : 'typescript',
        readOnly,
        service,
        label: latest.current.label,
        describedBy: latest.current.describedBy,
        format: formatCommand,
        more: [
          ...(latest.current.debug
            ? [
                debugGutter({
                  lines: latest.current.debug.breakpoints,
                  onChange: (lines) => latest.current.debug?.onBreakpoints(lines),
                }),
              ]
            : []),
          EditorView.updateListener.of((update) => {
            // Loading a replaced document is not the learner's edit.
            const outside = update.transactions.some((t) => t.annotation(Transaction.remote) === true);
            if (update.docChanged && !outside) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    const created = new EditorView({ state, parent });
    noteCodeEditorMade();
    view.current = created;
    return () => {
      view.current = null;
      created.destroy();
    };
  }, []);

  // A document replaced from outside (switch, another tab, a restored version).
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const text = current.state.doc.toString();
    if (text === value) return;
    current.dispatch({
      changes: { from: 0, to: text.length, insert: value },
      annotations: [Transaction.remote.of(true), Transaction.addToHistory.of(false)],
    });
    // Only on a new version: an echo of our own edit must not overwrite newer typing.
  }, [documentVersion]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const diagnostics = toDiagnostics(current.state.doc, problems, detailsLabel);
    // Nothing to show and nothing shown (a new editor): no update, which would read the page's
    // layout again before the editor's first paint.
    if (diagnostics.length === 0 && diagnosticCount(current.state) === 0) return;
    current.dispatch(setDiagnostics(current.state, diagnostics));
  }, [problems, detailsLabel, documentVersion]);

  const current = props.debug?.current ?? null;
  /** The paused line the editor shows (none when it is made). */
  const shownLine = useRef<number | null>(null);
  useEffect(() => {
    if (!view.current || (current === null && shownLine.current === null)) return;
    shownLine.current = current;
    showCurrentLine(view.current, current);
  }, [current, documentVersion]);

  useImperativeHandle(
    ref,
    () => ({
      undo: () => (view.current ? undo(view.current) : false),
      redo: () => (view.current ? redo(view.current) : false),
      focus: () => view.current?.focus(),
      format: () =>
        view.current && latest.current.language !== 'python'
          ? formatDocument(view.current, latest.current.service)
          : Promise.resolve(false),
      getText: () => view.current?.state.doc.toString() ?? latest.current.value,
      revealLine: (line) => {
        const current = view.current;
        if (!current) return;
        const target = current.state.doc.line(Math.max(1, Math.min(current.state.doc.lines, line)));
        const indent = /^\s*/.exec(target.text)?.[0].length ?? 0;
        current.dispatch({
          selection: { anchor: target.from + indent },
          effects: EditorView.scrollIntoView(target.from, { y: 'center' }),
        });
        current.focus();
      },
    }),
    [],
  );

  return <div className="code-editor" ref={host} />;
}
