// TypeScript -> Python as a learner would write it (MakeCode's layout): a function passed to a
// call becomes a named `def` just before the statement that registers it (`def on_forever():`
// then `basic.forever(on_forever)`), functions that set globals say `global`, API names and
// enum members take their Python spelling. Reads the syntax only (the host passes TypeScript
// in), so it works on code that does not type-check. What Python cannot say is reported and
// kept as a comment, so no text is lost silently.
import type ts from 'typescript';
import type { PythonNames } from './python-names.ts';
import { ClassPrinter } from './ts-to-py-classes.ts';
import { PREC } from './ts-to-py-expressions.ts';
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

class Printer extends ClassPrinter {
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

  protected statement(node: ts.Statement): void {
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
    this.passIfEmpty(mark);
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
}
