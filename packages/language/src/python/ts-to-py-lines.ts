// The output half of TypeScript -> Python: Python lines at the current indent, the TypeScript's
// comments and blank lines carried over, and statement lists and blocks (a body that would be
// empty says `pass`). What a statement prints is the statement printer's (ts-to-py.ts); a
// statement Python cannot show is kept as commented-out TypeScript here.
import type ts from 'typescript';
import { FunctionalPrinter } from './ts-to-py-functional.ts';
import { Inexpressible } from './ts-to-py-expressions.ts';

export abstract class LinePrinter extends FunctionalPrinter {
  protected readonly out: string[] = [];
  protected indent = 0;

  /** Prints one statement (the statement printer's forms). */
  protected abstract statement(node: ts.Statement): void;

  protected line(text: string): void {
    this.out.push(text === '' ? '' : '    '.repeat(this.indent) + text);
  }

  // --- comments and blank lines ------------------------------------------------------------

  /** Comments before `pos`, with the blank lines between them (and before `next`) kept. */
  protected leadingComments(pos: number, next?: ts.Node): void {
    const text = this.file.text;
    const ranges = this.tsApi.getLeadingCommentRanges(text, pos) ?? [];
    const blank = (from: number, to: number): boolean => /\n[ \t]*\r?\n/.test(text.slice(from, to));
    ranges.forEach((range, i) => {
      if (i > 0 && blank(ranges[i - 1]!.end, range.pos)) this.line('');
      const comment = text.slice(range.pos, range.end);
      if (range.kind === this.k.SingleLineCommentTrivia) this.line(`#${comment.slice(2)}`);
      else
        for (const l of comment.slice(2, -2).split('\n'))
          this.line(`#${l.replace(/^\s*\*?/, ' ').trimEnd()}`.replace(/^# $/, '#'));
    });
    const last = ranges[ranges.length - 1];
    if (last && next && blank(last.end, next.getStart(this.file))) this.line('');
  }

  protected trailingComment(node: ts.Node): string {
    return this.trailingCommentAt(node.getEnd());
  }

  private trailingCommentAt(pos: number): string {
    const text = this.file.text;
    const ranges = this.tsApi.getTrailingCommentRanges(text, pos) ?? [];
    return ranges
      .filter((r) => r.kind === this.k.SingleLineCommentTrivia)
      .map((r) => `  #${text.slice(r.pos + 2, r.end)}`)
      .join('');
  }

  /** A blank line in the TypeScript before `node` (after its comments) is kept. */
  protected blankLineBefore(node: ts.Node): boolean {
    const text = this.file.text;
    const ranges = this.tsApi.getLeadingCommentRanges(text, node.pos) ?? [];
    const start = ranges.length ? ranges[0]!.pos : node.getStart(this.file);
    return /\n[ \t]*\r?\n/.test(text.slice(node.pos, start));
  }

  // --- statement lists and blocks ----------------------------------------------------------

  protected statements(statements: readonly ts.Statement[], end: ts.Node | undefined): void {
    statements.forEach((statement, i) => {
      if (i > 0 && this.blankLineBefore(statement)) this.line('');
      this.leadingComments(statement.pos, statement);
      const mark = this.out.length;
      try {
        this.statement(statement);
      } catch (error) {
        if (!(error instanceof Inexpressible)) throw error;
        this.out.length = mark;
        for (const l of statement.getText(this.file).split('\n')) this.line(`# ${l.trimEnd()}`);
      }
    });
    if (end) this.leadingComments(end.pos);
  }

  /**
   * `last`: a line to end the body with (a counting `while` loop's step); `first`: lines to start
   * it with (a constructor's field values), after its `super(...)` call if it starts with one.
   */
  protected blockBody(body: ts.Statement | undefined, last?: string, first?: readonly string[]): void {
    if (body && this.tsApi.isBlock(body)) this.openBraceComment(body);
    this.indent++;
    const mark = this.out.length;
    let statements: readonly ts.Statement[] = body ? (this.tsApi.isBlock(body) ? body.statements : [body]) : [];
    if (first?.length) {
      const head = statements[0];
      if (head && this.isSuperCall(head)) {
        this.statements([head], undefined);
        statements = statements.slice(1);
      }
      for (const line of first) this.line(line);
    }
    this.statements(statements, undefined);
    if (body && this.tsApi.isBlock(body)) this.blockEndComments(body);
    if (last) this.line(last);
    this.passIfEmpty(mark);
    this.indent--;
  }

  /** Python needs a statement in a body: one that printed none since `mark` (comments only) says `pass`. */
  protected passIfEmpty(mark: number): void {
    if (this.out.slice(mark).every((l) => l.trim().startsWith('#') || l === '')) this.line('pass');
  }

  /** A comment after a block's `{` (`if (x) { // why`) ends the head line the caller wrote. */
  private openBraceComment(block: ts.Block): void {
    const head = this.out.length - 1;
    const comment = this.trailingCommentAt(block.getStart(this.file) + 1);
    if (comment && head >= 0) this.out[head] += comment;
  }

  private blockEndComments(block: ts.Block): void {
    const text = this.file.text;
    const closing = block.getEnd() - 1;
    const start = block.statements.end;
    for (const range of this.tsApi.getLeadingCommentRanges(text, start) ?? []) {
      if (range.end > closing) break;
      const comment = text.slice(range.pos, range.end);
      if (range.kind === this.k.SingleLineCommentTrivia) this.line(`#${comment.slice(2)}`);
    }
  }

  /** `super(...)` as a statement. */
  private isSuperCall(node: ts.Statement): boolean {
    const t = this.tsApi;
    return (
      t.isExpressionStatement(node) &&
      t.isCallExpression(node.expression) &&
      node.expression.expression.kind === this.k.SuperKeyword
    );
  }
}
