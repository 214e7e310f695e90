// The expression half of TypeScript -> Python (ts-to-py.ts prints the statements): operators
// by Python precedence, API names in their Python spelling, methods whose Python form differs
// by more than the name. What Python cannot say throws Inexpressible after reporting it.
import type ts from 'typescript';
import { PYTHON_WORDS } from './python-words.ts';
import { TS_TO_PYTHON_CODE, type PythonDiagnostic } from './python-diagnostics.ts';
import type { PythonNames } from './python-names.ts';
import { pythonFormatText, pythonString, pythonTripleString } from './python-strings.ts';

// Python operator precedence, higher binds tighter.
export const PREC = {
  cond: 1,
  or: 2,
  and: 3,
  not: 4,
  compare: 5,
  bitOr: 6,
  bitXor: 7,
  bitAnd: 8,
  shift: 9,
  additive: 10,
  multiplicative: 11,
  unary: 12,
  power: 13,
  call: 15,
  primary: 20,
} as const;

export interface Emitted {
  text: string;
  prec: number;
}

export class Inexpressible extends Error {}

export interface FunctionContext {
  parent: FunctionContext | undefined;
  /** Names declared in this function (parameters and `let`s). */
  locals: Set<string>;
  /** Globals this function sets: `global` line. */
  setGlobals: Set<string>;
  /** Names a `let` has declared so far (Python has one of each per function). */
  declared: Set<string>;
  /** A method of a class: `this` is `self` here. */
  method?: boolean;
}

export abstract class ExpressionPrinter {
  protected readonly diagnostics: PythonDiagnostic[] = [];
  protected readonly globals = new Set<string>();
  protected readonly usedNames = new Set<string>();
  protected context: FunctionContext | undefined;
  /** Functions passed to calls, by the `def` name they were given. */
  protected readonly handlerNames = new Map<ts.Node, string>();
  protected readonly k: typeof ts.SyntaxKind;
  /** The program's classes, and every member name they declare (kept as written). */
  protected readonly classNames = new Set<string>();
  protected readonly classMembers = new Set<string>();

  constructor(
    protected readonly tsApi: typeof ts,
    protected readonly file: ts.SourceFile,
    protected readonly names: PythonNames,
  ) {
    this.k = tsApi.SyntaxKind;
  }

  protected report(node: ts.Node, message: string): void {
    const start = node.getStart(this.file);
    const { line, character } = this.file.getLineAndCharacterOfPosition(start);
    this.diagnostics.push({
      line: line + 1,
      column: character + 1,
      length: node.getEnd() - start,
      message,
      code: TS_TO_PYTHON_CODE,
    });
  }

  protected inexpressible(node: ts.Node, what: string): never {
    this.report(node, `Python cannot show ${what}: it is kept as a comment.`);
    throw new Inexpressible(what);
  }

  // --- expressions -------------------------------------------------------------------------

  protected wrap(e: Emitted, min: number): string {
    return e.prec < min ? `(${e.text})` : e.text;
  }

  protected isUserName(name: string): boolean {
    for (let c = this.context; c; c = c.parent) if (c.locals.has(name)) return true;
    return this.globals.has(name) || this.classNames.has(name) || this.usedNamesDeclared(name);
  }

  /** The file's top-level function names, gathered once: a scan per name was quadratic. */
  private topLevelFunctions: Set<string> | undefined;

  private usedNamesDeclared(name: string): boolean {
    if (!this.topLevelFunctions) {
      this.topLevelFunctions = new Set();
      for (const s of this.file.statements)
        if (this.tsApi.isFunctionDeclaration(s) && s.name) this.topLevelFunctions.add(s.name.text);
    }
    return this.topLevelFunctions.has(name);
  }

  protected qualified(node: ts.Expression): string | undefined {
    const t = this.tsApi;
    if (t.isIdentifier(node)) return node.text;
    if (t.isPropertyAccessExpression(node)) {
      const left = this.qualified(node.expression);
      return left ? `${left}.${node.name.text}` : undefined;
    }
    return undefined;
  }

