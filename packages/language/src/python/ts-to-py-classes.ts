// Classes and enums of TypeScript -> Python: `class Point:` with `__init__` and `self`, its
// fields declared at the top only when `__init__` alone would not give the same declarations
// back; `enum Color` as `class Color(Enum):` with every value written out.
import type ts from 'typescript';
import { DefPrinter } from './ts-to-py-defs.ts';
import { Inexpressible } from './ts-to-py-expressions.ts';

export abstract class ClassPrinter extends DefPrinter {
  /**
   * `class Point {` -> `class Point:`; static fields are class-level values, the constructor
   * `__init__`, methods defs with `self` first. Fields are left for `__init__` to name when it
   * sets each, in order, to a value whose type Python infers as declared (as a learner writes
   * them); otherwise every field is declared at the top (`x: number`), so the TypeScript that
   * comes back declares the same fields in the same order.
   */
  protected classDeclaration(node: ts.ClassDeclaration): void {
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
    if (this.mentions(node, 'self'))
      this.inexpressible(node, 'a class using the name "self" (Python\'s name for this)');
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
    this.passIfEmpty(mark);
    this.indent--;
  }

  /**
   * `enum Color { Red, Green = 5, Blue }` -> `class Color(Enum):` with `Red = 0`, `Green = 5`,
   * `Blue = 6` (MakeCode's Python spelling; Python's Enum needs every value written out).
   */
  protected enumDeclaration(node: ts.EnumDeclaration): void {
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
    return this.inContext({ locals: new Set(), setGlobals: new Set(), declared: new Set(), method: true }, work);
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
}
