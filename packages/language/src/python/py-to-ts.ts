// Python (MakeCode's static Python for micro:bit) -> TypeScript in the form the blocks generator
// writes (4-space indents, no semicolons, handlers as `function () {}` arguments), so blocks,
// JavaScript and Python meet in one text. Parsed with @lezer/python (a full syntax tree with
// positions); every TypeScript line remembers the Python line and column it came from, so the
// compiler's diagnostics can be shown on the Python text. Pure: no DOM, no Node APIs.
// This file: the entry point, the syntax errors the parser lets through, and the statement forms;
// classes in py-to-ts-classes.ts, declarations (let, types, defs) in py-to-ts-declarations.ts,
// lines, bodies and comments in py-to-ts-lines.ts; expressions in py-expressions.ts (calls in
// py-calls.ts), the operator and unsupported-construct tables in py-syntax.ts, scopes and inferred
// types in py-scopes.ts.
import type { SyntaxNode } from '@lezer/common';
import { PYTHON_MISUSE_CODE, PYTHON_SYNTAX_CODE, type PythonDiagnostic } from './python-diagnostics.ts';
import type { PythonNames } from './python-names.ts';
import { ClassConverter } from './py-to-ts-classes.ts';
import { neverClosedBracket } from './python-call-at.ts';
import { COMPOUND, PREC, UNSUPPORTED_STATEMENTS } from './py-syntax.ts';

export interface PythonToTypeScriptResult {
  readonly code: string;
  readonly diagnostics: readonly PythonDiagnostic[];
  /** For each TypeScript line (index 0 is line 1): the Python [line, column] it came from. */
  readonly lineMap: readonly (readonly [number, number])[];
}

/** Above this a text is not a learner's program (and parsing it would take too long). */
export const MAX_PYTHON_CHARS = 2_000_000;

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

class Converter extends ClassConverter {
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

  protected statement(node: SyntaxNode): void {
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
