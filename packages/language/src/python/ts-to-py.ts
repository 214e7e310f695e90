// TypeScript -> Python as a learner would write it (MakeCode's layout): a function passed to a
// call becomes a named `def` just before the statement that registers it (`def on_forever():`
// then `basic.forever(on_forever)`), functions that set globals say `global`, API names and
// enum members take their Python spelling. Reads the syntax only (the host passes TypeScript
// in), so it works on code that does not type-check. What Python cannot say is reported and
// kept as a comment, so no text is lost silently.
import type ts from 'typescript';
import type { PythonNames } from './python-names.ts';
import { snakeCase } from './snake-case.ts';
import { FunctionalPrinter } from './ts-to-py-functional.ts';
import { Inexpressible, PREC, type FunctionContext } from './ts-to-py-expressions.ts';
import { PYTHON_WORDS, renamePythonWords } from './python-words.ts';
import type { PythonDiagnostic } from './python-diagnostics.ts';

export interface TypeScriptToPythonResult {
  readonly code: string;
  /** Located in the TypeScript text. */
  readonly diagnostics: readonly PythonDiagnostic[];
}

export function typeScriptToPython(tsApi: typeof ts, source: string, names: PythonNames): TypeScriptToPythonResult {
  const parse = (text: string) =>
    tsApi.createSourceFile('main.ts', text, tsApi.ScriptTarget.Latest, true, tsApi.ScriptKind.TS);
  const original = parse(source);
  const renamed = renamePythonWords(tsApi, original);
  if (renamed.text === source) return new Printer(tsApi, original, names).run();
  const file = parse(renamed.text);
  const result = new Printer(tsApi, file, names).run();
  // Diagnostics point into the text the learner wrote, not the renamed one.
  const diagnostics = result.diagnostics.map((d) => {
    const at = renamed.originalOffset(file.getPositionOfLineAndCharacter(d.line - 1, d.column - 1));
    const { line, character } = original.getLineAndCharacterOfPosition(at);
    return { ...d, line: line + 1, column: character + 1 };
  });
  return { code: result.code, diagnostics };
}

class Printer extends FunctionalPrinter {
  private readonly out: string[] = [];
  private indent = 0;
  private readonly moduleDeclared = new Set<string>();
  /** The step a counting `while` takes before each `continue` of its own (see countingWhile). */
  private readonly stepBeforeContinue = new Map<ts.Node, string>();

