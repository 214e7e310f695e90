// Functions of TypeScript -> Python: `def`s with their parameters and Python types, `global`
// lines for the globals a function sets, and functions passed to a call written as named defs
// before the statement (MakeCode's layout: `def on_forever():` then `basic.forever(on_forever)`).
import type ts from 'typescript';
import { snakeCase } from './snake-case.ts';
import { LinePrinter } from './ts-to-py-lines.ts';
import { Inexpressible, type FunctionContext } from './ts-to-py-expressions.ts';
import { PYTHON_WORDS } from './python-words.ts';

export abstract class DefPrinter extends LinePrinter {
  protected localName(name: string): void {
    this.checkName(name);
    this.context?.locals.add(name);
  }

  protected checkName(name: string): void {
    if (PYTHON_WORDS.has(name)) {
      throw new Inexpressible(name);
    }
  }

  protected type(node: ts.TypeNode): string {
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

  protected functionDeclaration(node: ts.FunctionDeclaration): void {
    if (!node.name || !node.body) this.inexpressible(node, 'a function without a name or body');
    if (node.asteriskToken || node.modifiers?.length) this.inexpressible(node, 'this kind of function');
    const name = node.name.text;
    this.checkName(name);
    const returns = node.type ? ` -> ${this.type(node.type)}` : '';
    this.def(name, node.parameters, node.body, returns);
  }

  /** `method`: a class's method (`self` first, `this` is `self`), with lines to start its body with. */
  protected def(
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

  /** Whether `node` uses the name `name`. */
  protected mentions(node: ts.Node, name: string): boolean {
    if (this.tsApi.isIdentifier(node) && node.text === name) return true;
    return this.tsApi.forEachChild(node, (c) => this.mentions(c, name) || undefined) ?? false;
  }

  // --- handlers: functions passed as arguments become defs before the statement -----------

  /** Writes a `def` for each function expression passed to a call in `node`, before it. */
  protected handlers(node: ts.Node): void {
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
