// The forms py-functional.ts writes, read back as the Python they came from: `sum(x)`,
// `max(x)`/`min(x)`, `sorted(x)`, `x.extend(y)`, `x.split()`, slice steps, list comprehensions
// (`filter`/`map` with a one-name arrow), `f"{x:.2f}"` (`toFixed`), and arrow functions that give
// a value as `lambda` (except those passed to the API: those stay named defs, MakeCode's layout).
import type ts from 'typescript';
import { ExpressionPrinter, PREC, type Emitted, type FunctionContext } from './ts-to-py-expressions.ts';

export abstract class FunctionalPrinter extends ExpressionPrinter {
  /** The arrow's text on one line, to compare with the fixed forms the converter writes. */
  private flat(node: ts.Node | undefined): string {
    return node ? node.getText(this.file).replace(/\s+/g, ' ') : '';
  }

  /** `(x) => value`: one name, no type, a value for a body. */
  private simpleArrow(node: ts.Node | undefined): node is ts.ArrowFunction {
    const t = this.tsApi;
    return (
      !!node &&
      t.isArrowFunction(node) &&
      !t.isBlock(node.body) &&
      !node.type &&
      node.parameters.length === 1 &&
      this.plainParameter(node.parameters[0]!)
    );
  }

  private plainParameter(p: ts.ParameterDeclaration): boolean {
    return this.tsApi.isIdentifier(p.name) && !p.type && !p.initializer && !p.dotDotDotToken && !p.questionToken;
  }

  /** An arrow function Python writes as a lambda: a value for a body, not handed to the API. */
  protected isLambda(node: ts.Node): node is ts.ArrowFunction {
    const t = this.tsApi;
    if (
      !t.isArrowFunction(node) ||
      t.isBlock(node.body) ||
      node.type ||
      !node.parameters.every((p) => this.plainParameter(p))
    )
      return false;
    const call = node.parent;
    if (t.isCallExpression(call) && call.arguments.includes(node)) {
      const qualified = this.qualified(call.expression);
      const head = qualified?.split('.')[0];
      if (qualified && head && !this.isUserName(head) && this.names.qualifiedToPython(qualified)) return false;
      // A function body that only calls (an event handler) reads better as a def.
      if (t.isCallExpression(node.body) && !t.isPropertyAccessExpression(call.expression)) return false;
    }
    return true;
  }

  protected override expr(node: ts.Expression): Emitted {
    if (this.isLambda(node)) return this.lambda(node);
    return super.expr(node);
  }

  private lambda(node: ts.ArrowFunction, params = node.parameters): Emitted {
    const names = params.map((p) => p.name.getText(this.file));
    const body = this.withNames(names, () => this.expr(node.body as ts.Expression));
    return { text: `lambda${names.length ? ` ${names.join(', ')}` : ''}: ${this.wrap(body, PREC.cond)}`, prec: 0 };
  }

  /** Prints with `names` as the program's own (a lambda's parameters are not API names). */
  private withNames<T>(names: readonly string[], work: () => T): T {
    return this.inContext({ locals: new Set(names), setGlobals: new Set(), declared: new Set(names) }, work);
  }

  /** Prints in a function context of its own, inside the current one (restored after). */
  protected inContext<T>(context: Omit<FunctionContext, 'parent'>, work: () => T): T {
    const outer = this.context;
    this.context = { parent: outer, ...context };
    try {
      return work();
    } finally {
      this.context = outer;
    }
  }

  /** `x.toFixed(2)` inside a template: `{x:.2f}`. */
  protected override templateValue(node: ts.Expression): string {
    const fixed = this.toFixed(node);
    return fixed ? `${fixed.value}:.${fixed.digits}f` : super.templateValue(node);
  }

  private toFixed(node: ts.Expression): { value: string; digits: string } | undefined {
    const t = this.tsApi;
    if (!t.isCallExpression(node) || !t.isPropertyAccessExpression(node.expression)) return undefined;
    const [digits] = node.arguments;
    if (node.expression.name.text !== 'toFixed' || node.arguments.length !== 1 || !t.isNumericLiteral(digits!))
      return undefined;
    if (!/^\d$/.test(digits.text)) return undefined;
    return { value: this.expr(node.expression.expression).text, digits: digits.text };
  }

  protected override call(node: ts.CallExpression): Emitted {
    return this.functionalCall(node) ?? super.call(node);
  }

