// Python forms that become TypeScript's function-taking list methods, and calls with named
// arguments: `lambda` (an arrow function), `[v for x in items if t]` (`filter`/`map`), `sum`,
// `sorted`, `min`/`max` of a list (`reduce`, `slice().sort`), `extend` (`forEach` + `push`),
// `split()` (at spaces, empty pieces dropped), slice steps (`[::-1]` `reverse`, `[a:b:k]`
// `filter` by index), and `f(a, b=2)` (arguments put in the def's or API's order).
// ts-to-py-functional.ts reads each form back. Sits between the calls converter (py-calls.ts) and
// the statements converter (py-to-ts.ts). Pure: no DOM, no Node APIs.
import type { SyntaxNode } from '@lezer/common';
import { PYTHON_MISUSE_CODE } from './python-diagnostics.ts';
import { CallConverter } from './py-calls.ts';
import { comprehensionParts, elementType, parameterNodes, type Scope } from './py-scopes.ts';
import { PREC, Unsupported, type Emitted } from './py-syntax.ts';
import { snakeCase } from './snake-case.ts';

/** Arrow functions bind looser than everything else. */
const ARROW = 1;

interface Keyword {
  readonly name: SyntaxNode;
  readonly value: SyntaxNode;
}

export abstract class FunctionalConverter extends CallConverter {
  /** Runs `work` with `scope` as the current scope (a lambda's or comprehension's own names). */
  protected within<T>(scope: Scope | undefined, work: () => T): T {
    const outer = this.scope;
    if (scope) this.scope = scope;
    try {
      return work();
    } finally {
      this.scope = outer;
    }
  }

  protected override otherExpression(node: SyntaxNode): Emitted {
    if (node.name === 'LambdaExpression') return this.lambda(node);
    if (node.name === 'ArrayComprehensionExpression') return this.comprehension(node);
    return super.otherExpression(node);
  }

  private lambda(node: SyntaxNode): Emitted {
    const params = parameterNodes(node.getChild('ParamList'));
    for (const p of params) {
      if (p.star || p.value || p.typeDef) this.unsupported(p.name, 'defaults, types or * in a lambda');
    }
    const colon = node.getChild(':');
    const body = colon?.nextSibling;
    if (!body) throw new Unsupported('syntax');
    const text = this.within(this.scopes.inner.get(node.from), () => this.wrap(this.expr(body), PREC.cond));
    return { text: `(${params.map((p) => this.slice(p.name)).join(', ')}) => ${text}`, prec: ARROW };
  }

  private comprehension(node: SyntaxNode): Emitted {
    const parts = comprehensionParts(node);
    if (!parts) this.unsupported(node, 'this list comprehension (use one "for" with one name, and at most one "if")');
    const name = this.slice(parts.variable);
    let text = this.wrap(this.expr(parts.items), PREC.call);
    this.within(this.scopes.inner.get(node.from), () => {
      if (parts.test) text += `.filter((${name}) => ${this.wrap(this.expr(parts.test), PREC.cond)})`;
      const value = this.expr(parts.value);
      if (value.text !== name || !parts.test) text += `.map((${name}) => ${this.wrap(value, PREC.cond)})`;
    });
    return { text, prec: PREC.call };
  }

  protected override builtin(name: string, args: SyntaxNode[], node: SyntaxNode): Emitted | undefined {
    const list = (): string => this.wrap(this.expr(args[0]!), PREC.call);
    switch (name) {
      case 'sum':
        if (args.length !== 1) this.unsupported(node, 'sum() with other than one list');
        return { text: `${list()}.reduce((a, b) => a + b, 0)`, prec: PREC.call };
      case 'sorted': {
        if (args.length !== 1) this.unsupported(node, 'sorted() with other than one list (no key= or reverse=)');
        // Numbers sort by size; text (and lists of unknown things) in alphabetical order.
        const numbers = elementType(this.scope.typeOf(args[0]!)) === 'number';
        return { text: `${list()}.slice().sort(${numbers ? '(a, b) => a - b' : ''})`, prec: PREC.call };
      }
      case 'min':
      case 'max':
        // One list: its smallest or largest value (the first value starts the comparison).
        if (args.length === 1) {
          return { text: `${list()}.reduce((a, b) => Math.${name}(a, b), ${list()}[0])`, prec: PREC.call };
        }
    }
    return super.builtin(name, args, node);
  }

  protected override method(callee: SyntaxNode, args: SyntaxNode[], node: SyntaxNode): Emitted | undefined {
    const property = callee.name === 'MemberExpression' ? callee.getChild('PropertyName') : null;
    if (property && !this.apiName(callee)) {
      const object = (): string => this.wrap(this.expr(callee.firstChild!), PREC.call);
      switch (this.slice(property)) {
        case 'extend':
          if (args.length !== 1) this.unsupported(node, 'extend() with other than one list');
          return {
            text: `${this.wrap(this.expr(args[0]!), PREC.call)}.forEach((value) => ${object()}.push(value))`,
            prec: PREC.call,
          };
        case 'split':
          // Python's split() cuts at spaces and keeps no empty pieces.
          if (args.length === 0) return { text: `${object()}.split(" ").filter((s) => s != "")`, prec: PREC.call };
      }
    }
    return super.method(callee, args, node);
  }

