// Python expressions -> TypeScript expressions, and what every part of the converter shares:
// the source, the scopes, the diagnostics and how to report them. Literals, names, members,
// slices and operators are here; calls are py-calls.ts's, which extends this class (and
// py-functional.ts that, then the statements converter). Pure: no DOM, no Node APIs.
import { parser } from '@lezer/python';
import type { SyntaxNode } from '@lezer/common';
import {
  LineIndex,
  PYTHON_MISUSE_CODE,
  PYTHON_SYNTAX_CODE,
  PYTHON_UNSUPPORTED_CODE,
  type PythonDiagnostic,
} from './python-diagnostics.ts';
import type { PythonNames } from './python-names.ts';
import { decodeEscapes, splitStringLiteral, templateText, typeScriptString } from './python-strings.ts';
import { analyzeScopes, type Scope, type ScopeAnalysis } from './py-scopes.ts';
import { BINARY, PREC, UNSUPPORTED_EXPRESSIONS, Unsupported, type Emitted } from './py-syntax.ts';

export abstract class ExpressionConverter {
  protected readonly diagnostics: PythonDiagnostic[] = [];
  protected readonly index: LineIndex;
  protected scope: Scope;
  protected readonly top: SyntaxNode;
  protected readonly scopes: ScopeAnalysis;

  constructor(
    protected readonly source: string,
    protected readonly names: PythonNames,
  ) {
    this.index = new LineIndex(source);
    this.top = parser.parse(source).topNode;
    this.scopes = analyzeScopes(this.top, (n) => this.slice(n), names);
    this.scope = this.scopes.module;
  }

  // --- reporting ---------------------------------------------------------------------------

  protected slice(node: SyntaxNode): string {
    return this.source.slice(node.from, node.to);
  }

  protected report(node: SyntaxNode | { from: number; to: number }, message: string, code: number): void {
    const { line, column } = this.index.position(node.from);
    if (this.diagnostics.some((d) => d.line === line && d.code === code)) return; // one per line
    this.diagnostics.push({ line, column, length: Math.max(0, node.to - node.from), message, code });
  }

  protected unsupported(node: SyntaxNode, what: string): never {
    this.report(node, `Python on the micro:bit cannot use ${what}.`, PYTHON_UNSUPPORTED_CODE);
    throw new Unsupported(what);
  }

