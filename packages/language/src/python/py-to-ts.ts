// Python (MakeCode's static Python for micro:bit) -> TypeScript in the form the blocks generator
// writes (4-space indents, no semicolons, handlers as `function () {}` arguments), so blocks,
// JavaScript and Python meet in one text. Parsed with @lezer/python (a full syntax tree with
// positions); every TypeScript line remembers the Python line and column it came from, so the
// compiler's diagnostics can be shown on the Python text. Pure: no DOM, no Node APIs.
// This file: the entry point and statements; expressions in py-expressions.ts, the operator and
// unsupported-construct tables in py-syntax.ts, scopes and inferred types in py-scopes.ts.
import type { SyntaxNode } from '@lezer/common';
import { PYTHON_MISUSE_CODE, PYTHON_SYNTAX_CODE, type PythonDiagnostic } from './python-diagnostics.ts';
import type { PythonNames } from './python-names.ts';
import type { PythonClass } from './py-classes.ts';
import type { Scope } from './py-scopes.ts';
import { FunctionalConverter } from './py-functional.ts';
import { parameterNodes } from './py-scopes.ts';
import { neverClosedBracket } from './python-call-at.ts';
import { COMPOUND, COMPOUND_STATEMENTS, PREC, TYPE_NAMES, UNSUPPORTED_STATEMENTS, Unsupported } from './py-syntax.ts';

export interface PythonToTypeScriptResult {
  readonly code: string;
  readonly diagnostics: readonly PythonDiagnostic[];
  /** For each TypeScript line (index 0 is line 1): the Python [line, column] it came from. */
  readonly lineMap: readonly (readonly [number, number])[];
}

/** Above this a text is not a learner's program (and parsing it would take too long). */
export const MAX_PYTHON_CHARS = 2_000_000;

interface Line {
  text: string;
  at: readonly [number, number];
}

export function pythonToTypeScript(source: string, names: PythonNames): PythonToTypeScriptResult {
  if (source.length > MAX_PYTHON_CHARS) {
    return {
      code: '',
      lineMap: [],
      diagnostics: [
        {
          line: 1,
          column: 1,
          length: 0,
          code: PYTHON_SYNTAX_CODE,
          message: 'This program is too long to convert. Split it up or remove code you do not need.',
        },
      ],
    };
  }
  return new Converter(source, names).run();
}

class Converter extends FunctionalConverter {
  private readonly lines: Line[] = [];
  private indent = 0;

  run(): PythonToTypeScriptResult {
    this.reportSyntaxErrors();
    this.reportUnboundReads();
    this.scope = this.scopes.module;
    this.emitHoisted(this.scope, this.top);
    this.body(this.statementsOf(this.top));
    const code = this.lines.map((l) => l.text).join('\n') + (this.lines.length ? '\n' : '');
    // One entry per line of the code: a text over several lines (an LED picture's """) is
    // one of ours but several of the code's, each from its statement.
    const lineMap = this.lines.flatMap((l) => Array.from({ length: l.text.split('\n').length }, () => l.at));
    return { code, diagnostics: this.diagnostics, lineMap };
  }