  /** `x[::-1]` reverses; `x[a:b:k]` with a whole k > 0 keeps every k-th value. */
  protected override slice_(node: SyntaxNode): Emitted {
    const open = node.getChild('[')!;
    const inside = this.children(node).filter((c) => c.from > open.from && c.name !== ']');
    const colons = inside.filter((c) => c.name === ':');
    if (colons.length < 2) return super.slice_(node);
    const [first, second] = colons as [SyntaxNode, SyntaxNode];
    const start = inside.find((c) => c.name !== ':' && c.to <= first.from);
    const end = inside.find((c) => c.name !== ':' && c.from >= first.to && c.to <= second.from);
    const step = inside.find((c) => c.name !== ':' && c.from >= second.to);
    const stepText = step ? this.slice(step).replace(/\s+/g, '') : '1';
    const text = this.scope.typeOf(node.firstChild!) === 'string';
    let value = this.wrap(this.expr(node.firstChild!), PREC.call);
    if (text) value += '.split("")';
    if (stepText === '-1' && !start && !end) value += text ? '.reverse()' : '.slice().reverse()';
    else if (/^[1-9]\d*$/.test(stepText)) {
      if (start || end)
        value += `.slice(${start ? this.expr(start).text : '0'}${end ? `, ${this.expr(end).text}` : ''})`;
      value += stepText === '1' ? '' : `.filter((value, i) => i % ${stepText} == 0)`;
    } else this.unsupported(step ?? node, 'this slice step (use a whole number above 0, or [::-1] to reverse)');
    if (text) value += '.join("")';
    return { text: value, prec: PREC.call };
  }

  /** A call with `name=value` arguments: the values in the order of the def's (or API's) parameters. */
  protected override call(node: SyntaxNode): Emitted {
    const list = node.getChild('ArgList');
    const keywords: Keyword[] = [];
    let named = false;
    for (let a = list?.firstChild; a; a = a.nextSibling) {
      if (a.name === 'AssignOp') named = true;
      if (a.name === '*' || a.name === '**') this.unsupported(a, 'starred arguments (*) in a call');
    }
    if (!named) return super.call(node);
    const positional: SyntaxNode[] = [];
    for (let a = list?.firstChild; a; a = a.nextSibling) {
      if (['(', ')', ',', 'Comment'].includes(a.name) || a.type.isError) continue;
      if (a.nextSibling?.name === 'AssignOp') {
        const value = a.nextSibling.nextSibling;
        if (a.name !== 'VariableName' || !value) this.unsupported(a, 'this named argument');
        keywords.push({ name: a, value });
        a = value;
        continue;
      }
      if (keywords.length) this.unsupported(a, 'a value without a name after a named one');
      positional.push(a);
    }
    // An `=` the parser could not pair with a name (damaged text): the plain path reports it.
    if (!keywords.length) return super.call(node);
    const callee = node.firstChild!;
    const params = this.parameterList(callee);
    if (!params) this.unsupported(keywords[0]!.name, 'named arguments here (only for your own functions and the API)');
    const values: (string | undefined)[] = positional.map((p) => this.expr(p).text);
    for (const { name, value } of keywords) {
      const i = params.findIndex((p) => p.names.includes(this.slice(name)));
      if (i < 0 || values[i] !== undefined) {
        this.report(
          name,
          i < 0
            ? `"${this.dotted(callee) ?? 'This function'}" has no value called "${this.slice(name)}". Check the spelling.`
            : `"${this.slice(name)}" has a value already. Give each value once.`,
          PYTHON_MISUSE_CODE,
        );
        throw new Unsupported('keyword');
      }
      values[i] = this.expr(value).text;
    }
    for (let i = 0; i < values.length; i++) {
      if (values[i] !== undefined) continue;
      const fallback = params[i]!.fallback;
      if (fallback === undefined) {
        this.report(
          node,
          `This call needs a value for "${params[i]!.names[0]}" too, because a value after it is given.`,
          PYTHON_MISUSE_CODE,
        );
        throw new Unsupported('keyword');
      }
      values[i] = fallback;
    }
    return { text: `${this.calleeText(callee)}(${values.join(', ')})`, prec: PREC.call };
  }

  /** The parameters of the program's own def or the API function called, with their defaults. */
  private parameterList(callee: SyntaxNode): { names: string[]; fallback: string | undefined }[] | undefined {
    if (callee.name === 'VariableName') {
      // A class's call gives its values to `__init__`, after `self`.
      const owner = this.scope.classNamed(this.slice(callee));
      const def = owner ? owner.constructorDef() : this.scopes.defs.get(this.slice(callee));
      if (owner && !def) return [];
      if (def && this.scopes.module.isDefined(this.slice(callee))) {
        return parameterNodes(def.getChild('ParamList'))
          .slice(owner ? 1 : 0)
          .map((p) => ({
            names: [this.slice(p.name)],
            fallback: p.value ? this.within(this.scopes.module, () => this.expr(p.value!).text) : undefined,
          }));
      }
    }
    const api = this.apiName(callee);
    const names = api ? this.names.parameterNames(api) : undefined;
    return names?.map((n) => ({ names: [snakeCase(n), n], fallback: undefined }));
  }
}
