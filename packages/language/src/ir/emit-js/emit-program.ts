// The JavaScript back end over the IR: an IrModule -> the runtime's program text and position
// table (the `CompiledProgram` contract, docs/ARCHITECTURE.md "Programs: compiler and runtime").
//
//   const { basic, … } = $api;
//   return function* $main() {
//   "use strict";
//       …program functions, enum objects…
//       …main's statements (classes where they are defined)…
//   };
//
// Functions that can wait are generators; every function counts `$rt.depth` (constructors and
// accessors aside); every loop iteration spends `$rt.budget`; throw/catch go through
// `$rt.thrown`/`$rt.caught`; debug builds test `$rt.trap` before each statement of a generator
// and, when a debugger watches, ask `$rt.hit(id)`, handing the variables in scope to `$rt.stop` only for a stop
// (and register a reader of the globals as main starts); computed keys go through `$h.propertyKey` (issue 21, emit-expressions.ts). Each
// statement starts a line tagged with its source position.

import { sourceMapOf } from '../../compiler/positions.ts';
import type { IrFunction, IrModule } from '../ir-module.ts';
import type { IrLoop, IrStmt } from '../ir-nodes.ts';
import { ExpressionEmitter } from './emit-expressions.ts';
import { JsNames, propertyKey } from './js-names.ts';
import { type JsPiece, JsWriter } from './js-writer.ts';

export interface EmitJsOptions {
  /** The names the program reads from `$api` (destructured on its first line). */
  hostNames: readonly string[];
  /** Debug build: a statement hook before each statement of a generator. */
  debug?: boolean;
  sourceMap?: boolean;
  /**
   * The program's top-level statements in source order (not with `debug`): each is emitted as
   * its own piece, or its `cached` text is used as is (the emit cache, compiler/emit-cache.ts).
   */
  units?: readonly EmitUnit[];
}

/**
 * One top-level statement: a program function, or the statements `main.body[start, end)`.
 * `cached` is its text from an earlier compile (positions already moved to where it is now).
 */
export type EmitUnit =
  | { readonly kind: 'function'; readonly fn: number; readonly cached?: JsPiece }
  | { readonly kind: 'main'; readonly start: number; readonly end: number; readonly cached?: JsPiece };

export interface EmittedProgram {
  js: string;
  positions: { files: readonly string[]; lines: number[][] };
  sourceMap?: string;
  statements?: readonly (readonly [number, number, number])[];
  /** With `units`: the text of each unit, in the same order. */
  pieces?: readonly JsPiece[];
}

export function emitJavaScript(module: IrModule, options: EmitJsOptions): EmittedProgram {
  const out = new JsWriter(module.locations);
  const emitter = new ProgramEmitter(module, out, new JsNames(module, options.hostNames), options.debug ?? false);
  const units = options.debug ? undefined : options.units;
  const pieces = emitter.program(options.hostNames, units);
  const { lines, table } = out.finish();
  const js = lines.join('\n');
  const result: EmittedProgram = { js, positions: { files: module.files, lines: table } };
  if (options.sourceMap) result.sourceMap = sourceMapOf(module.files, table);
  if (options.debug) result.statements = module.locations;
  if (pieces) result.pieces = pieces;
  return result;
}

class ProgramEmitter extends ExpressionEmitter {
  /** Break targets of the function being emitted: label id -> needs a JavaScript label. */
  private labels = new Map<number, boolean>();
  /** Debug builds: the learner's local variables in scope at the statement being emitted. */
  private scope: number[] = [];

  constructor(
    module: IrModule,
    out: JsWriter,
    names: JsNames,
    private readonly debug: boolean,
  ) {
    super(module, out, names);
  }

