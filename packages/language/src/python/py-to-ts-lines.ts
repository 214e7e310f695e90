// The output half of Python -> TypeScript: TypeScript lines, each with the Python line and
// column it came from, at the current indent; a body's statements in turn with the blank lines
// and comments between them kept (a comment after a compound statement's last line stays in its
// body), and Python's "unexpected indent" found. What a statement writes is the statement
// converter's (py-to-ts.ts). Pure: no DOM, no Node APIs.
import type { SyntaxNode } from '@lezer/common';
import { PYTHON_SYNTAX_CODE } from './python-diagnostics.ts';
import { FunctionalConverter } from './py-functional.ts';
import { COMPOUND_STATEMENTS, Unsupported } from './py-syntax.ts';

interface Line {
  text: string;
  at: readonly [number, number];
}

export abstract class LineConverter extends FunctionalConverter {
  protected readonly lines: Line[] = [];
  protected indent = 0;

  /** Writes one statement (the statement converter's forms). */
  protected abstract statement(node: SyntaxNode): void;

  /** A call statement, with `inlineDef` written in place of `inlineArgument` as a function. */
  protected abstract expressionStatement(
    call: SyntaxNode,
    inlineDef: SyntaxNode | undefined,
    inlineArgument: SyntaxNode | undefined,
  ): void;

  /**
   * Python refuses a line indented differently from the statements around it ("unexpected
   * indent"); the parser takes it as one more statement. One message per block, on the line.
   */
  protected checkIndentation(statements: readonly SyntaxNode[], moduleLevel: boolean): void {
    let expected: number | undefined = moduleLevel ? 1 : undefined;
    let previous: SyntaxNode | undefined;
    for (const statement of statements) {
      if (statement.name === 'Comment' || this.ownLineColumn(statement) === 0) continue;
      const column = this.ownLineColumn(statement);
      const after = previous;
      previous = statement;
      if (expected === undefined) expected = column;
      // The body of a line Python could not read (`if x > 0` without its colon) is not a
      // second mistake: that line's message is the one to show.
      else if (column !== expected && !(after && hasParseError(after))) {
        const { line } = this.index.position(statement.from);
        const end = this.source.indexOf('\n', statement.from);
        this.report(
          { from: this.index.lineStart(line), to: end < 0 ? this.source.length : end },
          'This line is indented differently from the lines around it. Line it up with them.',
          PYTHON_SYNTAX_CODE,
        );
        return;
      }
    }
  }

