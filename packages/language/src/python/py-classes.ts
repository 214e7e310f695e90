// A class of the learner's Python program as the converter sees it: its methods, its class-level
// values (TypeScript's static fields), the fields its instances get (`x: int` in the class body,
// or the first `self.x = ...` in `__init__`, then in the other methods) and its parent class.
// Filled by py-scopes.ts; the converter writes a TypeScript class from it. Pure.
import type { SyntaxNode } from '@lezer/common';

export interface PythonField {
  readonly name: string;
  /** The TypeScript type: from an annotation or the value first given, else `any`. */
  readonly type: string;
  /** Where the field is first named (the line its TypeScript declaration maps back to). */
  readonly node: SyntaxNode;
}

export class PythonClass {
  /** Methods by name (the first def of each name), in the order written. */
  readonly methods = new Map<string, SyntaxNode>();
  /** Class-level values (`LIMIT = 5`) by name: their assignments. */
  readonly statics = new Map<string, SyntaxNode>();
  /** Fields declared in the class body without a value (`x: int`), in order. */
  readonly declared: { name: string; type: string | undefined; node: SyntaxNode }[] = [];
  /** The fields this class adds to its parent's, in declaration order. */
  readonly fields: PythonField[] = [];

  constructor(
    readonly name: string,
    readonly node: SyntaxNode,
    readonly base: PythonClass | undefined,
  ) {}

  /** The `__init__` a call of the class runs: its own, else its parent's. */
  constructorDef(): SyntaxNode | undefined {
    return this.methods.get('__init__') ?? this.base?.constructorDef();
  }

  /** The class (this or a parent) whose class-level value `name` is, unless instances have a field so named. */
  staticOwner(name: string): PythonClass | undefined {
    if (fieldOf(this, name)) return undefined;
    return this.statics.has(name) ? this : this.base?.staticOwner(name);
  }
}

/** The field `name` of the class's instances (its own or a parent's). */
export function fieldOf(owner: PythonClass, name: string): PythonField | undefined {
  for (let c: PythonClass | undefined = owner; c; c = c.base) {
    const found = c.fields.find((f) => f.name === name);
    if (found) return found;
  }
  return undefined;
}

/** The names of every member of the program's classes (kept as written, both ways). */
export function memberNames(classes: Iterable<PythonClass>): Set<string> {
  const out = new Set<string>();
  for (const c of classes) {
    for (const name of c.methods.keys()) out.add(name);
    for (const name of c.statics.keys()) out.add(name);
    for (const f of c.fields) out.add(f.name);
    for (const d of c.declared) out.add(d.name);
  }
  return out;
}