  program(hostNames: readonly string[], units?: readonly EmitUnit[]): JsPiece[] | undefined {
    const out = this.out;
    out.line().write(hostNames.length > 0 ? `const { ${hostNames.join(', ')} } = $api;` : '');
    out.line().write('return function* $main() {');
    // Strict, as the transformer's output: `this` in a plain call is undefined, never the global object.
    out.line().write('"use strict";');
    out.indent();
    if (this.debug) {
      const shared = this.module.globals.filter((v) => this.isLearnerVariable(v));
      const visits = shared.map(
        (v) => `$v(0, ${JSON.stringify(this.module.variables[v]!.name)}, () => ${this.names.variable(v)});`,
      );
      out.line().write(`$rt.registerGlobals(($v) => { ${visits.join(' ')} });`);
    }
    const main = this.module.functions[0]!;
    this.frame = { fn: main, generator: true };
    this.temps(main);
    for (const e of this.module.enums) {
      const entries = e.members.flatMap((m) =>
        typeof m.value === 'number'
          ? [`${JSON.stringify(m.name)}: ${m.value}`, `${JSON.stringify(String(m.value))}: ${JSON.stringify(m.name)}`]
          : [`${JSON.stringify(m.name)}: ${JSON.stringify(m.value)}`],
      );
      out.line().write(`const ${this.names.enum(e.id)} = { ${entries.join(', ')} };`);
    }
    const pieces: JsPiece[] = [];
    const functionUnits = new Map<number, number>();
    units?.forEach((unit, index) => {
      if (unit.kind === 'function') functionUnits.set(unit.fn, index);
    });
    for (const fn of this.module.functions) {
      if (fn.kind !== 'function') continue;
      const index = functionUnits.get(fn.id);
      const unit = index === undefined ? undefined : units![index]!;
      if (unit?.cached) {
        out.insert(unit.cached);
        pieces[index!] = unit.cached;
        continue;
      }
      const from = out.checkpoint();
      this.programFunction(fn);
      if (index !== undefined) pieces[index] = out.piece(from);
    }
    if (!units) this.statements(main.body);
    else {
      // Hoisted `var`s come first; every other statement of main belongs to one unit.
      const prefix = main.body.length - units.reduce((n, u) => n + (u.kind === 'main' ? u.end - u.start : 0), 0);
      this.statements(main.body.slice(0, prefix));
      units.forEach((unit, index) => {
        if (unit.kind !== 'main') return;
        if (unit.cached) {
          out.insert(unit.cached);
          pieces[index] = unit.cached;
          return;
        }
        const from = out.checkpoint();
        this.statements(main.body.slice(prefix + unit.start, prefix + unit.end));
        pieces[index] = out.piece(from);
      });
    }
    out.dedent();
    out.line().write('};');
    return units ? pieces : undefined;
  }

  private programFunction(fn: IrFunction): void {
    this.out
      .line()
      .markAt(fn.position)
      .write(`function${fn.canWait ? '*' : ''} ${this.names.function(fn.id)}(${this.params(fn)})`);
    this.body(fn);
    if (!fn.plainTwin) return;
    // Debug builds: the same function as a release build has it (no statement hooks), called
    // while no debugger watches, so an attached debugger costs little until it is used.
    this.out
      .line()
      .markAt(fn.position)
      .write(`function ${this.names.plainTwin(fn.id)}(${this.params(fn)})`);
    this.body(fn, true);
  }

  protected closure(fn: IrFunction): void {
    const w = this.out;
    const params = this.params(fn);
    if (fn.arrow && !fn.canWait) {
      const single =
        fn.params.length === 1 && fn.rest === undefined && !this.module.variables[fn.params[0]!]!.synthetic;
      w.write(single ? `${params} =>` : `(${params}) =>`);
      this.body(fn);
      return;
    }
    if (fn.arrow && fn.capturesThis) {
      // Arrows cannot be generators: a generator function bound to the creator's `this`.
      w.write(`(function* (${params})`);
      this.body(fn);
      w.write(').bind(this)');
      return;
    }
    w.write(`function${fn.canWait ? '*' : ''} (${params})`);
    this.body(fn);
  }

  private params(fn: IrFunction): string {
    const names = fn.params.map((p) => this.names.variable(p));
    if (fn.rest !== undefined) names.push(`...${this.names.variable(fn.rest)}`);
    return names.join(', ');
  }

  private temps(fn: IrFunction): void {
    const temps = fn.locals.filter((v) => this.module.variables[v]!.storage === 'temp');
    if (temps.length > 0) this.out.line().write(`let ${temps.map((v) => this.names.variable(v)).join(', ')};`);
  }

  /** ` { … }` after a function header; the closing brace ends a line the caller may continue. */
  private body(fn: IrFunction, plainTwin = false): void {
    const out = this.out;
    const savedFrame = this.frame;
    const savedLabels = this.labels;
    const savedScope = this.scope;
    this.frame = plainTwin ? { fn, generator: false, plain: true } : { fn, generator: fn.canWait };
    this.labels = new Map();
    this.scope = [...fn.params, ...(fn.rest === undefined ? [] : [fn.rest])].filter((v) => this.isInScope(v));
    out.write(' {');
    out.indent();
    this.temps(fn);
    const tracked = fn.kind !== 'constructor' && fn.kind !== 'getter' && fn.kind !== 'setter';
    if (tracked) {
      out
        .line()
        .markAt(fn.position)
        .write(
          this.frame.generator
            ? 'if (++$rt.depth > $rt.maxDepth) $rt.overflow();'
            : 'if (++$rt.depth > $rt.maxDepth || --$rt.budget <= 0) $rt.enter();',
        );
      out.line().write('try {');
      out.indent();
    }
    this.statements(fn.body);
    if (tracked) {
      out.dedent();
      out.line().write('} finally {');
      out.indent();
      out.line().write('$rt.depth--;');
      out.dedent();
      out.line().write('}');
    }
    out.dedent();
    out.line().write('}');
    this.frame = savedFrame;
    this.labels = savedLabels;
    this.scope = savedScope;
  }

