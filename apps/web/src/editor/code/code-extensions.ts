// The code editor's CodeMirror extensions for one language, in one place: the editor on the page
// (CodeEditor.tsx) and its warm-up off the page (warm-code-editor.ts) build the same editor.

import { closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { lintGutter, linter } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { type CodeService, PYTHON_FILE } from './code-service.ts';
import { codeHighlighting, codeTheme } from './code-theme.ts';
import { signatureHelp } from './signature-help.ts';
import { tsCompletions } from './ts-completions.ts';
import { tsHover } from './ts-hover.ts';

export interface CodeExtensionsOptions {
  readonly language: 'typescript' | 'python';
  readonly readOnly: boolean;
  readonly service: CodeService;
  /** The editor's accessible name, and the id of the text saying how to leave it. */
  readonly label: string;
  readonly describedBy?: string | undefined;
  /** Shift+Alt+F. */
  readonly format: (view: EditorView) => boolean;
  /** Anything else the editor adds (the debugger's gutter, its change listener). */
  readonly more?: readonly Extension[];
}

export function codeExtensions(options: CodeExtensionsOptions): Extension[] {
  const { service, readOnly } = options;
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    EditorState.readOnly.of(readOnly),
    indentUnit.of('    '),
    EditorState.tabSize.of(4),
    ...(options.language === 'python'
      ? [
          python(),
          tsCompletions(service, PYTHON_FILE),
          tsHover(service, PYTHON_FILE),
          signatureHelp(service, PYTHON_FILE),
        ]
      : [javascript({ typescript: true }), tsCompletions(service), tsHover(service), signatureHelp(service)]),
    codeTheme,
    codeHighlighting,
    // The problems come from the session (setDiagnostics), not from a lint source; with the lint
    // state here from the start, the first problems no longer reconfigure the whole editor (tens
    // of ms when the Python tab first shows a big program, bench python-tab).
    linter(null),
    lintGutter(),
    ...(options.more ?? []),
    keymap.of([
      { key: 'Shift-Alt-f', run: options.format },
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...completionKeymap,
      indentWithTab,
    ]),
    EditorView.contentAttributes.of({
      'aria-label': options.label,
      ...(options.describedBy ? { 'aria-describedby': options.describedBy } : {}),
      ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      spellcheck: 'false',
      autocapitalize: 'off',
      autocorrect: 'off',
    }),
  ];
}