  protected arguments(list: SyntaxNode | null): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    for (let arg = list?.firstChild; arg; arg = arg.nextSibling) {
      if (arg.name === '(' || arg.name === ')' || arg.name === ',' || arg.name === 'Comment' || arg.type.isError)
        continue;
      if (arg.name === 'AssignOp' || arg.name === '*' || arg.name === '**') {
        this.unsupported(arg, 'named or starred arguments in a call');
      }
      out.push(arg);
    }
    return out;
  }

  // --- expressions -------------------------------------------------------------------------

  protected wrap(e: Emitted, min: number): string {
    // `2.toFixed()` does not parse: a whole number before a dot needs brackets.
    if (min >= PREC.call && /^\d+$/.test(e.text)) return `(${e.text})`;
    return e.prec < min ? `(${e.text})` : e.text;
  }

  protected dotted(node: SyntaxNode): string | undefined {
    if (node.name === 'VariableName') return this.slice(node);
    if (node.name === 'MemberExpression' && node.getChild('.')) {
      const object = node.firstChild!;
      const property = node.getChild('PropertyName');
      const left = this.dotted(object);
      return left && property ? `${left}.${this.slice(property)}` : undefined;
    }
    return undefined;
  }

  /** `basic.show_number` -> `basic.showNumber` when the chain names the API and no variable. */
  protected apiName(node: SyntaxNode): string | undefined {
    const dotted = this.dotted(node);
    if (!dotted) return undefined;
    const head = dotted.split('.')[0]!;
    if (this.scope.isDefined(head)) return undefined;
    return this.names.qualifiedToTypeScript(dotted);
  }

  protected expr(node: SyntaxNode): Emitted {
    const unsupported = UNSUPPORTED_EXPRESSIONS[node.name];
    if (unsupported) this.unsupported(node, unsupported);
    if (node.type.isError) throw new Unsupported('syntax');
    switch (node.name) {
      case 'Number':
        return { text: this.number(node), prec: PREC.primary };
      case 'String':
        return { text: this.string(node), prec: PREC.primary };
      case 'FormatString':
        return { text: this.formatString(node), prec: PREC.primary };
      case 'ContinuedString':
        return { text: this.continuedString(node), prec: PREC.primary };
      case 'Boolean':
        return { text: this.slice(node) === 'True' ? 'true' : 'false', prec: PREC.primary };
      case 'None':
        return { text: 'null', prec: PREC.primary };
      case 'VariableName':
        return { text: this.variable(node), prec: PREC.primary };
      case 'MemberExpression':
        return this.member(node);
      case 'CallExpression':
        return this.call(node);
      case 'ParenthesizedExpression': {
        const inner = node.firstChild?.nextSibling;
        if (!inner || inner.name === ')') this.unsupported(node, 'empty brackets (tuples)');
        return { text: `(${this.expr(inner).text})`, prec: PREC.primary };
      }
      case 'ArrayExpression': {
        const items = this.arguments(node).filter((n) => n.name !== '[' && n.name !== ']');
        return { text: `[${items.map((i) => this.expr(i).text).join(', ')}]`, prec: PREC.primary };
      }
      case 'UnaryExpression':
        return this.unary(node);
      case 'BinaryExpression':
        return this.binary(node);
      case 'ConditionalExpression': {
        const [then, , test, , otherwise] = this.children(node);
        if (!then || !test || !otherwise) throw new Unsupported('syntax');
        return {
          text: `${this.wrap(this.expr(test), PREC.or)} ? ${this.wrap(this.expr(then), PREC.cond)} : ${this.wrap(this.expr(otherwise), PREC.cond)}`,
          prec: PREC.cond,
        };
      }
      default:
        return this.otherExpression(node);
    }
  }

  /** A call: built-ins, methods and the program's classes (py-calls.ts). */
  protected abstract call(node: SyntaxNode): Emitted;

  /** Expressions a subclass converts (lambda, comprehensions); the rest are refused. */
  protected otherExpression(node: SyntaxNode): Emitted {
    this.unsupported(node, `this expression (${node.name})`);
  }

  protected children(node: SyntaxNode): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    for (let c = node.firstChild; c; c = c.nextSibling) if (c.name !== 'Comment') out.push(c);
    return out;
  }

  protected number(node: SyntaxNode): string {
    const text = this.slice(node);
    if (/[jJ]$/.test(text)) this.unsupported(node, 'complex numbers');
    if (/^0[oO]/.test(text)) return `0o${text.slice(2)}`;
    if (/^0\d/.test(text)) this.unsupported(node, 'numbers with leading zeros');
    return text.replace(/[lL]$/, '');
  }

  protected string(node: SyntaxNode): string {
    const parts = splitStringLiteral(this.slice(node));
    if (!parts) throw new Unsupported('string');
    if (parts.prefix.includes('b')) this.unsupported(node, 'bytes literals (b"...")');
    const value = decodeEscapes(parts.body, parts.prefix.includes('r'));
    if (value === undefined) {
      this.report(node, 'This text has a broken escape (\\x, \\u...): check the backslashes.', PYTHON_SYNTAX_CODE);
      throw new Unsupported('escape');
    }
    // Triple-quoted text (LED pictures, several lines) is a template literal, as MakeCode writes it.
    if (parts.quote.length === 3) return `\`${templateText(value)}\``;
    return typeScriptString(value);
  }

  protected continuedString(node: SyntaxNode): string {
    const pieces = this.children(node).map((c) => this.expr(c).text);
    return pieces.join(' + ');
  }

  protected formatString(node: SyntaxNode): string {
    const text = this.slice(node);
    const parts = splitStringLiteral(text);
    if (!parts) throw new Unsupported('f-string');
    const raw = parts.prefix.includes('r');
    const bodyStart = node.from + text.length - parts.quote.length - parts.body.length;
    let out = '`';
    let cursor = bodyStart;
    const literal = (to: number): void => {
      const chunk = this.source.slice(cursor, to).replace(/\{\{/g, '{').replace(/\}\}/g, '}');
      const value = decodeEscapes(chunk, raw);
      if (value === undefined) this.unsupported(node, 'a broken escape in an f-string');
      out += templateText(value);
    };
    for (let r = node.firstChild; r; r = r.nextSibling) {
      if (r.name !== 'FormatReplacement') continue;
      literal(r.from);
      const inner = this.children(r).filter((c) => c.name !== '{' && c.name !== '}' && c.name !== 'FormatSpec');
      const spec = r.getChild('FormatSpec');
      const digits = spec ? /^:\.(\d)f$/.exec(this.slice(spec).replace(/\s+/g, '')) : undefined;
      if (inner.length !== 1 || (spec && !digits) || r.getChild('FormatConversion')) {
        this.unsupported(r, 'this format in an f-string; use {x} or {x:.2f} (2 digits after the point)');
      }
      const value = this.expr(inner[0]!);
      out += `\${${digits ? `${this.wrap(value, PREC.call)}.toFixed(${digits[1]})` : value.text}}`;
      cursor = r.to;
    }
    literal(node.to - parts.quote.length);
    return `${out}\``;
  }

  protected variable(node: SyntaxNode): string {
    const name = this.slice(node);
    if (this.scope.selfClass(name)) {
      // TypeScript's `this` inside a function inside a method is not the object.
      if (this.scope.selfInNestedDef(name)) {
        this.unsupported(node, `${name} inside a def inside a method (make it a method, or use a lambda)`);
      }
      return 'this';
    }
    if (name === 'super' && !this.scope.isDefined(name)) {
      this.unsupported(node, 'super here: write super().__init__(...) or super().method(...) in a method');
    }
    if (this.scope.isDefined(name)) return name;
    const api = this.names.qualifiedToTypeScript(name);
    if (api && !api.includes('.')) return api;
    return name;
  }

  protected member(node: SyntaxNode): Emitted {
    const object = node.firstChild!;
    if (node.getChild('[')) {
      const index = node.getChild('[')!.nextSibling;
      if (!index || index.name === ']') throw new Unsupported('syntax');
      if (node.getChild(':') || index.name === 'SliceExpression') return this.slice_(node);
      return { text: `${this.wrap(this.expr(object), PREC.call)}[${this.expr(index).text}]`, prec: PREC.call };
    }
    const api = this.apiName(node);
    if (api) return { text: api, prec: PREC.call };
    const property = node.getChild('PropertyName');
    if (!property) throw new Unsupported('syntax');
    const pyName = this.slice(property);
    const own = this.classMember(object, pyName);
    if (own !== undefined) return { text: own, prec: PREC.call };
    const objectDotted = this.dotted(object);
    // `soundExpression.giggle.play()`: the object is a value the API declares, not a namespace.
    const objectIsApiValue =
      objectDotted?.includes('.') === true && this.names.qualifiedToTypeScript(objectDotted) !== undefined;
    if (
      objectDotted &&
      !objectIsApiValue &&
      this.names.isContainer(objectDotted.split('.')[0]!) &&
      !this.scope.isDefined(objectDotted.split('.')[0]!)
    ) {
      this.report(property, `The API has no "${objectDotted}.${pyName}". Check the spelling.`, PYTHON_MISUSE_CODE);
    }
    const tsName = this.names.memberToTypeScript(pyName) ?? pyName;
    return { text: `${this.wrap(this.expr(object), PREC.call)}.${tsName}`, prec: PREC.call };
  }

  /**
   * A member of the program's own classes, kept as written: `self.x` is `this.x`, a class-level
   * value read through `self` is read through its class (`Point.LIMIT`), `super().m` is `super.m`.
   */
  protected classMember(object: SyntaxNode, name: string): string | undefined {
    if (object.name === 'CallExpression' && this.isSuperCall(object)) {
      const owner = this.enclosingMethod()?.method?.owner;
      if (!owner?.node.getChild('ArgList')?.getChild('VariableName')) {
        this.unsupported(object, 'super() in a class without a parent class');
      }
      if (name === '__init__') return 'super';
      return `super.${name}`;
    }
    if (!this.scopes.memberNames.has(name)) return undefined;
    if (object.name === 'VariableName') {
      const owner = this.scope.selfClass(this.slice(object));
      const holder = owner?.staticOwner(name);
      if (holder) return `${holder.name}.${name}`;
    }
    // A value known to be a list or text has the API's members (`items.append` is `push`).
    const type = this.scope.typeOf(object);
    if (type !== undefined && type !== 'any' && !this.scope.classNamed(type)) return undefined;
    return `${this.wrap(this.expr(object), PREC.call)}.${name}`;
  }

  /** `super()`, as methods call their parent class's. */
  protected isSuperCall(node: SyntaxNode): boolean {
    const callee = node.firstChild;
    if (callee?.name !== 'VariableName' || this.slice(callee) !== 'super' || this.scope.isDefined('super'))
      return false;
    if (this.arguments(node.getChild('ArgList')).length)
      this.unsupported(node, 'super(...) with values; write super()');
    if (!this.enclosingMethod()) this.unsupported(node, 'super() outside a method');
    return true;
  }

  /** The method scope around the current one (a lambda's inside a method). */
  private enclosingMethod(): Scope | undefined {
    for (let s: Scope | undefined = this.scope; s; s = s.parent) if (s.method) return s;
    return undefined;
  }

  /** `x[a:b]` -> `x.slice(a, b)`, as MakeCode converts it; a step has no TypeScript twin. */
  protected slice_(node: SyntaxNode): Emitted {
    const inside = this.children(node).filter((c) => c.from > node.getChild('[')!.from && c.name !== ']');
    const colons = inside.filter((c) => c.name === ':');
    if (colons.length > 1) this.unsupported(node, 'a step in a slice ([a:b:step])');
    const colon = colons[0]!;
    const start = inside.find((c) => c.name !== ':' && c.to <= colon.from);
    const end = inside.find((c) => c.name !== ':' && c.from >= colon.to);
    const args = [start ? this.expr(start).text : '0', ...(end ? [this.expr(end).text] : [])];
    if (!end && !start) args.pop();
    return { text: `${this.wrap(this.expr(node.firstChild!), PREC.call)}.slice(${args.join(', ')})`, prec: PREC.call };
  }

  protected unary(node: SyntaxNode): Emitted {
    const op = node.firstChild!;
    const operand = op.nextSibling;
    if (!operand) throw new Unsupported('syntax');
    const opText = this.slice(op);
    if (opText === 'not') return this.logic(node);
    // -x ** 2 is -(x ** 2) in Python, and a syntax error in JavaScript without the brackets.
    const inner = this.expr(operand);
    return { text: `${opText}${inner.prec <= PREC.power ? `(${inner.text})` : inner.text}`, prec: PREC.unary };
  }

  /**
   * `and`, `or` and `not` as Python groups them: `not` binds tighter than `and`, `and` tighter
   * than `or`. @lezer/python lets a `not` take everything after it (`a and not b and c` is read
   * `a and not (b and c)`), so the whole unbracketed chain is flattened into operands (each
   * with its `not`s) and operators, then joined again with the right precedence.
   */
  protected logic(node: SyntaxNode): Emitted {
    const items: ({ node: SyntaxNode; nots: number } | 'and' | 'or')[] = [];
    const flatten = (n: SyntaxNode, nots: number): void => {
      if (this.isAndOr(n)) {
        const [left, op, right] = this.children(n);
        if (!left || !op || !right) throw new Unsupported('syntax');
        flatten(left, nots);
        items.push(op.name === 'and' ? 'and' : 'or');
        flatten(right, 0);
        return;
      }
      let count = nots;
      let operand: SyntaxNode | null = n;
      while (operand?.name === 'UnaryExpression' && operand.firstChild && this.slice(operand.firstChild) === 'not') {
        count++;
        operand = operand.firstChild.nextSibling;
      }
      if (!operand) throw new Unsupported('syntax');
      if (count > nots && this.isAndOr(operand)) return flatten(operand, count);
      items.push({ node: operand, nots: count });
    };
    flatten(node, 0);
    const groups: Emitted[][] = [[]];
    for (const item of items) {
      if (item === 'or') groups.push([]);
      else if (item !== 'and') {
        const value = this.expr(item.node);
        groups[groups.length - 1]!.push(
          item.nots ? { text: `${'!'.repeat(item.nots)}${this.wrap(value, PREC.unary)}`, prec: PREC.unary } : value,
        );
      }
    }
    const joined = groups.map((group): Emitted =>
      group.length === 1
        ? group[0]!
        : { text: group.map((e) => this.wrap(e, PREC.and + 1)).join(' && '), prec: PREC.and },
    );
    return joined.length === 1
      ? joined[0]!
      : { text: joined.map((e) => this.wrap(e, PREC.or + 1)).join(' || '), prec: PREC.or };
  }

  protected isAndOr(node: SyntaxNode): boolean {
    if (node.name !== 'BinaryExpression') return false;
    const op = this.children(node)[1];
    return op?.name === 'and' || op?.name === 'or';
  }

  protected binary(node: SyntaxNode): Emitted {
    if (this.isAndOr(node)) return this.logic(node);
    const parts = this.children(node);
    // `a not in b`: the parser gives `not` and `in` as two operator words.
    if (parts.length === 4 && parts[1]!.name === 'not' && parts[2]!.name === 'in') {
      return this.membership(parts[0]!, parts[3]!, false);
    }
    const [left, op, right] = parts;
    if (!left || !op || !right) throw new Unsupported('syntax');
    let opText = this.slice(op).replace(/\s+/g, ' ');
    if (opText === 'is') opText = '==';
    if (opText === 'is not') opText = '!=';
    if (opText === 'in' || opText === 'not in') return this.membership(left, right, opText === 'in');
    if (opText === '%' && left.name === 'String') return this.percentFormat(node, left, right);
    if (opText === '//') {
      return { text: `Math.idiv(${this.expr(left).text}, ${this.expr(right).text})`, prec: PREC.call };
    }
    // Lists joined with + (`a + [2]`) are `a.concat([2])`, as MakeCode converts them.
    if (
      opText === '+' &&
      [left, right].some((s) => s.name === 'ArrayExpression' || this.scope.typeOf(s)?.endsWith('[]'))
    ) {
      return { text: `${this.wrap(this.expr(left), PREC.call)}.concat(${this.expr(right).text})`, prec: PREC.call };
    }
    const known = BINARY[opText];
    if (!known) this.unsupported(op, `the ${opText} operator`);
    const [tsOp, prec] = known;
    if ((prec === PREC.equality || prec === PREC.relational) && this.isComparison(left)) return this.chained(node);
    const leftText = this.expr(left);
    const rightText = this.expr(right);
    // ** groups to the right; everything else to the left.
    const leftMin = tsOp === '**' ? prec + 1 : prec;
    const rightMin = tsOp === '**' ? prec : prec + 1;
    return { text: `${this.wrap(leftText, leftMin)} ${tsOp} ${this.wrap(rightText, rightMin)}`, prec };
  }

  /**
   * `a < b <= c` is `a < b && b <= c`, as MakeCode converts it (the middle value is read twice
   * there too, so a call in the middle runs twice in both).
   */
  protected chained(node: SyntaxNode): Emitted {
    const operands: SyntaxNode[] = [];
    const ops: SyntaxNode[] = [];
    let current = node;
    while (this.isComparison(current)) {
      const [left, op, right] = this.children(current);
      if (!left || !op || !right) throw new Unsupported('syntax');
      ops.unshift(op);
      operands.unshift(right);
      current = left;
    }
    operands.unshift(current);
    const pairs = ops.map((op, i): Emitted => {
      const opText = this.slice(op).replace(/\s+/g, ' ');
      const known = BINARY[opText];
      if (!known) this.unsupported(op, `the ${opText} operator`);
      const [tsOp, prec] = known;
      const left = this.wrap(this.expr(operands[i]!), prec);
      return { text: `${left} ${tsOp} ${this.wrap(this.expr(operands[i + 1]!), prec + 1)}`, prec };
    });
    return { text: pairs.map((e) => this.wrap(e, PREC.and + 1)).join(' && '), prec: PREC.and };
  }

  /** `x in items` is `items.indexOf(x) >= 0`, as MakeCode converts it (lists and text). */
  protected membership(item: SyntaxNode, list: SyntaxNode, inside: boolean): Emitted {
    const found = `${this.wrap(this.expr(list), PREC.call)}.indexOf(${this.expr(item).text})`;
    return { text: `${found} ${inside ? '>=' : '<'} 0`, prec: PREC.relational };
  }

  /** `"%d points" % (n,)`: a template literal, as MakeCode converts it; %s, %d, %i and %.Nf. */
  protected percentFormat(node: SyntaxNode, format: SyntaxNode, values: SyntaxNode): Emitted {
    const parts = splitStringLiteral(this.slice(format));
    const text =
      parts && !parts.prefix.includes('b') ? decodeEscapes(parts.body, parts.prefix.includes('r')) : undefined;
    if (text === undefined) this.unsupported(format, 'this text with %');
    const items =
      values.name === 'TupleExpression' || values.name === 'ArrayExpression'
        ? this.children(values).filter((c) => !['(', ')', '[', ']', ','].includes(c.name))
        : [values];
    // The literal text around each place: one more piece than places.
    const literals = [''];
    let places = 0;
    let last = 0;
    const digits: (string | undefined)[] = [];
    for (const match of text.matchAll(/%(\.\d+f|.)?/gs)) {
      literals[literals.length - 1] += text.slice(last, match.index);
      last = match.index + match[0].length;
      const kind = match[1];
      if (kind === '%') {
        literals[literals.length - 1] += '%';
        continue;
      }
      const fixed = kind && /^\.(\d)f$/.exec(kind);
      if (kind !== 's' && kind !== 'd' && kind !== 'i' && !fixed) {
        this.unsupported(node, 'this format; use %s, %d or %.2f (2 digits after the point), or an f-string');
      }
      digits.push(fixed ? fixed[1] : undefined);
      places++;
      literals.push('');
    }
    literals[literals.length - 1] += text.slice(last);
    if (places !== items.length) {
      const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
      this.report(
        node,
        `This text has ${count(places, 'place')} (%s or %d) for ${count(items.length, 'value')}. Give one value for each place.`,
        PYTHON_MISUSE_CODE,
      );
      throw new Unsupported('format');
    }
    const emitted = items.map((item, i): Emitted => {
      const value = this.expr(item);
      const fixed = digits[i];
      return fixed ? { text: `${this.wrap(value, PREC.call)}.toFixed(${fixed})`, prec: PREC.call } : value;
    });
    // A value with quotes or braces could not come back into an f-string: join with + instead.
    if (emitted.some((e) => /["'`{}]/.test(e.text))) {
      const terms = literals.flatMap((literal, i) => [
        ...(literal || i === 0 ? [typeScriptString(literal)] : []),
        ...(emitted[i] ? [this.wrap(emitted[i], PREC.additive + 1)] : []),
      ]);
      return { text: terms.join(' + '), prec: terms.length > 1 ? PREC.additive : PREC.primary };
    }
    const out = literals
      .map((literal, i) => templateText(literal) + (emitted[i] ? `\${${emitted[i].text}}` : ''))
      .join('');
    return { text: `\`${out}\``, prec: PREC.primary };
  }

  protected isComparison(node: SyntaxNode): boolean {
    if (node.name !== 'BinaryExpression') return false;
    const op = this.children(node)[1];
    return op?.name === 'CompareOp';
  }
}