  private statements(list: readonly IrStmt[]): void {
    let previous = -2;
    const scopeLength = this.scope.length;
    for (const s of list) {
      if (
        this.debug &&
        this.frame.generator &&
        s.loc >= 0 &&
        s.loc !== previous &&
        s.kind !== 'localFunction' &&
        s.kind !== 'class'
      ) {
        this.out.line().write(`if ($rt.trap !== 0 && $rt.hit(${s.loc})) yield $rt.stop(${this.scopeArguments()});`);
      }
      previous = s.loc;
      this.statement(s);
      if (this.debug && (s.kind === 'let' || s.kind === 'localFunction') && this.isInScope(s.var)) {
        this.scope.push(s.var);
      }
    }
    this.scope.length = scopeLength;
  }

  /**
   * Debug builds: the variables in scope, as `"a,b|g", [a, b, g]` (locals, then main's globals
   * after the bar). Values, not a closure: a closure would keep them out of registers even while
   * no debugger looks, and the array is only built when one does. Only variables whose `let`
   * was already emitted in an enclosing block are listed, so none is read before it exists.
   */
  private scopeArguments(): string {
    if (this.scope.length === 0) return '';
    const variables = this.scope.map((v) => this.module.variables[v]!);
    const locals = variables.filter((v) => v.storage !== 'global');
    const globals = variables.filter((v) => v.storage === 'global');
    const names = `${locals.map((v) => v.name).join(',')}|${globals.map((v) => v.name).join(',')}`;
    const values = [...locals, ...globals].map((v) => this.names.variable(v.id));
    return `${JSON.stringify(names)}, [${values.join(', ')}]`;
  }

  /** A variable the learner declared (not a temporary or a name the lowering made up). */
  private isLearnerVariable(v: number): boolean {
    const variable = this.module.variables[v]!;
    return !variable.synthetic && variable.storage !== 'temp';
  }

  /** Tracked in `scope`: locals and parameters of the function, and main's own globals. */
  private isInScope(v: number): boolean {
    const variable = this.module.variables[v]!;
    if (!this.isLearnerVariable(v)) return false;
    return variable.storage !== 'global' || this.frame.fn.kind === 'main';
  }

  private block(list: readonly IrStmt[]): void {
    this.out.indent();
    this.statements(list);
    this.out.dedent();
  }

  private label(label: number, named: boolean): string {
    this.labels.set(label, named);
    return named ? `L${label}: ` : '';
  }

  private budget(): void {
    this.out
      .line()
      .write(
        this.frame.generator
          ? 'if (--$rt.budget <= 0) (yield* $rt.check());'
          : 'if (--$rt.budget <= 0) $rt.checkSync();',
      );
  }

  private statement(s: IrStmt): void {
    const out = this.out;
    switch (s.kind) {
      case 'expr':
        out.line(s.loc);
        if (this.startsAmbiguously(s.expr)) {
          out.write('(');
          this.expr(s.expr);
          out.write(');');
        } else {
          this.expr(s.expr);
          out.write(';');
        }
        return;
      case 'let':
        out.line(s.loc).write(`let ${this.names.variable(s.var)}`);
        if (s.init) {
          out.write(' = ');
          this.expr(s.init, 2);
        }
        out.write(';');
        return;
      case 'localFunction': {
        const fn = this.module.functions[s.fn]!;
        out.line(s.loc).write(`function${fn.canWait ? '*' : ''} ${this.names.variable(s.var)}(${this.params(fn)})`);
        this.body(fn);
        return;
      }
      case 'if':
        out.line(s.loc).write('if (');
        this.expr(s.test);
        out.write(') {');
        this.block(s.then);
        if (s.else) {
          out.line().write('} else {');
          this.block(s.else);
        }
        out.line().write('}');
        return;
      case 'block':
        out.line(s.loc).write('{');
        this.block(s.body);
        out.line().write('}');
        return;
      case 'loop':
        this.loop(s);
        return;
      case 'switch':
        out.line(s.loc).write(`${this.label(s.label, s.named)}switch (`);
        this.expr(s.value);
        out.write(') {');
        out.indent();
        for (const c of s.cases) {
          out.line(c.loc);
          if (c.test) {
            out.write('case ');
            this.expr(c.test);
            out.write(':');
          } else out.write('default:');
          this.block(c.body);
        }
        out.dedent();
        out.line().write('}');
        return;
      case 'labeled':
        out.line(s.loc).write(`${this.label(s.label, true)}{`);
        this.block(s.body);
        out.line().write('}');
        return;
      case 'break':
      case 'continue':
        out.line(s.loc).write(this.labels.get(s.label) ? `${s.kind} L${s.label};` : `${s.kind};`);
        return;
      case 'return':
        out.line(s.loc).write('return');
        if (s.value) {
          out.write(' ');
          this.expr(s.value);
        }
        out.write(';');
        return;
      case 'throw':
        out.line(s.loc).write('throw $rt.thrown(');
        this.expr(s.value, 2);
        out.write(');');
        return;
      case 'try': {
        out.line(s.loc).write('try {');
        this.block(s.body);
        if (s.handler) {
          // Runtime errors pass through; thrown values are unwrapped.
          const name = s.catchVar === undefined ? '$$e' : this.names.variable(s.catchVar);
          out.line().write(`} catch (${name}) {`);
          out.indent();
          out.line().write(`${name} = $rt.caught(${name});`);
          const scopeLength = this.scope.length;
          if (s.catchVar !== undefined && this.isInScope(s.catchVar)) this.scope.push(s.catchVar);
          this.statements(s.handler);
          this.scope.length = scopeLength;
          out.dedent();
        }
        if (s.finalizer) {
          out.line().write('} finally {');
          this.block(s.finalizer);
        }
        out.line().write('}');
        return;
      }
      case 'class':
        this.classDeclaration(s.class);
        return;
    }
  }