  private reportSyntaxErrors(): void {
    // What follows a string with no closing quote is unreadable because of it: one message.
    let unclosed = Infinity;
    // A bracket never closed makes the parser stop lines later (at the end of the text, often):
    // the bracket is the mistake to show, as Python does.
    const bracket = neverClosedBracket(this.source);
    const cursor = this.top.cursor();
    do {
      if (cursor.from >= unclosed) break;
      if (cursor.type.isError && bracket !== undefined && cursor.from > bracket) {
        const { line } = this.index.position(bracket);
        if (line < this.index.position(cursor.from).line) {
          const close = { '(': ')', '[': ']', '{': '}' }[this.source.charAt(bracket)] ?? ')';
          this.report(
            { from: bracket, to: bracket + 1 },
            `This ${this.source.charAt(bracket)} is never closed. Put a ${close} where what it holds ends.`,
            PYTHON_SYNTAX_CODE,
          );
          break;
        }
      }
      if (cursor.type.isError) {
        const at = { from: cursor.from, to: Math.max(cursor.to, cursor.from + 1) };
        const { line } = this.index.position(at.from);
        const lineText = this.source.slice(this.index.lineStart(line), this.source.indexOf('\n', at.from) >>> 0);
        const hint = /^\s*(if|elif|else|while|for|def)\b[^:]*$/.test(lineText)
          ? ' Is the colon (:) missing at the end of the line?'
          : ' Check the brackets, quotes, colons and indentation.';
        this.report(at, `Python cannot read this line.${hint}`, PYTHON_SYNTAX_CODE);
      } else if (cursor.name === 'String' || cursor.name === 'FormatString') {
        // The parser ends a string without its closing quote at the line's end, with no error.
        if (!closed(this.source.slice(cursor.from, cursor.to))) {
          unclosed = cursor.from;
          this.report(
            { from: cursor.from, to: cursor.to },
            'This text has no closing quote. Put the same quote at its end as at its start.',
            PYTHON_SYNTAX_CODE,
          );
        }
      }
    } while (cursor.next());
  }

  /** Python's UnboundLocalError, before the program runs (TypeScript would run on with 0 or null). */
  private reportUnboundReads(): void {
    for (const { name, from, to, programWide } of this.scopes.unboundReads) {
      this.report(
        { from, to },
        programWide
          ? `"${name}" belongs to the whole program, but this function also sets it, so Python treats it as the function's own variable, which has no value yet here. Add "global ${name}" as the function's first line.`
          : `"${name}" has no value yet here: this function gives it one only later. Set it before this line (for example ${name} = 0).`,
        PYTHON_MISUSE_CODE,
      );
    }
  }

