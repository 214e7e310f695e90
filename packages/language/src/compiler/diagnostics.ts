// Compiler diagnostics in one shape for every front end: `file:line:col message`, 1-based.

import type ts from 'typescript';

export interface Diagnostic {
  /** The learner's file name as given to `compile` (e.g. `main.ts`). */
  file: string;
  /** 1-based line and column of the start. */
  line: number;
  column: number;
  /** Characters covered (0 when unknown), for editors that underline. */
  length: number;
  message: string;
  /** TypeScript's error number, or 9xxx for Blockyard's own checks. */
  code: number;
  category: 'error' | 'warning';
}

/** The one-line form the CLI prints: `main.ts:3:5 Cannot find name 'x'.` */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  return `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ${diagnostic.message}`;
}

export function diagnosticAt(
  file: ts.SourceFile,
  displayName: string,
  start: number,
  length: number,
  message: string,
  code: number,
): Diagnostic {
  const { line, character } = file.getLineAndCharacterOfPosition(start);
  return { file: displayName, line: line + 1, column: character + 1, length, message, code, category: 'error' };
}

/** Converts a TypeScript diagnostic; chained messages are joined on one line. */
export function fromTsDiagnostic(
  tsApi: typeof ts,
  diagnostic: ts.Diagnostic,
  displayName: (file: ts.SourceFile) => string,
): Diagnostic {
  const message = tsApi.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  const category = diagnostic.category === tsApi.DiagnosticCategory.Error ? 'error' : 'warning';
  if (!diagnostic.file || diagnostic.start === undefined) {
    return { file: '(program)', line: 1, column: 1, length: 0, message, code: diagnostic.code, category };
  }
  return {
    ...diagnosticAt(
      diagnostic.file,
      displayName(diagnostic.file),
      diagnostic.start,
      diagnostic.length ?? 0,
      message,
      diagnostic.code,
    ),
    category,
  };
}
