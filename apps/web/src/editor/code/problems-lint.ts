// The program's problems (from the live run's compile, or a runtime error) as CodeMirror
// diagnostics: a wavy underline on the code, a marker in the gutter, and on hover the learner's
// words with the exact technical message behind a "Details" toggle.
import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';

export interface CodeProblem {
  line: number;
  column?: number;
  length?: number;
  severity: 'error' | 'warning';
  words: string;
  technical: string;
}

function problemElement(words: string, technical: string, detailsLabel: string): HTMLElement {
  const box = document.createElement('div');
  const p = document.createElement('p');
  p.className = 'code-problem-words';
  p.textContent = words;
  box.append(p);
  if (technical && technical !== words) {
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = detailsLabel;
    const code = document.createElement('code');
    code.textContent = technical;
    details.append(summary, code);
    box.append(details);
  }
  return box;
}

/** Problems at their place in `doc` (lines past the end are clamped to it). */
export function toDiagnostics(doc: Text, problems: readonly CodeProblem[], detailsLabel: string): Diagnostic[] {
  return problems.map((problem) => {
    const line = doc.line(Math.max(1, Math.min(doc.lines, problem.line)));
    let from: number;
    let to = line.to;
    if (problem.column !== undefined) {
      from = Math.min(line.to, line.from + Math.max(0, problem.column - 1));
      to = Math.min(doc.length, from + Math.max(1, problem.length ?? 1));
    } else {
      // A runtime error knows its line only: underline the line's code, not its indentation.
      const indent = /^\s*/.exec(line.text)?.[0].length ?? 0;
      from = line.from + Math.min(indent, line.length);
    }
    if (to <= from) to = Math.min(doc.length, from + 1);
    return {
      from,
      to,
      severity: problem.severity,
      message: problem.words,
      renderMessage: () => problemElement(problem.words, problem.technical, detailsLabel),
    };
  });
}