  private functionalCall(node: ts.CallExpression): Emitted | undefined {
    const t = this.tsApi;
    if (!t.isPropertyAccessExpression(node.expression) || node.questionDotToken) return undefined;
    const receiver = node.expression.expression;
    const method = node.expression.name.text;
    const [first, second] = node.arguments;
    const call = (name: string, of: ts.Expression): Emitted => ({
      text: `${name}(${this.expr(of).text})`,
      prec: PREC.call,
    });
    const object = (of: ts.Expression): string => this.wrap(this.expr(of), PREC.call);
    const innerCall = (of: ts.Expression, name: string, args: string): ts.Expression | undefined =>
      t.isCallExpression(of) &&
      t.isPropertyAccessExpression(of.expression) &&
      of.expression.name.text === name &&
      this.flat(of).endsWith(`.${name}(${args})`) &&
      of.arguments.length === (args ? args.split(',').length : 0)
        ? of.expression.expression
        : undefined;
    switch (method) {
      case 'toFixed': {
        const fixed = this.toFixed(node);
        return fixed ? { text: `f"{${fixed.value}:.${fixed.digits}f}"`, prec: PREC.primary } : undefined;
      }
      case 'reduce': {
        if (node.arguments.length !== 2) return undefined;
        const fn = this.flat(first);
        if (fn === '(a, b) => a + b' && this.flat(second) === '0') return call('sum', receiver);
        const limit = /^\(a, b\) => Math\.(min|max)\(a, b\)$/.exec(fn);
        if (limit && this.flat(second) === `${this.flat(receiver)}[0]`) return call(limit[1]!, receiver);
        return undefined;
      }
      case 'sort': {
        const copied = innerCall(receiver, 'slice', '');
        const fn = this.flat(first);
        if (copied && (fn === '' || fn === '(a, b) => a - b')) return call('sorted', copied);
        return undefined;
      }
      case 'forEach': {
        const pushed = /^\(value\) => (.+)\.push\(value\)$/.exec(this.flat(first));
        if (!pushed || !t.isArrowFunction(first!) || !t.isCallExpression(first.body)) return undefined;
        const target = (first.body.expression as ts.PropertyAccessExpression).expression;
        return { text: `${object(target)}.extend(${this.expr(receiver).text})`, prec: PREC.call };
      }
      case 'filter': {
        const split = innerCall(receiver, 'split', '" "');
        if (split && this.flat(first) === '(s) => s != ""')
          return { text: `${object(split)}.split()`, prec: PREC.call };
        const step = /^\(value, i\) => i % ([1-9]\d*) == 0$/.exec(this.flat(first));
        if (step) return this.sliced(receiver, step[1]!);
        if (!this.simpleArrow(first)) return undefined;
        return this.comprehension(receiver, first, undefined);
      }
      case 'map': {
        if (!this.simpleArrow(first)) return undefined;
        const filtered =
          t.isCallExpression(receiver) &&
          t.isPropertyAccessExpression(receiver.expression) &&
          receiver.expression.name.text === 'filter' &&
          receiver.arguments.length === 1
            ? receiver
            : undefined;
        const test = filtered?.arguments[0];
        if (filtered && this.simpleArrow(test) && this.flat(test.parameters[0]) === this.flat(first.parameters[0])) {
          return this.comprehension((filtered.expression as ts.PropertyAccessExpression).expression, test, first);
        }
        return this.comprehension(receiver, undefined, first);
      }
      case 'reverse': {
        const copied = innerCall(receiver, 'slice', '');
        if (copied && node.arguments.length === 0) return { text: `${object(copied)}[::-1]`, prec: PREC.call };
        return undefined;
      }
      case 'join': {
        // Text's [::-1] and [a:b:k]: split into letters, the list form, joined again.
        if (this.flat(first) !== '""') return undefined;
        const reversed = innerCall(receiver, 'reverse', '');
        const letters = reversed && innerCall(reversed, 'split', '""');
        if (letters) return { text: `${object(letters)}[::-1]`, prec: PREC.call };
        if (!t.isCallExpression(receiver) || !t.isPropertyAccessExpression(receiver.expression)) return undefined;
        const step = /\.filter\(\(value, i\) => i % ([1-9]\d*) == 0\)$/.exec(this.flat(receiver));
        return step ? this.sliced(receiver.expression.expression, step[1]!, '""') : undefined;
      }
    }
    return undefined;
  }

  /** `x.slice(a, b).filter(every k-th)` as `x[a:b:k]` (`split`: text split into letters first). */
  private sliced(receiver: ts.Expression, step: string, split?: string): Emitted | undefined {
    const t = this.tsApi;
    let list = receiver;
    let range = ':';
    if (
      t.isCallExpression(list) &&
      t.isPropertyAccessExpression(list.expression) &&
      list.expression.name.text === 'slice' &&
      list.arguments.length >= 1
    ) {
      const [a, b] = list.arguments.map((x) => this.expr(x).text);
      range = `${a === '0' ? '' : a}:${b ?? ''}`;
      list = list.expression.expression;
    }
    if (split !== undefined) {
      if (
        !t.isCallExpression(list) ||
        !t.isPropertyAccessExpression(list.expression) ||
        list.expression.name.text !== 'split' ||
        this.flat(list.arguments[0]) !== split
      )
        return undefined;
      list = list.expression.expression;
    }
    return { text: `${this.wrap(this.expr(list), PREC.call)}[${range}:${step}]`, prec: PREC.call };
  }

  /** `[value for name in items if test]` (a filter alone keeps the name as the value). */
  private comprehension(
    items: ts.Expression,
    test: ts.ArrowFunction | undefined,
    value: ts.ArrowFunction | undefined,
  ): Emitted {
    const name = (value ?? test)!.parameters[0]!.name.getText(this.file);
    const list = this.expr(items).text;
    const [valueText, testText] = this.withNames([name], () => [
      value ? this.wrap(this.expr(value.body as ts.Expression), PREC.cond + 1) : name,
      test ? this.wrap(this.expr(test.body as ts.Expression), PREC.cond + 1) : undefined,
    ]);
    return { text: `[${valueText} for ${name} in ${list}${testText ? ` if ${testText}` : ''}]`, prec: PREC.primary };
  }
}