  run(): TypeScriptToPythonResult {
    for (const statement of this.file.statements) {
      if (this.tsApi.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations)
          if (this.tsApi.isIdentifier(d.name)) this.globals.add(d.name.text);
      }
      if (this.tsApi.isFunctionDeclaration(statement) && statement.name) this.usedNames.add(statement.name.text);
      // An enum is a class in Python (`class Color(Enum):`), its members the class's values.
      if (this.tsApi.isEnumDeclaration(statement)) {
        this.classNames.add(statement.name.text);
        for (const member of statement.members) {
          if (this.tsApi.isIdentifier(member.name)) this.classMembers.add(member.name.text);
        }
      }
      if (this.tsApi.isClassDeclaration(statement) && statement.name) {
        this.classNames.add(statement.name.text);
        for (const member of statement.members) {
          if (member.name && this.tsApi.isIdentifier(member.name)) this.classMembers.add(member.name.text);
        }
      }
    }
    this.collectIdentifiers(this.file);
    this.statements(this.file.statements, this.file.endOfFileToken);
    const code = this.out.join('\n').replace(/\n+$/, '');
    return { code: code ? `${code}\n` : '', diagnostics: this.diagnostics };
  }

  private collectIdentifiers(node: ts.Node): void {
    if (this.tsApi.isIdentifier(node)) this.usedNames.add(node.text);
    this.tsApi.forEachChild(node, (c) => this.collectIdentifiers(c));
  }

  private line(text: string): void {
    this.out.push(text === '' ? '' : '    '.repeat(this.indent) + text);
  }

  // --- comments and blank lines ------------------------------------------------------------

  /** Comments before `pos`, with the blank lines between them (and before `next`) kept. */
  private leadingComments(pos: number, next?: ts.Node): void {
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

  private trailingComment(node: ts.Node): string {
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
  private blankLineBefore(node: ts.Node): boolean {
    const text = this.file.text;
    const ranges = this.tsApi.getLeadingCommentRanges(text, node.pos) ?? [];
    const start = ranges.length ? ranges[0]!.pos : node.getStart(this.file);
    return /\n[ \t]*\r?\n/.test(text.slice(node.pos, start));
  }

  // --- statements --------------------------------------------------------------------------

  private statements(statements: readonly ts.Statement[], end: ts.Node | undefined): void {
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
  private blockBody(body: ts.Statement | undefined, last?: string, first?: readonly string[]): void {
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
    if (this.out.length === mark || this.out.slice(mark).every((l) => l.trim().startsWith('#') || l === ''))
      this.line('pass');
    this.indent--;
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

  private statement(node: ts.Statement): void {
    const t = this.tsApi;
    if (t.isExpressionStatement(node)) return this.expressionStatement(node);
    if (t.isVariableStatement(node)) return this.variableStatement(node);
    if (t.isIfStatement(node)) return this.ifStatement(node, 'if');
    if (t.isWhileStatement(node)) {
      this.line(`while ${this.expr(node.expression).text}:`);
      return this.blockBody(node.statement);
    }
    if (t.isTryStatement(node)) return this.tryStatement(node);
    if (t.isDoStatement(node)) return this.doStatement(node);
    if (t.isSwitchStatement(node)) return this.switchStatement(node);
    if (t.isForStatement(node)) return this.forStatement(node);
    if (t.isForOfStatement(node)) return this.forOfStatement(node);
    if (t.isFunctionDeclaration(node)) return this.functionDeclaration(node);
    if (t.isClassDeclaration(node)) return this.classDeclaration(node);
    if (t.isEnumDeclaration(node)) return this.enumDeclaration(node);
    if (t.isReturnStatement(node)) {
      this.line(
        node.expression
          ? `return ${this.expr(node.expression).text}${this.trailingComment(node)}`
          : `return${this.trailingComment(node)}`,
      );
      return;
    }
    if (t.isBreakStatement(node) && !node.label) return this.line(`break${this.trailingComment(node)}`);
    if (t.isContinueStatement(node) && !node.label) {
      const step = this.stepBeforeContinue.get(node);
      if (step) this.line(step);
      return this.line(`continue${this.trailingComment(node)}`);
    }
    if (t.isBlock(node)) {
      this.statements(node.statements, undefined);
      return;
    }
    if (t.isEmptyStatement(node)) return;
    this.inexpressible(node, this.kindName(node));
  }

  private kindName(node: ts.Node): string {
    const t = this.tsApi;
    if (t.isClassDeclaration(node)) return 'a class';
    if (t.isThrowStatement(node)) return 'throw';
    if (t.isInterfaceDeclaration(node) || t.isTypeAliasDeclaration(node)) return 'a type declaration';
    if (t.isLabeledStatement(node) || t.isBreakStatement(node) || t.isContinueStatement(node)) return 'labels';
    if (t.isForInStatement(node)) return 'a for...in loop';
    if (t.isModuleDeclaration(node)) return 'a namespace';
    return 'this statement';
  }

  private ifStatement(node: ts.IfStatement, keyword: 'if' | 'elif'): void {
    this.line(`${keyword} ${this.expr(node.expression).text}:`);
    this.blockBody(node.thenStatement);
    const otherwise = node.elseStatement;
    if (!otherwise) return;
    if (this.tsApi.isIfStatement(otherwise)) return this.ifStatement(otherwise, 'elif');
    this.line('else:');
    this.blockBody(otherwise);
  }

  /**
   * `try { } catch (e) { } finally { }` -> `try:` / `except:` / `finally:`. MakeCode's Python has
   * no error types and so no `except ... as e`: a catch that reads its error cannot be shown.
   */
  private tryStatement(node: ts.TryStatement): void {
    const t = this.tsApi;
    const caught = node.catchClause?.variableDeclaration?.name;
    if (caught && (!t.isIdentifier(caught) || this.mentions(node.catchClause.block, caught.text))) {
      this.inexpressible(node, 'a catch that uses its error (Python here has only except: alone)');
    }
    this.line('try:');
    this.blockBody(node.tryBlock);
    if (node.catchClause) {
      this.line('except:');
      this.blockBody(node.catchClause.block);
    }
    if (node.finallyBlock) {
      this.line('finally:');
      this.blockBody(node.finallyBlock);
    }
  }

  /** Whether `node` uses the name `name`. */
  private mentions(node: ts.Node, name: string): boolean {
    if (this.tsApi.isIdentifier(node) && node.text === name) return true;
    return this.tsApi.forEachChild(node, (c) => this.mentions(c, name) || undefined) ?? false;
  }

  /**
   * `do { body } while (c)` -> `while True:`, the body, `if not (c): break` (Python has no
   * do...while loop; this runs the body once before the first test, as the TypeScript does).
   */
  private doStatement(node: ts.DoStatement): void {
    // A `continue` would skip the test at the end of the body (and loop for ever).
    if (this.continuesOf(node.statement).length > 0) this.inexpressible(node, 'a do...while loop with a continue');
    this.line('while True:');
    this.blockBody(node.statement);
    this.indent++;
    this.line(`if not ${this.wrap(this.expr(node.expression), PREC.primary)}:`);
    this.indent++;
    this.line('break');
    this.indent -= 2;
  }

  /**
   * `switch (v) { case 1: ... break; case 2: case 3: ... break; default: ... }` -> `if v == 1:`,
   * `elif v == 2 or v == 3:`, `else:` (Python has no switch; MakeCode's Python has none either).
   * A value that could do something when read (a call) is kept in a variable first, so it is
   * worked out once, as the switch does. Each case must end with its `break` (or a `return`,
   * `continue` or `throw`) and hold no other break out of the switch: a case that runs on into
   * the next, or a `break` inside an `if`, has no Python twin.
   */
  private switchStatement(node: ts.SwitchStatement): void {
    const t = this.tsApi;
    const fail = (): never => this.inexpressible(node, 'this switch (each case needs its own break at its end)');
    const clauses = node.caseBlock.clauses;
    const groups: { clauses: ts.CaseOrDefaultClause[]; tests: ts.Expression[]; body: ts.Statement[] }[] = [];
    let pending: ts.CaseOrDefaultClause[] = [];
    clauses.forEach((clause, i) => {
      const isDefault = t.isDefaultClause(clause);
      if (isDefault && i !== clauses.length - 1) fail();
      pending.push(clause);
      let body = [...clause.statements];
      if (body.length === 1 && t.isBlock(body[0]!)) body = [...body[0].statements];
      if (!body.length && !isDefault) return;
      const last = body[body.length - 1];
      const ends =
        last &&
        (t.isBreakStatement(last) ||
          t.isReturnStatement(last) ||
          t.isContinueStatement(last) ||
          t.isThrowStatement(last));
      if (!ends && i !== clauses.length - 1) fail();
      if (last && t.isBreakStatement(last)) {
        if (last.label) fail();
        body = body.slice(0, -1);
      }
      if (body.some((s) => this.breaksOut(s))) fail();
      // `case 3: default:` is the default: its statements run for every value left.
      const tests = isDefault ? [] : pending.map((c) => (c as ts.CaseClause).expression);
      groups.push({ clauses: pending, tests, body });
      pending = [];
    });
    let value = this.expr(node.expression);
    const reads = groups.reduce((n, g) => n + g.tests.length, 0);
    if (reads > 1 && !this.readsOnly(node.expression)) {
      let name = 'value';
      for (let n = 2; this.usedNames.has(name); n++) name = `value${n}`;
      this.usedNames.add(name);
      this.localName(name);
      this.line(`${name} = ${value.text}`);
      value = { text: name, prec: PREC.primary };
    } else if (reads === 0) {
      // Only a default: the value is still worked out once.
      if (!this.readsOnly(node.expression)) this.line(value.text);
      for (const clause of groups[0]?.clauses ?? []) this.leadingComments(clause.pos);
      this.statements(groups[0]?.body ?? [], undefined);
      return;
    }
    const left = this.wrap(value, PREC.compare + 1);
    groups.forEach((group, i) => {
      for (const clause of group.clauses) this.leadingComments(clause.pos);
      if (!group.tests.length) this.line('else:');
      else {
        const test = group.tests.map((e) => `${left} == ${this.wrap(this.expr(e), PREC.compare + 1)}`).join(' or ');
        this.line(`${i === 0 ? 'if' : 'elif'} ${test}:`);
      }
      this.caseBody(group.body);
    });
  }

  private caseBody(body: readonly ts.Statement[]): void {
    this.indent++;
    const mark = this.out.length;
    this.statements(body, undefined);
    if (this.out.slice(mark).every((l) => l.trim().startsWith('#') || l === '')) this.line('pass');
    this.indent--;
  }

  /** Whether `node` holds a `break` out of the switch around it (not of a loop or switch inside). */
  private breaksOut(node: ts.Node): boolean {
    const t = this.tsApi;
    if (t.isBreakStatement(node)) return true;
    if (t.isFunctionLike(node) || t.isIterationStatement(node, false) || t.isSwitchStatement(node)) return false;
    return t.forEachChild(node, (child) => this.breaksOut(child) || undefined) ?? false;
  }

  /** A name or a name's field: reading it twice gives the same value and does nothing else. */
  private readsOnly(node: ts.Expression): boolean {
    const t = this.tsApi;
    if (t.isIdentifier(node) || t.isLiteralExpression(node)) return true;
    if (t.isParenthesizedExpression(node)) return this.readsOnly(node.expression);
    return t.isPropertyAccessExpression(node) && this.readsOnly(node.expression);
  }

  private forStatement(node: ts.ForStatement): void {
    const t = this.tsApi;
    const init = node.initializer;
    const fail = (): never => this.inexpressible(node, 'this for loop (Python counts with range)');
    // `for (let i = 0; ...)`, or `for (i = 0; ...)` over a variable declared before the loop
    // (blocks write this when the variable is used outside its loops). Python's `for` would not see
    // the body's (or an inner loop's) changes to `i`, nor leave it one past the end, so the second
    // form becomes a `while` loop that counts as the TypeScript does.
    let name: string;
    let initial: ts.Expression;
    let declared = true;
    if (init && t.isVariableDeclarationList(init) && init.declarations.length === 1) {
      const declaration = init.declarations[0]!;
      if (!t.isIdentifier(declaration.name) || !declaration.initializer) return fail();
      name = declaration.name.text;
      initial = declaration.initializer;
      // A `var` counter lives on after its loop (one past the end): counted as the first form is.
      if ((init.flags & t.NodeFlags.BlockScoped) === 0) {
        declared = false;
        this.localName(name);
      }
    } else if (
      init &&
      t.isBinaryExpression(init) &&
      init.operatorToken.kind === this.k.EqualsToken &&
      t.isIdentifier(init.left)
    ) {
      name = init.left.text;
      initial = init.right;
      declared = false;
    } else return fail();
    const test = node.condition;
    if (!test || !t.isBinaryExpression(test) || !t.isIdentifier(test.left) || test.left.text !== name) fail();
    const update = node.incrementor ?? fail();
    const cond = test as ts.BinaryExpression;
    let step: number | undefined;
    if (
      (t.isPostfixUnaryExpression(update) || t.isPrefixUnaryExpression(update)) &&
      t.isIdentifier(update.operand) &&
      update.operand.text === name
    ) {
      step = update.operator === this.k.PlusPlusToken ? 1 : update.operator === this.k.MinusMinusToken ? -1 : undefined;
    } else if (
      t.isBinaryExpression(update) &&
      t.isIdentifier(update.left) &&
      update.left.text === name &&
      t.isNumericLiteral(update.right)
    ) {
      const amount = Number(update.right.text);
      if (update.operatorToken.kind === this.k.PlusEqualsToken) step = amount;
      if (update.operatorToken.kind === this.k.MinusEqualsToken) step = -amount;
    }
    if (!step) fail();
    const op = cond.operatorToken.kind;
    const start = this.expr(initial).text;
    let end: string;
    if (step! > 0 && op === this.k.LessThanEqualsToken) end = this.plusOne(cond.right);
    else if (step! > 0 && op === this.k.LessThanToken) end = this.expr(cond.right).text;
    else if (step! < 0 && op === this.k.GreaterThanToken) end = this.expr(cond.right).text;
    else return fail();
    if (!declared) return this.countingWhile(node, name, start, cond, step!);
    const args = step === 1 ? (start === '0' ? [end] : [start, end]) : [start, end, String(step)];
    this.localName(name);
    this.line(`for ${name} in range(${args.join(', ')}):`);
    this.blockBody(node.statement);
  }

  /** `i = start`, `while test:`, the body, then `i += step` (MakeCode writes such loops so too). */
  private countingWhile(node: ts.ForStatement, name: string, start: string, test: ts.Expression, step: number): void {
    this.checkName(name);
    const stepLine = `${name} ${step > 0 ? '+=' : '-='} ${Math.abs(step)}`;
    // A `continue` would skip the step at the end of the body: each takes the step first.
    for (const skip of this.continuesOf(node.statement)) this.stepBeforeContinue.set(skip, stepLine);
    this.line(`${name} = ${start}`);
    this.line(`while ${this.expr(test).text}:`);
    this.blockBody(node.statement, stepLine);
  }

  /** The `continue`s of the loop around `node` (not of a loop or function inside). */
  private continuesOf(node: ts.Node, found: ts.Node[] = []): ts.Node[] {
    const t = this.tsApi;
    if (t.isContinueStatement(node)) found.push(node);
    else if (!t.isFunctionLike(node) && !t.isIterationStatement(node, false)) {
      t.forEachChild(node, (child) => void this.continuesOf(child, found));
    }
    return found;
  }

  /** `n + 1` for an inclusive bound: a literal is counted up (`<= 4` -> `range(5)`). */
  private plusOne(node: ts.Expression): string {
    const t = this.tsApi;
    // A fractional bound counts to its whole part (`<= 2.5` -> `range(3)`), as the loop does.
    if (t.isNumericLiteral(node) && Number.isFinite(Number(node.text)))
      return String(Math.floor(Number(node.text)) + 1);
    if (
      t.isPrefixUnaryExpression(node) &&
      node.operator === this.k.MinusToken &&
      t.isNumericLiteral(node.operand) &&
      /^\d+$/.test(node.operand.text)
    ) {
      return String(1 - Number(node.operand.text));
    }
    if (
      t.isBinaryExpression(node) &&
      node.operatorToken.kind === this.k.MinusToken &&
      t.isNumericLiteral(node.right) &&
      node.right.text === '1'
    ) {
      return this.expr(node.left).text;
    }
    return `${this.wrap(this.expr(node), PREC.additive)} + 1`;
  }

  private forOfStatement(node: ts.ForOfStatement): void {
    const t = this.tsApi;
    const init = node.initializer;
    // `for (const x of xs)`, or `for (x of xs)` with a variable declared before the loop.
    if (t.isIdentifier(init)) {
      this.checkName(init.text);
      this.line(`for ${init.text} in ${this.expr(node.expression).text}:`);
      return this.blockBody(node.statement);
    }
    if (
      !t.isVariableDeclarationList(init) ||
      init.declarations.length !== 1 ||
      !t.isIdentifier(init.declarations[0]!.name)
    ) {
      this.inexpressible(node, 'this for...of loop');
    }
    const name = init.declarations[0]!.name.text;
    this.localName(name);
    this.line(`for ${name} in ${this.expr(node.expression).text}:`);
    this.blockBody(node.statement);
  }

  private localName(name: string): void {
    this.checkName(name);
    this.context?.locals.add(name);
  }

  private checkName(name: string): void {
    if (PYTHON_WORDS.has(name)) {
      throw new Inexpressible(name);
    }
  }

  private variableStatement(node: ts.VariableStatement): void {
    for (const d of node.declarationList.declarations) {
      if (!this.tsApi.isIdentifier(d.name)) this.inexpressible(d, 'destructuring');
      const name = d.name.text;
      if (PYTHON_WORDS.has(name)) this.inexpressible(d.name, `a variable named "${name}" (a Python word)`);
      this.context?.locals.add(name);
      // Two `let`s of one name in one function (or the top level) are one variable in Python.
      const declared = this.context?.declared ?? this.moduleDeclared;
      if (declared.has(name)) this.inexpressible(d, `a second variable named "${name}" here (rename one)`);
      declared.add(name);
      const type = d.type ? this.type(d.type) : undefined;
      if (d.initializer) this.handlers(d.initializer);
      const value = d.initializer ? this.expr(d.initializer).text : 'None';
      this.line(`${name}${type ? `: ${type}` : ''} = ${value}${this.trailingComment(node)}`);
    }
  }

  private type(node: ts.TypeNode): string {
    const t = this.tsApi;
    switch (node.kind) {
      case this.k.NumberKeyword:
        return 'number';
      case this.k.StringKeyword:
        return 'str';
      case this.k.BooleanKeyword:
        return 'bool';
      case this.k.AnyKeyword:
        return 'any';
      case this.k.VoidKeyword:
        return 'None';
    }
    if (t.isArrayTypeNode(node)) return `List[${this.type(node.elementType)}]`;
    if (t.isTypeReferenceNode(node) && !node.typeArguments) return node.typeName.getText(this.file);
    return this.inexpressible(node, 'this type');
  }

  private parameters(params: readonly ts.ParameterDeclaration[]): string {
    return params
      .map((p) => {
        if (!this.tsApi.isIdentifier(p.name) || p.dotDotDotToken) {
          this.inexpressible(p, 'this parameter (... has no Python twin here)');
        }
        const name = p.name.text;
        this.checkName(name);
        // `b?: number` is `b: number = None` in Python (MakeCode's Python reads that back as
        // `b: number = null`): a call without it gets None, which == None as undefined == null.
        const value = p.initializer ? this.expr(p.initializer).text : p.questionToken ? 'None' : undefined;
        // Python's layout: `b=2`, but `b: int = 2` with a type.
        if (p.type) return `${name}: ${this.type(p.type)}${value === undefined ? '' : ` = ${value}`}`;
        return value === undefined ? name : `${name}=${value}`;
      })
      .join(', ');
  }

  private functionDeclaration(node: ts.FunctionDeclaration): void {
    if (!node.name || !node.body) this.inexpressible(node, 'a function without a name or body');
    if (node.asteriskToken || node.modifiers?.length) this.inexpressible(node, 'this kind of function');
    const name = node.name.text;
    this.checkName(name);
    const returns = node.type ? ` -> ${this.type(node.type)}` : '';
    this.def(name, node.parameters, node.body, returns);
  }

  /** `method`: a class's method (`self` first, `this` is `self`), with lines to start its body with. */
  private def(
    name: string,
    params: readonly ts.ParameterDeclaration[],
    body: ts.ConciseBody,
    returns: string,
    method?: { first: readonly string[] },
  ): void {
    const outer = this.context;
    const context: FunctionContext = {
      parent: outer,
      locals: new Set(),
      setGlobals: new Set(),
      declared: new Set(),
      method: !!method,
    };
    // A parameter is a variable of the function: a `let` of its name in a block inside is a second one.
    for (const p of params) {
      if (!this.tsApi.isIdentifier(p.name)) continue;
      context.locals.add(p.name.text);
      context.declared.add(p.name.text);
    }
    this.collectLocals(body, context);
    const paramText = this.parameters(params);
    this.line(`def ${name}(${method ? (paramText ? `self, ${paramText}` : 'self') : paramText})${returns}:`);
    this.context = context;
    this.indent++;
    if (context.setGlobals.size) this.line(`global ${[...context.setGlobals].join(', ')}`);
    this.indent--;
    if (this.tsApi.isBlock(body)) this.blockBody(body, undefined, method?.first);
    else {
      this.indent++;
      this.line(`return ${this.expr(body).text}`);
      this.indent--;
    }
    this.context = outer;
  }

  // --- classes -----------------------------------------------------------------------------

  /**
   * `class Point {` -> `class Point:`; static fields are class-level values, the constructor
   * `__init__`, methods defs with `self` first. Fields are left for `__init__` to name when it
   * sets each, in order, to a value whose type Python infers as declared (as a learner writes
   * them); otherwise every field is declared at the top (`x: number`), so the TypeScript that
   * comes back declares the same fields in the same order.
   */
  private classDeclaration(node: ts.ClassDeclaration): void {
    const t = this.tsApi;
    if (!node.name) return this.inexpressible(node, 'a class without a name');
    if (this.context) this.inexpressible(node, 'a class inside a function');
    if (node.modifiers?.length || node.typeParameters) this.inexpressible(node, 'this kind of class');
    const heritage = node.heritageClauses ?? [];
    const parents = heritage.flatMap((h) => h.types);
    if (
      heritage.some((h) => h.token !== this.k.ExtendsKeyword) ||
      parents.length > 1 ||
      (parents[0] && (!t.isIdentifier(parents[0].expression) || parents[0].typeArguments))
    ) {
      this.inexpressible(node, 'a class with interfaces or more than one parent class');
    }
    this.checkName(node.name.text);
    if (this.mentionsSelf(node)) this.inexpressible(node, 'a class using the name "self" (Python\'s name for this)');
    const fields: ts.PropertyDeclaration[] = [];
    let constructor: ts.ConstructorDeclaration | undefined;
    for (const member of node.members) {
      const modifiers = (t.canHaveModifiers(member) ? (t.getModifiers(member) ?? []) : []).filter(
        (m) => m.kind !== this.k.PublicKeyword,
      );
      const isStatic = modifiers.length === 1 && modifiers[0]!.kind === this.k.StaticKeyword;
      if (
        (modifiers.length && !(isStatic && t.isPropertyDeclaration(member))) ||
        (member.name && !t.isIdentifier(member.name))
      ) {
        this.inexpressible(member, 'this member of a class (private, readonly, static methods...)');
      }
      if (t.isPropertyDeclaration(member)) {
        if (member.questionToken || member.exclamationToken) this.inexpressible(member, 'a field with ? or !');
        if (isStatic && !member.initializer) this.inexpressible(member, 'a static field without a value');
        if (!isStatic) fields.push(member);
      } else if (t.isConstructorDeclaration(member)) {
        if (!member.body) this.inexpressible(member, 'a constructor without a body');
        constructor = member;
      } else if (t.isMethodDeclaration(member)) {
        if (!member.body || member.asteriskToken || member.questionToken || member.typeParameters) {
          this.inexpressible(member, 'this method');
        }
      } else if (!t.isSemicolonClassElement(member)) this.inexpressible(member, 'this member of a class');
    }
    const atTop = !this.fieldsSetInOrder(fields, constructor);
    const first = fields
      .filter((f) => f.initializer)
      .map((f) => `self.${f.name.getText(this.file)} = ${this.inMethod(() => this.expr(f.initializer!).text)}`);
    const parent = parents[0] ? `(${parents[0].expression.getText(this.file)})` : '';
    this.line(`class ${node.name.text}${parent}:`);
    this.indent++;
    const mark = this.out.length;
    let madeInit = false;
    const makeInit = (): void => {
      if (madeInit || constructor || !first.length) return;
      madeInit = true;
      this.line('def __init__(self):');
      this.indent++;
      for (const line of first) this.line(line);
      this.indent--;
    };
    node.members.forEach((member, i) => {
      if (!t.isPropertyDeclaration(member)) makeInit();
      if (i > 0 && this.blankLineBefore(member)) this.line('');
      this.leadingComments(member.pos, member);
      const name = member.name?.getText(this.file) ?? '';
      if (t.isPropertyDeclaration(member)) {
        const type = member.type ? this.type(member.type) : this.literalType(member.initializer);
        if (!fields.includes(member)) {
          const value = this.expr(member.initializer!).text;
          this.line(`${name}${member.type ? `: ${type}` : ''} = ${value}${this.trailingComment(member)}`);
        } else if (atTop) this.line(`${name}: ${type ?? 'any'}${this.trailingComment(member)}`);
      } else if (t.isConstructorDeclaration(member)) {
        this.def('__init__', member.parameters, member.body!, '', { first });
      } else if (t.isMethodDeclaration(member)) {
        this.checkName(name);
        this.def(name, member.parameters, member.body!, member.type ? ` -> ${this.type(member.type)}` : '', {
          first: [],
        });
      }
    });
    makeInit();
    this.leadingComments(node.members.end);
    if (this.out.slice(mark).every((l) => l.trim().startsWith('#') || l === '')) this.line('pass');
    this.indent--;
  }

  /**
   * `enum Color { Red, Green = 5, Blue }` -> `class Color(Enum):` with `Red = 0`, `Green = 5`,
   * `Blue = 6` (MakeCode's Python spelling; Python's Enum needs every value written out).
   */
  private enumDeclaration(node: ts.EnumDeclaration): void {
    const t = this.tsApi;
    if (this.context) this.inexpressible(node, 'an enum inside a function');
    if (node.modifiers?.length) this.inexpressible(node, 'this kind of enum (const or declare)');
    this.checkName(node.name.text);
    this.line(`class ${node.name.text}(Enum):`);
    this.indent++;
    let next = 0;
    node.members.forEach((member, i) => {
      if (i > 0 && this.blankLineBefore(member)) this.line('');
      this.leadingComments(member.pos, member);
      if (!t.isIdentifier(member.name)) this.inexpressible(member, 'an enum member with a quoted name');
      this.checkName(member.name.text);
      let value = next;
      const init = member.initializer;
      if (init) {
        const negative =
          t.isPrefixUnaryExpression(init) && init.operator === this.k.MinusToken && t.isNumericLiteral(init.operand);
        const literal = negative ? init.operand : init;
        if (!t.isNumericLiteral(literal) || !Number.isInteger(Number(literal.text))) {
          this.inexpressible(member, 'an enum value that is not a whole number');
        }
        value = (negative ? -1 : 1) * Number(literal.text);
      }
      next = value + 1;
      this.line(`${member.name.text} = ${value}${this.trailingComment(member)}`);
    });
    this.leadingComments(node.members.end);
    if (!node.members.length) this.line('pass');
    this.indent--;
  }

  /** Prints with `this` as `self` (a field's value, written into `__init__`). */
  private inMethod<T>(work: () => T): T {
    const outer = this.context;
    this.context = { parent: outer, locals: new Set(), setGlobals: new Set(), declared: new Set(), method: true };
    try {
      return work();
    } finally {
      this.context = outer;
    }
  }

  /** The Python type of a literal (`5` is a number); undefined for anything else. */
  private literalType(node: ts.Expression | undefined): string | undefined {
    const t = this.tsApi;
    if (!node) return undefined;
    if (t.isNumericLiteral(node)) return 'number';
    if (t.isPrefixUnaryExpression(node) && node.operator === this.k.MinusToken && t.isNumericLiteral(node.operand)) {
      return 'number';
    }
    if (t.isStringLiteral(node) || t.isNoSubstitutionTemplateLiteral(node) || t.isTemplateExpression(node))
      return 'str';
    if (node.kind === this.k.TrueKeyword || node.kind === this.k.FalseKeyword) return 'bool';
    return undefined;
  }

  /**
   * Whether the constructor sets every field first in the declared order, each to a parameter or
   * literal Python would give the declared type (so `__init__` alone says what the fields are).
   */
  private fieldsSetInOrder(
    fields: readonly ts.PropertyDeclaration[],
    constructor: ts.ConstructorDeclaration | undefined,
  ): boolean {
    const t = this.tsApi;
    if (!fields.length) return true;
    if (!constructor?.body || fields.some((f) => f.initializer)) return false;
    const order: { name: string; value: ts.Expression }[] = [];
    const visit = (node: ts.Node): void => {
      if (t.isFunctionLike(node) || t.isClassLike(node)) return;
      if (
        t.isBinaryExpression(node) &&
        node.operatorToken.kind === this.k.EqualsToken &&
        t.isPropertyAccessExpression(node.left) &&
        node.left.expression.kind === this.k.ThisKeyword &&
        !order.some((o) => o.name === (node.left as ts.PropertyAccessExpression).name.text)
      ) {
        order.push({ name: node.left.name.text, value: node.right });
      }
      t.forEachChild(node, visit);
    };
    t.forEachChild(constructor.body, visit);
    const assigned = order.filter((o) => fields.some((f) => f.name.getText(this.file) === o.name));
    if (assigned.length !== fields.length) return false;
    return fields.every((field, i) => {
      const { name, value } = assigned[i]!;
      if (field.name.getText(this.file) !== name) return false;
      const declared = field.type ? this.typeText(field.type) : 'any';
      return declared !== undefined && this.inferredType(value, constructor) === declared;
    });
  }

  /** The Python type Python's converter gives a field set to `value` in `__init__` (see py-scopes.ts). */
  private inferredType(value: ts.Expression, constructor: ts.ConstructorDeclaration): string | undefined {
    const t = this.tsApi;
    if (t.isIdentifier(value)) {
      const param = constructor.parameters.find((p) => t.isIdentifier(p.name) && p.name.text === value.text);
      if (!param) return undefined;
      return param.type ? this.typeText(param.type) : (this.literalType(param.initializer) ?? 'any');
    }
    if (value.kind === this.k.NullKeyword || (t.isArrayLiteralExpression(value) && !value.elements.length)) {
      return 'any';
    }
    return this.literalType(value);
  }

  /** A type's Python spelling, or undefined when Python cannot write it. */
  private typeText(node: ts.TypeNode): string | undefined {
    try {
      const mark = this.diagnostics.length;
      const text = this.type(node);
      this.diagnostics.length = mark;
      return text;
    } catch (error) {
      if (!(error instanceof Inexpressible)) throw error;
      this.diagnostics.pop();
      return undefined;
    }
  }

  /** Whether a class uses `self` as a name of its own (Python's name for the instance). */
  private mentionsSelf(node: ts.Node): boolean {
    if (this.tsApi.isIdentifier(node) && node.text === 'self') return true;
    return this.tsApi.forEachChild(node, (c) => this.mentionsSelf(c) || undefined) ?? false;
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

  /** A function's own names and the globals it sets (for `global`), nested functions excluded. */
  private collectLocals(body: ts.Node, context: FunctionContext): void {
    const t = this.tsApi;
    const visit = (node: ts.Node): void => {
      if (t.isFunctionLike(node)) return;
      if (t.isVariableDeclaration(node) && t.isIdentifier(node.name)) context.locals.add(node.name.text);
      const target =
        t.isBinaryExpression(node) &&
        node.operatorToken.kind >= this.k.FirstAssignment &&
        node.operatorToken.kind <= this.k.LastAssignment
          ? node.left
          : (t.isPrefixUnaryExpression(node) || t.isPostfixUnaryExpression(node)) &&
              (node.operator === this.k.PlusPlusToken || node.operator === this.k.MinusMinusToken)
            ? node.operand
            : t.isForOfStatement(node) && t.isIdentifier(node.initializer)
              ? node.initializer
              : undefined;
      if (target && t.isIdentifier(target) && !context.locals.has(target.text) && this.globals.has(target.text)) {
        context.setGlobals.add(target.text);
      }
      t.forEachChild(node, visit);
    };
    t.forEachChild(body, visit);
  }

  private expressionStatement(node: ts.ExpressionStatement): void {
    const t = this.tsApi;
    const e = node.expression;
    this.handlers(e);
    const trailing = this.trailingComment(node);
    if ((t.isPostfixUnaryExpression(e) || t.isPrefixUnaryExpression(e)) && t.isIdentifier(e.operand)) {
      if (e.operator === this.k.PlusPlusToken) return this.line(`${this.expr(e.operand).text} += 1${trailing}`);
      if (e.operator === this.k.MinusMinusToken) return this.line(`${this.expr(e.operand).text} -= 1${trailing}`);
    }
    if (
      t.isBinaryExpression(e) &&
      e.operatorToken.kind >= this.k.FirstAssignment &&
      e.operatorToken.kind <= this.k.LastAssignment
    ) {
      const op = e.operatorToken.getText(this.file);
      if (op === '??=' || op === '||=' || op === '&&=' || op === '>>>=') this.inexpressible(e, `the ${op} operator`);
      return this.line(`${this.expr(e.left).text} ${op} ${this.expr(e.right).text}${trailing}`);
    }
    this.line(`${this.expr(e).text}${trailing}`);
  }

  // --- handlers: functions passed as arguments become defs before the statement -----------

  /** Writes a `def` for each function expression passed to a call in `node`, before it. */
  private handlers(node: ts.Node): void {
    const t = this.tsApi;
    const visit = (n: ts.Node): void => {
      if (t.isCallExpression(n)) {
        t.forEachChild(n, visit);
        for (const arg of n.arguments) {
          if ((!t.isFunctionExpression(arg) && !t.isArrowFunction(arg)) || this.isLambda(arg)) continue;
          if (arg.asteriskToken || (t.isFunctionExpression(arg) && arg.name)) this.inexpressible(arg, 'this function');
          const name = this.handlerName(n, arg);
          const returns = arg.type ? ` -> ${this.type(arg.type)}` : '';
          this.def(name, arg.parameters, arg.body, returns);
          this.handlerNames.set(arg, name);
        }
        return;
      }
      if (t.isFunctionLike(n)) return;
      t.forEachChild(n, visit);
    };
    visit(node);
  }

  /** MakeCode's names: `on_button_pressed_a` for input.onButtonPressed(Button.A, ...). */
  private handlerName(call: ts.CallExpression, fn: ts.Node): string {
    const t = this.tsApi;
    const callee = call.expression;
    const calleeName = t.isPropertyAccessExpression(callee)
      ? callee.name.text
      : t.isIdentifier(callee)
        ? callee.text
        : 'handler';
    let base = snakeCase(calleeName);
    if (!base.startsWith('on_') && base !== 'on') base = `on_${base}`;
    for (const arg of call.arguments) {
      if (arg === fn) break;
      if (
        t.isPropertyAccessExpression(arg) &&
        t.isIdentifier(arg.expression) &&
        this.names.isContainer(arg.expression.text)
      ) {
        const py = this.names.qualifiedToPython(`${arg.expression.text}.${arg.name.text}`);
        if (py) base += `_${py.slice(py.lastIndexOf('.') + 1).toLowerCase()}`;
      }
    }
    let name = base;
    for (let n = 2; this.usedNames.has(name); n++) name = `${base}${n}`;
    this.usedNames.add(name);
    return name;
  }
}
