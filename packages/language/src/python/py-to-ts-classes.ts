// Classes of Python -> TypeScript: `class Point:` as a TypeScript class (fields first, class-level
// values `static`, `__init__` the constructor, methods) and `class Color(Enum):` as an `enum`.
// Pure: no DOM, no Node APIs.
import type { SyntaxNode } from '@lezer/common';
import { PYTHON_MISUSE_CODE } from './python-diagnostics.ts';
import type { PythonClass } from './py-classes.ts';
import { DeclarationConverter } from './py-to-ts-declarations.ts';
import { Unsupported } from './py-syntax.ts';

export abstract class ClassConverter extends DeclarationConverter {
  /**
   * `class Point:` -> `class Point {`: the fields first (`x: number`, from the class body's
   * annotations and the `self.x = ...` of the methods), then what the body says in its order:
   * class-level values as `static`, `__init__` as the constructor, methods, comments.
   */
  protected classDefinition(node: SyntaxNode): void {
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
      this.keepBlankLine(statement, previous);
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
      this.keepBlankLine(statement, previous);
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
    const returnType = this.returnType(node);
    const head = name === '__init__' ? 'constructor' : name;
    this.push(`${head}(${params})${returnType && name !== '__init__' ? `: ${returnType}` : ''} {`, node);
    this.functionBody(node, scope);
    this.push('}', node);
  }
}