  protected statementsOf(node: SyntaxNode): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.name === ':' || child.type.isError) continue;
      out.push(child);
    }
    return out;
  }

  protected at(node: SyntaxNode): readonly [number, number] {
    const { line, column } = this.index.position(node.from);
    return [line, column];
  }

  /** A statement starting with a bracket would continue the line before it in TypeScript. */
  protected pushStatement(text: string, node: SyntaxNode): void {
    this.push(/^[[(`]/.test(text) ? `;${text}` : text, node);
  }

  protected push(text: string, node: SyntaxNode): void {
    this.lines.push({ text: '    '.repeat(this.indent) + text, at: this.at(node) });
  }

  /** A blank line between `previous` and `node` in the Python text is kept (none at the top). */
  protected keepBlankLine(node: SyntaxNode, previous: SyntaxNode | undefined): void {
    if (this.blankBefore(node, previous) && this.lines.length) this.lines.push({ text: '', at: this.at(node) });
  }

  /** Whether a blank line separates `node` from the code before it in the Python text. */
  private blankBefore(node: SyntaxNode, previous: SyntaxNode | undefined): boolean {
    if (!previous) return false;
    // A compound statement's body ends with its last line's newline.
    const end = this.source[previous.to - 1] === '\n' ? previous.to - 1 : previous.to;
    const between = this.source.slice(end, node.from);
    return /\n[ \t]*\r?\n/.test(between);
  }

  protected body(statements: SyntaxNode[]): void {
    this.checkIndentation(statements, this.indent === 0);
    let previous: SyntaxNode | undefined;
    for (let i = 0; i < statements.length; i++) {
      const statement = statements[i]!;
      this.keepBlankLine(statement, previous);
      // Comments indented under a compound statement, after its last line, belong to its body
      // (the parser puts them after it).
      let next = i + 1;
      const endComments: SyntaxNode[] = [];
      if (COMPOUND_STATEMENTS.has(statement.name)) {
        const column = this.index.position(statement.from).column;
        while (statements[next]?.name === 'Comment' && this.ownLineColumn(statements[next]!) > column) {
          endComments.push(statements[next++]!);
        }
      }
      const inline =
        statement.name === 'FunctionDefinition' ? this.inlineTarget(statement, statements[next]) : undefined;
      if (inline) next++;
      try {
        if (inline) this.expressionStatement(inline.call, statement, inline.argument);
        else this.statement(statement);
      } catch (error) {
        if (!(error instanceof Unsupported)) throw error;
      }
      if (endComments.length) {
        const closing = this.lines.pop();
        this.indent++;
        for (const comment of endComments) this.push(`//${this.slice(comment).slice(1)}`, comment);
        this.indent--;
        if (closing) this.lines.push(closing);
      }
      previous = statements[next - 1];
      i = next - 1;
    }
  }

  /** The column of a comment on a line of its own, or 0 after code. */
  protected ownLineColumn(node: SyntaxNode): number {
    const { line, column } = this.index.position(node.from);
    const before = this.source.slice(this.index.lineStart(line), node.from);
    return before.trim() === '' ? column : 0;
  }

  /** A `def` used once, as an argument of the call right after it: a handler to inline. */
  private inlineTarget(
    def: SyntaxNode,
    next: SyntaxNode | undefined,
  ): { call: SyntaxNode; argument: SyntaxNode } | undefined {
    if (!next || next.name !== 'ExpressionStatement') return undefined;
    const call = next.firstChild;
    if (call?.name !== 'CallExpression') return undefined;
    const name = def.getChild('VariableName');
    if (!name) return undefined;
    const text = this.slice(name);
    if (this.scopes.uses.get(text) !== 1) return undefined;
    const args = call.getChild('ArgList');
    for (let arg = args?.firstChild; arg; arg = arg.nextSibling) {
      if (arg.name === 'VariableName' && this.slice(arg) === text) return { call, argument: arg };
    }
    return undefined;
  }

  /**
   * A text in triple quotes on its own (a docstring; MakeCode's Python for a block comment) does
   * nothing: it becomes comment lines, as MakeCode makes it a comment.
   */
  protected docstring(node: SyntaxNode): void {
    const text = this.slice(node).replace(/^[A-Za-z]*("{3}|'{3}|"|')([^]*)\1$/, '$2');
    for (const line of text.trim().split('\n')) this.push(`// ${line.trim()}`.trimEnd(), node);
  }

  protected comment(node: SyntaxNode): void {
    const text = this.slice(node).slice(1);
    // A comment after code on the same line joins that line.
    const { line } = this.index.position(node.from);
    const last = this.lines[this.lines.length - 1];
    const before = this.source.slice(this.index.lineStart(line), node.from);
    if (last && before.trim() !== '' && last.at[0] === line) {
      last.text += ` //${text}`;
      return;
    }
    this.push(`//${text}`, node);
  }

  protected block(bodyNode: SyntaxNode | null, owner: SyntaxNode): void {
    this.indent++;
    if (bodyNode) this.body(this.statementsOf(bodyNode));
    this.indent--;
    void owner;
  }

  /** A comment after a part's last line (before `elif`, `else:`, `except:`) ends that part. */
  protected partEndComment(node: SyntaxNode): void {
    this.indent++;
    this.comment(node);
    this.indent--;
  }
}

/** True when the parser found something it could not read inside `node`. */
function hasParseError(node: SyntaxNode): boolean {
  const cursor = node.cursor();
  do if (cursor.type.isError) return true;
  while (cursor.next() && cursor.from < node.to);
  return false;
}
