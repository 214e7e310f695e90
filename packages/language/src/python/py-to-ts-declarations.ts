// Declarations of Python -> TypeScript: the `let` a name's first assignment in its scope takes
// (with the type its annotation names), declarations hoisted to a scope's start, functions with
// their parameters' and results' types, and a handler `def` written in place as the
// `function () {}` argument of the call after it. Pure: no DOM, no Node APIs.
import type { SyntaxNode } from '@lezer/common';
import { PYTHON_MISUSE_CODE } from './python-diagnostics.ts';
import type { Scope } from './py-scopes.ts';
import { parameterNodes } from './py-scopes.ts';
import { LineConverter } from './py-to-ts-lines.ts';
import { TYPE_NAMES, Unsupported } from './py-syntax.ts';

export abstract class DeclarationConverter extends LineConverter {
  protected typeOf(node: SyntaxNode | null): string | undefined {
    if (!node) return undefined;
    const type = node.name === 'TypeDef' ? node.lastChild : node;
    if (!type) return undefined;
    const text = this.slice(type).replace(/\s+/g, '');
    const list = /^List\[(.+)\]$/.exec(text);
    if (list) {
      const element = list[1]!;
      const mapped = TYPE_NAMES[element] ?? (this.names.isContainer(element.split('.')[0]!) ? element : undefined);
      if (mapped) return `${mapped}[]`;
    }
    if (TYPE_NAMES[text]) return TYPE_NAMES[text];
    if (/^[A-Za-z_][\w.]*$/.test(text) && this.names.isContainer(text.split('.')[0]!)) return text;
    // The program's own enum (a class of Enum).
    if (this.isEnum(text)) return text;
    this.report(
      type,
      `The type "${text}" is not known. Use int, float, str, bool, List[...] or an API type.`,
      PYTHON_MISUSE_CODE,
    );
    return undefined;
  }

  /** Whether `name` is the program's `class Name(Enum):` (an enum in TypeScript). */
  protected isEnum(name: string): boolean {
    const base = this.scopes.classes.get(name)?.node.getChild('ArgList')?.getChild('VariableName');
    return !!base && this.slice(base) === 'Enum' && !this.scopes.classes.has('Enum');
  }

  protected assign(node: SyntaxNode): void {
    const ops = node.getChildren('AssignOp');
    if (ops.length > 1) this.unsupported(node, 'several = in one line (a = b = 0)');
    const target = node.firstChild!;
    const typeDef = node.getChild('TypeDef');
    const op = ops[0];
    const value = op?.nextSibling;
    if (!value) {
      // `x: int` alone declares a name: there is nothing to run.
      return;
    }
    if (target.nextSibling?.name === ',') this.unsupported(node, 'assigning several names at once');
    if (target.name === 'VariableName') {
      const name = this.slice(target);
      const declare = this.scope.declaresAt(name, node);
      const type = this.typeOf(typeDef);
      const valueText = this.expr(value).text;
      if (declare) this.push(`let ${name}${type ? `: ${type}` : ''} = ${valueText}`, node);
      else this.push(`${name} = ${valueText}`, node);
      return;
    }
    if (target.name !== 'MemberExpression') this.unsupported(target, 'assigning to this');
    this.push(`${this.expr(target).text} = ${this.expr(value).text}`, node);
  }

  /** `skip`: leading parameters TypeScript does not write (a method's `self`). */
  protected parameters(def: SyntaxNode, inferred: readonly (string | undefined)[], skip = 0): string {
    const out: string[] = [];
    for (const p of parameterNodes(def.getChild('ParamList')).slice(skip)) {
      if (p.star) this.unsupported(p.star, '* and ** parameters');
      const type = this.typeOf(p.typeDef) ?? inferred[out.length + skip];
      const value = p.value ? ` = ${this.expr(p.value).text}` : '';
      out.push(`${this.slice(p.name)}${type ? `: ${type}` : ''}${value}`);
    }
    return out.join(', ');
  }

  protected functionDefinition(node: SyntaxNode): void {
    const name = node.getChild('VariableName');
    if (!name) return;
    if (node.getChild('async')) this.unsupported(node, 'async functions');
    const text = this.slice(name);
    const scope = this.scopes.functions.get(node.from);
    const params = this.parameters(node, scope?.inferredParams ?? []);
    const returnType = this.returnType(node);
    this.push(`function ${text}(${params})${returnType ? `: ${returnType}` : ''} {`, node);
    this.functionBody(node, scope);
    this.push('}', node);
  }

  /** The TypeScript type of a def's `-> type`, if it has one. */
  protected returnType(def: SyntaxNode): string | undefined {
    return this.typeOf(def.getChildren('TypeDef').find((t) => t.from > (def.getChild('ParamList')?.to ?? 0)) ?? null);
  }

  protected functionBody(def: SyntaxNode, scope: Scope | undefined): void {
    const outer = this.scope;
    if (scope) this.scope = scope;
    this.indent++;
    const body = def.getChild('Body');
    if (scope) this.emitHoisted(scope, def);
    if (body) this.body(this.statementsOf(body));
    this.indent--;
    this.scope = outer;
  }

  /** Declarations a scope needs before its code: names first set inside a nested block. */
  protected emitHoisted(scope: Scope, owner: SyntaxNode): void {
    for (const [name, type] of scope.hoisted) {
      const value = type === 'number' ? '0' : type === 'string' ? '""' : type === 'boolean' ? 'false' : 'null';
      const annotation = type === 'number' || type === 'string' || type === 'boolean' ? '' : `: ${type ?? 'any'}`;
      this.push(`let ${name}${annotation} = ${value}`, owner);
    }
  }

  protected expressionStatement(
    call: SyntaxNode,
    inlineDef: SyntaxNode | undefined,
    inlineArgument: SyntaxNode | undefined,
  ): void {
    const statement = call.parent ?? call;
    try {
      if (!inlineDef || !inlineArgument) {
        this.pushStatement(this.expr(call).text, statement);
        return;
      }
      const callee = this.callee(call);
      const args = this.arguments(call.getChild('ArgList'));
      let current = `${callee}(`;
      args.forEach((arg, i) => {
        if (i > 0) current += ', ';
        if (arg.from !== inlineArgument.from) {
          current += this.expr(arg).text;
          return;
        }
        const scope = this.scopes.functions.get(inlineDef.from);
        current += `function (${this.parameters(inlineDef, [])}) {`;
        this.push(current, statement);
        this.functionBody(inlineDef, scope);
        current = '}';
      });
      this.push(`${current})`, statement);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
    }
  }
}