  private loop(s: IrLoop): void {
    const out = this.out;
    const label = this.label(s.label, s.named);
    if (s.loop === 'do') {
      out.line(s.loc).write(`${label}do {`);
      out.indent();
      this.budget();
      this.statements(s.body);
      out.dedent();
      out.line().write('} while (');
      this.expr(s.test!);
      out.write(');');
      return;
    }
    if (s.loop === 'while') {
      out.line(s.loc).write(`${label}while (`);
      this.expr(s.test!);
      out.write(') {');
    } else {
      const init = s.init ?? [];
      const allLets = init.every((i) => i.kind === 'let');
      const allExprs = init.every((i) => i.kind === 'expr');
      if (!allLets && !allExprs) {
        // A header JavaScript cannot express: the initialization runs before the loop.
        out.line(s.loc).write('{');
        out.indent();
        this.statements(init);
        this.loop({ ...s, init: [] });
        out.dedent();
        out.line().write('}');
        return;
      }
      out.line(s.loc).write(`${label}for (`);
      if (init.length > 0 && allLets) out.write('let ');
      init.forEach((i, n) => {
        if (n > 0) out.write(', ');
        if (i.kind === 'let') {
          out.write(this.names.variable(i.var));
          if (i.init) {
            out.write(' = ');
            this.expr(i.init, 2);
          }
        } else if (i.kind === 'expr') this.expr(i.expr, 2);
      });
      out.write('; ');
      if (s.test) this.expr(s.test);
      out.write('; ');
      if (s.update) this.expr(s.update);
      out.write(') {');
    }
    const scopeLength = this.scope.length;
    for (const i of s.init ?? []) if (i.kind === 'let' && this.isInScope(i.var)) this.scope.push(i.var);
    out.indent();
    this.budget();
    this.statements(s.body);
    out.dedent();
    out.line().write('}');
    this.scope.length = scopeLength;
  }

  private classDeclaration(id: number): void {
    const out = this.out;
    const c = this.module.classes[id]!;
    const base = c.base === undefined ? '' : ` extends ${this.names.class(c.base)}`;
    out.line(c.loc).write(`class ${this.names.class(id)}${base} {`);
    out.indent();
    const ctor = this.module.functions[c.ctor]!;
    if (!this.isDefaultConstructor(ctor)) {
      out
        .line()
        .markAt(ctor.position)
        .write(`constructor(${this.params(ctor)})`);
      this.body(ctor);
    }
    for (const m of c.methods) {
      const fn = this.module.functions[m.fn]!;
      const prefix = `${m.static ? 'static ' : ''}${m.kind === 'getter' ? 'get ' : m.kind === 'setter' ? 'set ' : ''}`;
      out
        .line()
        .markAt(fn.position)
        .write(`${prefix}${fn.canWait ? '*' : ''}${propertyKey(m.name)}(${this.params(fn)})`);
      this.body(fn);
    }
    out.dedent();
    out.line().write('}');
  }

  /** A synthesized constructor that only passes its arguments on: JavaScript's default does the same. */
  private isDefaultConstructor(ctor: IrFunction): boolean {
    if (!ctor.synthetic) return false;
    if (ctor.body.length === 0) return true;
    const only = ctor.body[0]!;
    return (
      ctor.body.length === 1 &&
      only.kind === 'expr' &&
      only.expr.kind === 'call' &&
      only.expr.target.kind === 'superConstructor'
    );
  }
}