  /**
   * Python refuses a line indented differently from the statements around it ("unexpected
   * indent"); the parser takes it as one more statement. One message per block, on the line.
   */
  private checkIndentation(statements: readonly SyntaxNode[], moduleLevel: boolean): void {
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

  // --- statements --------------------------------------------------------------------------

  private statementsOf(node: SyntaxNode): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.name === ':' || child.type.isError) continue;
      out.push(child);
    }
    return out;
  }

  private at(node: SyntaxNode): readonly [number, number] {
    const { line, column } = this.index.position(node.from);
    return [line, column];
  }

  /** A statement starting with a bracket would continue the line before it in TypeScript. */
  private pushStatement(text: string, node: SyntaxNode): void {
    this.push(/^[[(`]/.test(text) ? `;${text}` : text, node);
  }

  private push(text: string, node: SyntaxNode): void {
    this.lines.push({ text: '    '.repeat(this.indent) + text, at: this.at(node) });
  }

  /** Whether a blank line separates `node` from the code before it in the Python text. */
  private blankBefore(node: SyntaxNode, previous: SyntaxNode | undefined): boolean {
    if (!previous) return false;
    // A compound statement's body ends with its last line's newline.
    const end = this.source[previous.to - 1] === '\n' ? previous.to - 1 : previous.to;
    const between = this.source.slice(end, node.from);
    return /\n[ \t]*\r?\n/.test(between);
  }

  private body(statements: SyntaxNode[]): void {
    this.checkIndentation(statements, this.indent === 0);
    let previous: SyntaxNode | undefined;
    for (let i = 0; i < statements.length; i++) {
      const statement = statements[i]!;
      if (this.blankBefore(statement, previous) && this.lines.length) {
        this.lines.push({ text: '', at: this.at(statement) });
      }
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
  private ownLineColumn(node: SyntaxNode): number {
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

  private statement(node: SyntaxNode): void {
    switch (node.name) {
      case 'Comment':
        this.comment(node);
        return;
      case 'ExpressionStatement': {
        const expression = node.firstChild;
        if (expression?.name === 'CallExpression') this.expressionStatement(expression, undefined, undefined);
        else if (expression?.name === 'String' && /^[rRuU]?("""|''')/.test(this.slice(expression)))
          this.docstring(expression);
        else if (expression) this.pushStatement(this.expr(expression).text, node);
        return;
      }
      case 'AssignStatement':
        this.assign(node);
        return;
      case 'UpdateStatement':
        this.update(node);
        return;
      case 'PassStatement':
        return;
      case 'StatementGroup':
        // `a = 1; b = 2`: each statement in turn, on the same line.
        for (let child = node.firstChild; child; child = child.nextSibling) {
          if (child.name !== ';' && !child.type.isError) this.statement(child);
        }
        return;
      case 'BreakStatement':
        this.push('break', node);
        return;
      case 'ContinueStatement':
        this.push('continue', node);
        return;
      case 'ReturnStatement': {
        const value = node.lastChild && node.lastChild.name !== 'return' ? node.lastChild : undefined;
        this.push(value ? `return ${this.expr(value).text}` : 'return', node);
        return;
      }
      case 'ScopeStatement':
        this.scopeStatement(node);
        return;
      case 'IfStatement':
        this.ifStatement(node);
        return;
      case 'WhileStatement':
        this.whileStatement(node);
        return;
      case 'ForStatement':
        this.forStatement(node);
        return;
      case 'TryStatement':
        this.tryStatement(node);
        return;
      case 'FunctionDefinition':
        this.functionDefinition(node);
        return;
      case 'ClassDefinition':
        this.classDefinition(node);
        return;
      case 'ImportStatement':
        this.importStatement(node);
        return;
      default:
        this.unsupported(node, UNSUPPORTED_STATEMENTS[node.name] ?? `this kind of statement (${node.name})`);
    }
  }

  /**
   * A text in triple quotes on its own (a docstring; MakeCode's Python for a block comment) does
   * nothing: it becomes comment lines, as MakeCode makes it a comment.
   */
  private docstring(node: SyntaxNode): void {
    const text = this.slice(node).replace(/^[A-Za-z]*("{3}|'{3}|"|')([^]*)\1$/, '$2');
    for (const line of text.trim().split('\n')) this.push(`// ${line.trim()}`.trimEnd(), node);
  }

  private comment(node: SyntaxNode): void {
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

  private importStatement(node: SyntaxNode): void {
    // `import music` names a part of the API that is always there: nothing to do.
    const imported = node.getChildren('VariableName').map((n) => this.slice(n));
    if (node.getChild('from') || imported.some((name) => !this.names.isContainer(name))) {
      this.unsupported(node, 'import (only the micro:bit API is there, and it needs no import)');
    }
  }

  private scopeStatement(node: SyntaxNode): void {
    if (node.getChild('nonlocal')) this.unsupported(node, 'nonlocal');
    if (this.scope === this.scopes.module) {
      this.report(node, '"global" belongs inside a function (def).', PYTHON_MISUSE_CODE);
    }
  }

  private block(bodyNode: SyntaxNode | null, owner: SyntaxNode): void {
    this.indent++;
    if (bodyNode) this.body(this.statementsOf(bodyNode));
    this.indent--;
    void owner;
  }

  /** A comment after a part's last line (before `elif`, `else:`, `except:`) ends that part. */
  private partEndComment(node: SyntaxNode): void {
    this.indent++;
    this.comment(node);
    this.indent--;
  }

  private ifStatement(node: SyntaxNode): void {
    let keyword: string | undefined;
    let condition: SyntaxNode | undefined;
    let first = true;
    const headComments: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.name === 'if' || child.name === 'elif' || child.name === 'else') {
        keyword = child.name;
        condition = undefined;
        continue;
      }
      if (child.name === 'Body') {
        const head =
          keyword === 'else'
            ? '} else {'
            : `${first ? '' : '} else '}if (${condition ? this.expr(condition).text : 'false'}) {`;
        this.push(head, first ? node : child);
        first = false;
        for (const comment of headComments.splice(0)) this.comment(comment);
        this.block(child, node);
        continue;
      }
      if (child.name === 'Comment') {
        // After a part's last line (before `elif`/`else`) a comment ends that part; one on the
        // line of `elif ...:`/`else:` itself joins the head it follows.
        if (this.ownLineColumn(child) === 0) headComments.push(child);
        else this.partEndComment(child);
        continue;
      }
      if (!child.type.isError) condition = child;
    }
    this.push('}', node);
  }

  private whileStatement(node: SyntaxNode): void {
    if (node.getChild('else')) this.unsupported(node, 'else after a while loop');
    const condition = node.firstChild?.nextSibling;
    if (!condition) return;
    this.push(`while (${this.expr(condition).text}) {`, node);
    this.block(node.getChild('Body'), node);
    this.push('}', node);
  }

  /**
   * `try:` / `except:` / `finally:` -> `try { } catch (_) { } finally { }`, as MakeCode reads them.
   * Its Python has no error types (`except ValueError` names nothing there): only `except:` alone.
   */
  private tryStatement(node: SyntaxNode): void {
    const excepts = node.getChildren('except');
    if (node.getChild('else')) this.unsupported(node.getChild('else')!, 'else after try');
    if (excepts.length > 1) this.unsupported(excepts[1]!, 'more than one except');
    const except = excepts[0];
    if (except && except.nextSibling?.name !== 'Body') {
      this.unsupported(except.nextSibling ?? except, 'except with an error type (write except: alone)');
    }
    let first = true;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      // A comment after a part's last line (before `except:`) ends that part.
      if (child.name === 'Comment' && !first) this.partEndComment(child);
      if (child.name !== 'Body') continue;
      const keyword = child.prevSibling?.name;
      const head = keyword === 'except' ? '} catch (_) {' : keyword === 'finally' ? '} finally {' : 'try {';
      this.push(head, first ? node : child);
      first = false;
      this.block(child, node);
    }
    this.push('}', node);
  }

  private forStatement(node: SyntaxNode): void {
    if (node.getChild('else')) this.unsupported(node, 'else after a for loop');
    const target = node.firstChild?.nextSibling;
    const inKeyword = node.getChild('in');
    const iterable = inKeyword?.nextSibling;
    if (!target || !iterable) return;
    // `for i, x in ...` parses as the name `i`, a comma and `x`: a comma before `in` is a tuple.
    const tuple = this.children(node).some((c) => c.name === ',' && c.to <= inKeyword.from);
    if (target.name !== 'VariableName' || tuple) this.unsupported(target, 'more than one loop variable');
    const name = this.slice(target);
    // A variable set elsewhere too (a global, or a local set outside its loops) is declared
    // already: the loop sets it, as Python's `for` does, rather than hiding it with its own `let`.
    const declare = this.scope.declaresLoopVariable(name) ? 'let ' : '';
    const range = this.rangeCall(iterable);
    if (range) {
      const [start, end, step] = range;
      const stepValue = step ? Number(this.slice(step)) : 1;
      if (step && (!/^-?\d+$/.test(this.slice(step).replace(/\s/g, '')) || stepValue === 0)) {
        this.unsupported(step, 'a range step that is not a whole number other than 0');
      }
      const from = start ? this.expr(start).text : '0';
      const endText = this.slice(end);
      // Blocks have two counting loops: "repeat 4 times" (`index < 4`, the variable unused) and
      // "for index from 0 to 4" (`index <= 4`). A loop whose body reads its variable and counts to
      // a whole number (a literal, or a list's length) becomes inclusive (`range(5)` -> `<= 4`,
      // `range(len(list))` -> `<= list.length - 1`); any other end stays `i < n`, as in MakeCode's
      // converter, so a bound that is not whole (2.5) counts the same (0, 1, 2). The decompiler
      // shows `i < n` as "to n - 1" and `i < x + 1` as "to x" (with a ceiling where the bound may
      // not be whole).
      const whole = /^\d+$/.test(endText) || this.isLength(end);
      const inclusive = stepValue > 0 && !start && whole && this.reads(node.getChild('Body'), name);
      const test = !inclusive
        ? `${name} ${stepValue > 0 ? '<' : '>'} ${this.expr(end).text}`
        : /^\d+$/.test(endText)
          ? `${name} <= ${Number(endText) - 1}`
          : `${name} <= ${this.wrap(this.expr(end), PREC.additive)} - 1`;
      const update =
        stepValue === 1
          ? `${name}++`
          : stepValue === -1
            ? `${name}--`
            : `${name} ${stepValue > 0 ? '+=' : '-='} ${Math.abs(stepValue)}`;
      this.push(`for (${declare}${name} = ${from}; ${test}; ${update}) {`, node);
    } else {
      this.push(`for (${declare}${name} of ${this.expr(iterable).text}) {`, node);
    }
    this.block(node.getChild('Body'), node);
    this.push('}', node);
  }

  /** Whether `node` is `len(...)` (Python's own, a whole number). */
  private isLength(node: SyntaxNode): boolean {
    const callee = node.name === 'CallExpression' ? node.firstChild : null;
    return callee?.name === 'VariableName' && this.slice(callee) === 'len' && !this.scope.isDefined('len');
  }

  /** Whether `name` is read anywhere in `node`. */
  private reads(node: SyntaxNode | null, name: string): boolean {
    const cursor = node?.cursor();
    if (!cursor) return false;
    do {
      if (cursor.name === 'VariableName' && this.source.slice(cursor.from, cursor.to) === name) {
        // The variable of an inner loop, or the name being set, is not a read.
        const parent = cursor.node.parent;
        const written =
          (parent?.name === 'ForStatement' || parent?.name === 'AssignStatement') && parent.firstChild?.name !== 'for'
            ? parent.firstChild?.from === cursor.from
            : parent?.name === 'ForStatement' && parent.firstChild?.nextSibling?.from === cursor.from;
        if (!written) return true;
      }
    } while (cursor.next() && cursor.from < node!.to);
    return false;
  }

  /** The arguments of `range(...)` as [start, end, step]. */
  private rangeCall(node: SyntaxNode): [SyntaxNode | undefined, SyntaxNode, SyntaxNode | undefined] | undefined {
    if (node.name !== 'CallExpression') return undefined;
    const callee = node.firstChild;
    if (callee?.name !== 'VariableName' || this.slice(callee) !== 'range' || this.scope.isDefined('range'))
      return undefined;
    const args = this.arguments(node.getChild('ArgList'));
    if (args.length === 1) return [undefined, args[0]!, undefined];
    if (args.length === 2) return [args[0], args[1]!, undefined];
    if (args.length === 3) return [args[0], args[1]!, args[2]];
    this.unsupported(node, 'range with no arguments or more than three');
  }

  private typeOf(node: SyntaxNode | null): string | undefined {
    if (!node) return undefined;
    const type = node.name === 'TypeDef' ? node.lastChild : node;
    if (!type) return undefined;
    const text = this.slice(type).replace(/\s+/g, '');
    const list = /^List\[(.+)\]$/.exec(text);
    if (list) {
      const element = list[1]!;
      const mapped = TYPE_NAMES[element] ?? (this.names.isContainer(element.split('.')[0]!) ? element : undefined);
      if (mapped) return `${mapped}[]`;
    }
    if (TYPE_NAMES[text]) return TYPE_NAMES[text];
    if (/^[A-Za-z_][\w.]*$/.test(text) && this.names.isContainer(text.split('.')[0]!)) return text;
    // The program's own enum (a class of Enum).
    if (this.isEnum(text)) return text;
    this.report(
      type,
      `The type "${text}" is not known. Use int, float, str, bool, List[...] or an API type.`,
      PYTHON_MISUSE_CODE,
    );
    return undefined;
  }

  private assign(node: SyntaxNode): void {
    const ops = node.getChildren('AssignOp');
    if (ops.length > 1) this.unsupported(node, 'several = in one line (a = b = 0)');
    const target = node.firstChild!;
    const typeDef = node.getChild('TypeDef');
    const op = ops[0];
    const value = op?.nextSibling;
    if (!value) {
      // `x: int` alone declares a name: there is nothing to run.
      return;
    }
    if (target.nextSibling?.name === ',') this.unsupported(node, 'assigning several names at once');
    if (target.name === 'VariableName') {
      const name = this.slice(target);
      const declare = this.scope.declaresAt(name, node);
      const type = this.typeOf(typeDef);
      const valueText = this.expr(value).text;
      if (declare) this.push(`let ${name}${type ? `: ${type}` : ''} = ${valueText}`, node);
      else this.push(`${name} = ${valueText}`, node);
      return;
    }
    if (target.name !== 'MemberExpression') this.unsupported(target, 'assigning to this');
    this.push(`${this.expr(target).text} = ${this.expr(value).text}`, node);
  }

  private update(node: SyntaxNode): void {
    const target = node.firstChild!;
    const op = node.getChild('UpdateOp');
    const value = op?.nextSibling;
    if (!op || !value) return;
    const opText = this.slice(op);
    const targetText = this.expr(target).text;
    if (opText === '//=') {
      this.push(`${targetText} = Math.idiv(${targetText}, ${this.expr(value).text})`, node);
      return;
    }
    if (!COMPOUND.has(opText)) this.unsupported(op, `the ${opText} operator`);
    this.push(`${targetText} ${opText} ${this.expr(value).text}`, node);
  }

  /** `skip`: leading parameters TypeScript does not write (a method's `self`). */
  private parameters(def: SyntaxNode, inferred: readonly (string | undefined)[], skip = 0): string {
    const out: string[] = [];
    for (const p of parameterNodes(def.getChild('ParamList')).slice(skip)) {
      if (p.star) this.unsupported(p.star, '* and ** parameters');
      const type = this.typeOf(p.typeDef) ?? inferred[out.length + skip];
      const value = p.value ? ` = ${this.expr(p.value).text}` : '';
      out.push(`${this.slice(p.name)}${type ? `: ${type}` : ''}${value}`);
    }
    return out.join(', ');
  }

  private functionDefinition(node: SyntaxNode): void {
    const name = node.getChild('VariableName');
    if (!name) return;
    if (node.getChild('async')) this.unsupported(node, 'async functions');
    const text = this.slice(name);
    const scope = this.scopes.functions.get(node.from);
    const params = this.parameters(node, scope?.inferredParams ?? []);
    const returnType = this.typeOf(
      node.getChildren('TypeDef').find((t) => t.from > (node.getChild('ParamList')?.to ?? 0)) ?? null,
    );
    this.push(`function ${text}(${params})${returnType ? `: ${returnType}` : ''} {`, node);
    this.functionBody(node, scope);
    this.push('}', node);
  }

  // --- classes -----------------------------------------------------------------------------

  /**
   * `class Point:` -> `class Point {`: the fields first (`x: number`, from the class body's
   * annotations and the `self.x = ...` of the methods), then what the body says in its order:
   * class-level values as `static`, `__init__` as the constructor, methods, comments.
   */
  private classDefinition(node: SyntaxNode): void {
    const nameNode = node.getChild('VariableName');
    if (!nameNode) return;
    const name = this.slice(nameNode);
    if (this.scope !== this.scopes.module) this.unsupported(node, 'a class inside a function (write it at the top)');
    const owner = this.scopes.classes.get(name);
    if (!owner || owner.node.from !== node.from) this.unsupported(nameNode, 'two classes with one name');
    const parents = node.getChild('ArgList');
    const bases = parents ? this.children(parents).filter((c) => !['(', ')', ','].includes(c.name)) : [];
    if (bases.length > 1 || (bases[0] && bases[0].name !== 'VariableName')) {
      this.unsupported(parents!, 'a class with more than one parent class, or a named one');
    }
    const base = bases[0] && this.slice(bases[0]) !== 'object' ? this.slice(bases[0]) : undefined;
    if (this.isEnum(name)) return this.enumDefinition(node, name);
    this.push(`class ${name}${base ? ` extends ${base}` : ''} {`, node);
    this.indent++;
    for (const field of owner.fields) this.push(`${field.name}: ${field.type}`, field.node);
    const statements = this.statementsOf(node.getChild('Body') ?? node);
    this.checkIndentation(statements, false);
    let previous: SyntaxNode | undefined;
    for (const statement of statements) {
      if (this.blankBefore(statement, previous)) this.lines.push({ text: '', at: this.at(statement) });
      previous = statement;
      try {
        this.classStatement(statement, owner);
      } catch (error) {
        if (!(error instanceof Unsupported)) throw error;
      }
    }
    this.indent--;
    this.push('}', node);
  }

  /** Whether `name` is the program's `class Name(Enum):` (an enum in TypeScript). */
  private isEnum(name: string): boolean {
    const base = this.scopes.classes.get(name)?.node.getChild('ArgList')?.getChild('VariableName');
    return !!base && this.slice(base) === 'Enum' && !this.scopes.classes.has('Enum');
  }

  /**
   * `class Color(Enum):` with `Red = 0`, `Green = 5`, `Blue = 6` -> `enum Color { Red, Green = 5,
   * Blue }`: a value TypeScript would give anyway (one more than the last) is left out.
   */
  private enumDefinition(node: SyntaxNode, name: string): void {
    this.push(`enum ${name} {`, node);
    this.indent++;
    const statements = this.statementsOf(node.getChild('Body') ?? node);
    this.checkIndentation(statements, false);
    const members: { node: SyntaxNode; text: string }[] = [];
    let next = 0;
    for (const statement of statements) {
      if (statement.name === 'Comment' || statement.name === 'PassStatement') continue;
      const target = statement.firstChild;
      const value = statement.getChildren('AssignOp')[0]?.nextSibling;
      const text = value ? this.slice(value).replace(/\s+/g, '') : '';
      if (statement.name !== 'AssignStatement' || target?.name !== 'VariableName' || !/^-?\d+$/.test(text)) {
        this.report(statement, 'An Enum class holds only names given whole numbers (RED = 0).', PYTHON_MISUSE_CODE);
        continue;
      }
      const number = Number(text);
      const member = this.slice(target);
      members.push({ node: statement, text: number === next ? member : `${member} = ${number}` });
      next = number + 1;
    }
    let previous: SyntaxNode | undefined;
    for (const statement of statements) {
      if (this.blankBefore(statement, previous)) this.lines.push({ text: '', at: this.at(statement) });
      previous = statement;
      if (statement.name === 'Comment') this.comment(statement);
      const index = members.findIndex((m) => m.node === statement);
      if (index >= 0) this.push(`${members[index]!.text}${index < members.length - 1 ? ',' : ''}`, statement);
    }
    this.indent--;
    this.push('}', node);
  }

  private classStatement(node: SyntaxNode, owner: PythonClass): void {
    switch (node.name) {
      case 'Comment':
        this.comment(node);
        return;
      case 'PassStatement':
        return;
      case 'ExpressionStatement':
        // A docstring: TypeScript's class body has no place for a value, so a comment.
        if (node.firstChild?.name === 'String' && this.children(node).length === 1) {
          this.docstring(node.firstChild);
          return;
        }
        break;
      case 'AssignStatement': {
        const target = node.firstChild!;
        const value = node.getChildren('AssignOp')[0]?.nextSibling;
        if (target.name !== 'VariableName' || node.getChildren('AssignOp').length > 1) break;
        if (!value) return; // `x: int` is a field, written already
        if (owner.statics.get(this.slice(target))?.from !== node.from)
          this.unsupported(node, 'setting a class-level value twice');
        const type = this.typeOf(node.getChild('TypeDef'));
        this.push(`static ${this.slice(target)}${type ? `: ${type}` : ''} = ${this.expr(value).text}`, node);
        return;
      }
      case 'FunctionDefinition':
        this.methodDefinition(node);
        return;
      case 'DecoratedStatement':
        this.unsupported(node, 'decorators (@staticmethod, @classmethod...): write a def outside the class instead');
    }
    this.unsupported(node, 'this inside a class (only defs, comments and values like LIMIT = 5)');
  }

  private methodDefinition(node: SyntaxNode): void {
    const nameNode = node.getChild('VariableName');
    if (!nameNode) return;
    const name = this.slice(nameNode);
    if (node.getChild('async')) this.unsupported(node, 'async functions');
    const scope = this.scopes.functions.get(node.from);
    if (!scope?.method) this.unsupported(node, 'a method without self (its first value, as in def move(self):)');
    if (name !== '__init__' && /^__.*__$/.test(name)) this.unsupported(nameNode, `the special method ${name}`);
    if (name === 'constructor') this.unsupported(nameNode, 'a method named constructor');
    const params = this.parameters(node, scope.inferredParams, 1);
    const returnType = this.typeOf(
      node.getChildren('TypeDef').find((t) => t.from > (node.getChild('ParamList')?.to ?? 0)) ?? null,
    );
    const head = name === '__init__' ? 'constructor' : name;
    this.push(`${head}(${params})${returnType && name !== '__init__' ? `: ${returnType}` : ''} {`, node);
    this.functionBody(node, scope);
    this.push('}', node);
  }

  private functionBody(def: SyntaxNode, scope: Scope | undefined): void {
    const outer = this.scope;
    if (scope) this.scope = scope;
    this.indent++;
    const body = def.getChild('Body');
    if (scope) this.emitHoisted(scope, def);
    if (body) this.body(this.statementsOf(body));
    this.indent--;
    this.scope = outer;
  }

  /** Declarations a scope needs before its code: names first set inside a nested block. */
  private emitHoisted(scope: Scope, owner: SyntaxNode): void {
    for (const [name, type] of scope.hoisted) {
      const value = type === 'number' ? '0' : type === 'string' ? '""' : type === 'boolean' ? 'false' : 'null';
      const annotation = type === 'number' || type === 'string' || type === 'boolean' ? '' : `: ${type ?? 'any'}`;
      this.push(`let ${name}${annotation} = ${value}`, owner);
    }
  }

  /** A call statement, with `inlineDef` written in place of `inlineArgument` as a function. */
  private expressionStatement(
    call: SyntaxNode,
    inlineDef: SyntaxNode | undefined,
    inlineArgument: SyntaxNode | undefined,
  ): void {
    const statement = call.parent ?? call;
    try {
      if (!inlineDef || !inlineArgument) {
        this.pushStatement(this.expr(call).text, statement);
        return;
      }
      const callee = this.callee(call);
      const args = this.arguments(call.getChild('ArgList'));
      let current = `${callee}(`;
      args.forEach((arg, i) => {
        if (i > 0) current += ', ';
        if (arg.from !== inlineArgument.from) {
          current += this.expr(arg).text;
          return;
        }
        const scope = this.scopes.functions.get(inlineDef.from);
        current += `function (${this.parameters(inlineDef, [])}) {`;
        this.push(current, statement);
        this.functionBody(inlineDef, scope);
        current = '}';
      });
      this.push(`${current})`, statement);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
    }
  }
}

/** Whether a string literal's text ends with the quote it starts with (not an escaped one). */
function closed(literal: string): boolean {
  const quoted = /^[A-Za-z]*("""|'''|"|')/.exec(literal);
  if (!quoted) return true;
  const quote = quoted[1]!;
  const body = literal.slice(quoted[0].length);
  if (body.length < quote.length || !body.endsWith(quote)) return false;
  const backslashes = /\\*$/.exec(body.slice(0, body.length - quote.length))![0].length;
  return backslashes % 2 === 0;
}

/** True when the parser found something it could not read inside `node`. */
function hasParseError(node: SyntaxNode): boolean {
  const cursor = node.cursor();
  do if (cursor.type.isError) return true;
  while (cursor.next() && cursor.from < node.to);
  return false;
}
