// Whether two versions of a program are the same code once layout is set aside: the same tokens
// and comments, whatever the spaces, line breaks and indentation. The editor's switch back to
// blocks uses it to tell "the learner only looked at the code" (or pressed Format) from an edit.

import type ts from 'typescript';

export function sameCode(tsApi: typeof ts, a: string, b: string): boolean {
  if (a === b) return true;
  // Template literals with substitutions need the parser to scan; compare those texts as written.
  if (a.includes('${') || b.includes('${')) return trimLines(a) === trimLines(b);
  const left = tokens(tsApi, a);
  const right = tokens(tsApi, b);
  return left.length === right.length && left.every((token, i) => token === right[i]);
}

function trimLines(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

function tokens(tsApi: typeof ts, text: string): string[] {
  const { SyntaxKind } = tsApi;
  const scanner = tsApi.createScanner(tsApi.ScriptTarget.Latest, false, tsApi.LanguageVariant.Standard, text);
  const out: string[] = [];
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === SyntaxKind.WhitespaceTrivia || kind === SyntaxKind.NewLineTrivia) continue;
    const token = scanner.getTokenText();
    const comment = kind === SyntaxKind.SingleLineCommentTrivia || kind === SyntaxKind.MultiLineCommentTrivia;
    out.push(comment ? token.replace(/\s+/g, ' ').trim() : token);
  }
  return out;
}
