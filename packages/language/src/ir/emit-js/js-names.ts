// JavaScript names for the IR's variables, functions, classes and enums. Learners' names stay as
// written (JavaScript scoping matches TypeScript's, so they resolve the same); names the lowering
// made (`$t1`) become `$$t1` (learners cannot declare `$$` names); members of namespaces and static
// fields (`lights.count`) are flattened to a name no declaration in the program uses (`lights_count`).

import type { IrModule } from '../ir-module.ts';

export class JsNames {
  private readonly taken = new Set<string>(['$rt', '$h', '$api', '$main']);
  private readonly variables = new Map<number, string>();
  private readonly functions = new Map<number, string>();
  private readonly classes = new Map<number, string>();
  private readonly enums = new Map<number, string>();

  constructor(
    private readonly module: IrModule,
    hostNames: readonly string[],
  ) {
    for (const name of hostNames) this.taken.add(name);
    for (const v of module.variables) if (!v.synthetic) this.taken.add(v.name);
    for (const f of module.functions) this.taken.add(f.name);
    for (const c of module.classes) this.taken.add(c.name);
    for (const e of module.enums) this.taken.add(e.name);
  }

  variable(id: number): string {
    let name = this.variables.get(id);
    if (name === undefined) {
      const v = this.module.variables[id]!;
      name = v.synthetic ? `$$${v.name.slice(1)}` : this.flat(v.name);
      this.variables.set(id, name);
    }
    return name;
  }

  /** A program function (not a method): its declaration's name. */
  /** A debug build's plain twin of a function (`$$` names are never the learner's). */
  plainTwin(id: number): string {
    return `$$plain_${this.function(id)}`;
  }

  function(id: number): string {
    let name = this.functions.get(id);
    if (name === undefined) {
      name = this.flat(this.module.functions[id]!.name);
      this.functions.set(id, name);
    }
    return name;
  }

  class(id: number): string {
    let name = this.classes.get(id);
    if (name === undefined) {
      name = this.flat(this.module.classes[id]!.name);
      this.classes.set(id, name);
    }
    return name;
  }

  enum(id: number): string {
    let name = this.enums.get(id);
    if (name === undefined) {
      name = this.flat(this.module.enums[id]!.name);
      this.enums.set(id, name);
    }
    return name;
  }

  private flat(name: string): string {
    if (!name.includes('.')) return name;
    const base = name.replace(/\./g, '_');
    let candidate = base;
    for (let i = 2; this.taken.has(candidate); i++) candidate = `${base}_${i}`;
    this.taken.add(candidate);
    return candidate;
  }
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/** `.name` when `name` is an identifier, else `["name"]`. */
export function propertyAccess(name: string): string {
  return identifier.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

/** A property name in a class or object literal. */
export function propertyKey(name: string): string {
  return identifier.test(name) ? name : JSON.stringify(name);
}