  protected expr(node: ts.Expression): Emitted {
    const t = this.tsApi;
    if (t.isParenthesizedExpression(node)) return { text: `(${this.expr(node.expression).text})`, prec: PREC.primary };
    if (t.isNumericLiteral(node)) return { text: node.getText(this.file), prec: PREC.primary };
    if (t.isStringLiteral(node)) return { text: pythonString(node.text), prec: PREC.primary };
    if (t.isNoSubstitutionTemplateLiteral(node)) return { text: pythonTripleString(node.text), prec: PREC.primary };
    if (t.isTemplateExpression(node)) {
      let text = `f"${pythonFormatText(node.head.text)}`;
      for (const span of node.templateSpans) {
        const inner = this.templateValue(span.expression);
        if (/["{}\\]/.test(inner))
          this.inexpressible(span.expression, 'this value inside a template (quotes or braces)');
        text += `{${inner}}${pythonFormatText(span.literal.text)}`;
      }
      return { text: `${text}"`, prec: PREC.primary };
    }
    if (node.kind === this.k.TrueKeyword) return { text: 'True', prec: PREC.primary };
    if (node.kind === this.k.FalseKeyword) return { text: 'False', prec: PREC.primary };
    if (node.kind === this.k.NullKeyword) return { text: 'None', prec: PREC.primary };
    if (t.isIdentifier(node)) return { text: this.identifier(node), prec: PREC.primary };
    if (t.isArrayLiteralExpression(node)) {
      if (node.elements.some((e) => t.isSpreadElement(e) || t.isOmittedExpression(e)))
        this.inexpressible(node, 'spreads in lists');
      return { text: `[${node.elements.map((e) => this.expr(e).text).join(', ')}]`, prec: PREC.primary };
    }
    if (t.isPropertyAccessExpression(node)) return this.propertyAccess(node);
    if (t.isElementAccessExpression(node)) {
      return {
        text: `${this.wrap(this.expr(node.expression), PREC.call)}[${this.expr(node.argumentExpression).text}]`,
        prec: PREC.call,
      };
    }
    if (t.isCallExpression(node)) return this.call(node);
    if (node.kind === this.k.ThisKeyword) {
      for (let c = this.context; c; c = c.parent) if (c.method) return { text: 'self', prec: PREC.primary };
      return this.inexpressible(node, 'this outside a method of a class');
    }
    if (t.isNewExpression(node)) {
      // `new Point(1, 2)` is `Point(1, 2)`: Python calls a class to make one.
      if (!t.isIdentifier(node.expression) || !this.classNames.has(node.expression.text) || node.typeArguments) {
        return this.inexpressible(node, 'new with anything but a class of this program');
      }
      const args = (node.arguments ?? []).map((a) => this.expr(a).text).join(', ');
      return { text: `${node.expression.text}(${args})`, prec: PREC.call };
    }
    if (t.isFunctionExpression(node) || t.isArrowFunction(node)) {
      const name = this.handlerNames.get(node);
      if (name) return { text: name, prec: PREC.primary };
      return this.inexpressible(node, 'a function here (Python passes functions by name)');
    }
    if (t.isPrefixUnaryExpression(node)) return this.prefix(node);
    if (t.isBinaryExpression(node)) return this.binary(node);
    if (t.isConditionalExpression(node)) {
      return {
        text: `${this.wrap(this.expr(node.whenTrue), PREC.cond + 1)} if ${this.wrap(this.expr(node.condition), PREC.cond + 1)} else ${this.wrap(this.expr(node.whenFalse), PREC.cond)}`,
        prec: PREC.cond,
      };
    }
    if (
      t.isTaggedTemplateExpression(node) &&
      t.isIdentifier(node.tag) &&
      node.tag.text === 'hex' &&
      t.isNoSubstitutionTemplateLiteral(node.template) &&
      !this.isUserName('hex')
    ) {
      const raw = node.template.rawText ?? node.template.text;
      if (/[\\"\n]/.test(raw)) this.inexpressible(node, 'this hex text');
      return { text: `hex("${raw}")`, prec: PREC.call };
    }
    if (t.isAsExpression(node) || t.isNonNullExpression(node) || t.isTypeAssertionExpression(node)) {
      return this.expr(node.expression);
    }
    return this.inexpressible(node, 'this expression');
  }

  /** What goes inside the braces of an f-string for a template's `${value}`. */
  protected templateValue(node: ts.Expression): string {
    return this.expr(node).text;
  }

  private identifier(node: ts.Identifier): string {
    const name = node.text;
    if (name === 'undefined') return 'None';
    if (this.isUserName(name)) {
      if (PYTHON_WORDS.has(name)) this.inexpressible(node, `the name "${name}" (a Python word)`);
      return name;
    }
    return this.names.qualifiedToPython(name) ?? name;
  }

  private propertyAccess(node: ts.PropertyAccessExpression): Emitted {
    const t = this.tsApi;
    if (node.questionDotToken) this.inexpressible(node, '?.');
    if (node.expression.kind === this.k.SuperKeyword) return { text: `super().${node.name.text}`, prec: PREC.call };
    if (this.classMembers.has(node.name.text) && !this.apiValue(node)) {
      return { text: `${this.wrap(this.expr(node.expression), PREC.call)}.${node.name.text}`, prec: PREC.call };
    }
    const qualified = this.qualified(node);
    const head = qualified?.split('.')[0];
    if (qualified && head && !this.isUserName(head)) {
      const py = this.names.qualifiedToPython(qualified);
      if (py) return { text: py, prec: PREC.call };
    }
    if (node.name.text === 'length') return { text: `len(${this.expr(node.expression).text})`, prec: PREC.call };
    const member = t.isIdentifier(node.name)
      ? (this.names.memberToPython(node.name.text) ?? node.name.text)
      : node.name.getText(this.file);
    return { text: `${this.wrap(this.expr(node.expression), PREC.call)}.${member}`, prec: PREC.call };
  }

  /** Whether `node` names an API value (`basic.showNumber`), not a member of a value of the program. */
  private apiValue(node: ts.PropertyAccessExpression): boolean {
    const qualified = this.qualified(node);
    const head = qualified?.split('.')[0];
    return !!qualified && !!head && !this.isUserName(head) && this.names.qualifiedToPython(qualified) !== undefined;
  }

  protected call(node: ts.CallExpression): Emitted {
    const t = this.tsApi;
    const args = (): string => node.arguments.map((a) => this.expr(a).text).join(', ');
    if (node.expression.kind === this.k.SuperKeyword) {
      return { text: `super().__init__(${args()})`, prec: PREC.call };
    }
    const qualified = this.qualified(node.expression);
    const head = qualified?.split('.')[0];
    if (qualified && head && !this.isUserName(head)) {
      const simple: Readonly<Record<string, string>> = {
        'console.log': 'print',
        'Math.abs': 'abs',
        'Math.min': 'min',
        'Math.max': 'max',
        'Math.trunc': 'int',
        parseInt: 'int',
        String: 'str',
      };
      if (simple[qualified] && !(qualified === 'parseInt' && node.arguments.length !== 1)) {
        return { text: `${simple[qualified]}(${args()})`, prec: PREC.call };
      }
      if (qualified === 'Math.idiv' && node.arguments.length === 2) {
        const [a, b] = node.arguments;
        return {
          text: `${this.wrap(this.expr(a!), PREC.multiplicative)} // ${this.wrap(this.expr(b!), PREC.multiplicative + 1)}`,
          prec: PREC.multiplicative,
        };
      }
    }
    // s.charCodeAt(0) stays s.char_code_at(0): MakeCode's Python has no ord() (we read it, never write it).
    if (node.questionDotToken) this.inexpressible(node, '?.');
    if (t.isPropertyAccessExpression(node.expression)) {
      const method = this.method(node.expression, node.arguments);
      if (method) return method;
    }
    return { text: `${this.wrap(this.expr(node.expression), PREC.call)}(${args()})`, prec: PREC.call };
  }

  /**
   * Methods whose Python form differs by more than the name (the reverse of py-calls.ts):
   * `items.join(sep)` is `sep.join(items)`, `replaceAll` is Python's `replace`, TypeScript's
   * `replace` (the first match only) `replace(a, b, 1)`, `x.splice(0, x.length)` `x.clear()`,
   * `slice` a slice.
   */
  private method(callee: ts.PropertyAccessExpression, args: ts.NodeArray<ts.Expression>): Emitted | undefined {
    const t = this.tsApi;
    const head = this.qualified(callee)?.split('.')[0];
    if (head && !this.isUserName(head) && this.names.qualifiedToPython(this.qualified(callee)!)) return undefined;
    const object = (): string => this.wrap(this.expr(callee.expression), PREC.call);
    const list = (): string[] => args.map((a) => this.expr(a).text);
    switch (callee.name.text) {
      case 'join':
        if (args.length > 1) return undefined;
        return {
          text: `${args.length ? this.wrap(this.expr(args[0]!), PREC.call) : '","'}.join(${this.expr(callee.expression).text})`,
          prec: PREC.call,
        };
      case 'replaceAll':
        return args.length === 2 ? { text: `${object()}.replace(${list().join(', ')})`, prec: PREC.call } : undefined;
      case 'replace':
        return args.length === 2
          ? { text: `${object()}.replace(${list().join(', ')}, 1)`, prec: PREC.call }
          : undefined;
      case 'splice': {
        const [start, count] = args;
        const whole =
          args.length === 2 &&
          t.isNumericLiteral(start!) &&
          start.text === '0' &&
          t.isPropertyAccessExpression(count!) &&
          count.name.text === 'length' &&
          count.expression.getText(this.file) === callee.expression.getText(this.file);
        return whole ? { text: `${object()}.clear()`, prec: PREC.call } : undefined;
      }
      case 'slice': {
        if (args.length > 2) return undefined;
        const [start, end] = list();
        return { text: `${object()}[${start ?? ''}:${end ?? ''}]`, prec: PREC.call };
      }
    }
    return undefined;
  }

  private prefix(node: ts.PrefixUnaryExpression): Emitted {
    const operand = this.expr(node.operand);
    switch (node.operator) {
      case this.k.ExclamationToken:
        // `!!x` is how TypeScript writes Python's bool(x).
        if (this.tsApi.isPrefixUnaryExpression(node.operand) && node.operand.operator === this.k.ExclamationToken) {
          return { text: `bool(${this.expr(node.operand.operand).text})`, prec: PREC.call };
        }
        return { text: `not ${this.wrap(operand, PREC.not)}`, prec: PREC.not };
      case this.k.MinusToken:
        return { text: `-${this.wrap(operand, PREC.unary)}`, prec: PREC.unary };
      case this.k.PlusToken:
        return { text: `+${this.wrap(operand, PREC.unary)}`, prec: PREC.unary };
      case this.k.TildeToken:
        return { text: `~${this.wrap(operand, PREC.unary)}`, prec: PREC.unary };
    }
    return this.inexpressible(node, '++ and -- inside an expression');
  }

  /** `items.indexOf(x) >= 0` is Python's `x in items`, `< 0` its `x not in items`. */
  private membership(node: ts.BinaryExpression): Emitted | undefined {
    const t = this.tsApi;
    const call = node.left;
    const kind = node.operatorToken.kind;
    if (
      (kind !== this.k.GreaterThanEqualsToken && kind !== this.k.LessThanToken) ||
      !t.isNumericLiteral(node.right) ||
      node.right.text !== '0' ||
      !t.isCallExpression(call) ||
      !t.isPropertyAccessExpression(call.expression) ||
      call.expression.name.text !== 'indexOf' ||
      call.arguments.length !== 1
    ) {
      return undefined;
    }
    const item = this.wrap(this.expr(call.arguments[0]!), PREC.compare + 1);
    const list = this.wrap(this.expr(call.expression.expression), PREC.compare + 1);
    return { text: `${item} ${kind === this.k.LessThanToken ? 'not in' : 'in'} ${list}`, prec: PREC.compare };
  }

  private binary(node: ts.BinaryExpression): Emitted {
    const k = this.k;
    const table: Partial<Record<ts.SyntaxKind, [string, number]>> = {
      [k.PlusToken]: ['+', PREC.additive],
      [k.MinusToken]: ['-', PREC.additive],
      [k.AsteriskToken]: ['*', PREC.multiplicative],
      [k.SlashToken]: ['/', PREC.multiplicative],
      [k.PercentToken]: ['%', PREC.multiplicative],
      [k.AsteriskAsteriskToken]: ['**', PREC.power],
      [k.EqualsEqualsToken]: ['==', PREC.compare],
      [k.EqualsEqualsEqualsToken]: ['==', PREC.compare],
      [k.ExclamationEqualsToken]: ['!=', PREC.compare],
      [k.ExclamationEqualsEqualsToken]: ['!=', PREC.compare],
      [k.LessThanToken]: ['<', PREC.compare],
      [k.GreaterThanToken]: ['>', PREC.compare],
      [k.LessThanEqualsToken]: ['<=', PREC.compare],
      [k.GreaterThanEqualsToken]: ['>=', PREC.compare],
      [k.AmpersandAmpersandToken]: ['and', PREC.and],
      [k.BarBarToken]: ['or', PREC.or],
      [k.AmpersandToken]: ['&', PREC.bitAnd],
      [k.BarToken]: ['|', PREC.bitOr],
      [k.CaretToken]: ['^', PREC.bitXor],
      [k.LessThanLessThanToken]: ['<<', PREC.shift],
      [k.GreaterThanGreaterThanToken]: ['>>', PREC.shift],
    };
    const known = table[node.operatorToken.kind];
    if (!known) return this.inexpressible(node, `the ${node.operatorToken.getText(this.file)} operator here`);
    const [op, prec] = known;
    const membership = this.membership(node);
    if (membership) return membership;
    const left = this.expr(node.left);
    const right = this.expr(node.right);
    // Comparisons chain in Python (a < b < c): brackets keep a comparison of comparisons apart.
    const leftMin = op === '**' || prec === PREC.compare ? prec + 1 : prec;
    // Python's `**` takes a unary operand on its right unbracketed (2 ** -1), as TypeScript's does.
    const rightMin = op === '**' ? PREC.unary : prec + 1;
    return { text: `${this.wrap(left, leftMin)} ${op} ${this.wrap(right, rightMin)}`, prec };
  }
}
