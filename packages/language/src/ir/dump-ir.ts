// The IR as text, for golden tests and debugging. Expressions print like JavaScript with the
// IR's decisions made visible: `wait` before calls that may suspend the fiber, /*comments*/ on
// calls and property reads that are not plain (virtual methods, closures, dynamic lookups,
// library members), and each statement's source position as `@line:col`.

import type { IrFunction, IrModule } from './ir-module.ts';
import type { IrArgument, IrCallTarget, IrExpr, IrStmt } from './ir-nodes.ts';
import { typeText } from './ir-types.ts';

export function dumpIr(module: IrModule): string {
  return new Dumper(module).dump();
}

class Dumper {
  private readonly lines: string[] = [];

  constructor(private readonly module: IrModule) {}

  dump(): string {
    const m = this.module;
    this.lines.push(`files: ${m.files.join(', ')}`);
    if (m.globals.length > 0) {
      this.lines.push('globals:');
      for (const id of m.globals) this.lines.push(`  ${this.declaration(id)}`);
    }
    if (m.enums.length > 0) {
      this.lines.push('enums:');
      for (const e of m.enums) {
        this.lines.push(`  ${e.name} { ${e.members.map((x) => `${x.name} = ${JSON.stringify(x.value)}`).join(', ')} }`);
      }
    }
    for (const c of m.classes) {
      const base = c.base === undefined ? '' : ` extends ${m.classes[c.base]!.name}`;
      this.lines.push(`class ${c.name}${base}`);
      if (c.fields.length > 0)
        this.lines.push(`  fields: ${c.fields.map((f) => `${f.name}: ${typeText(f.type)}`).join(', ')}`);
      if (c.layout.length > 0) this.lines.push(`  layout: ${c.layout.join(', ')}`);
      this.lines.push(`  constructor: ${this.fnName(c.ctor)}`);
      if (c.vtable.length > 0) {
        this.lines.push(`  vtable: ${c.vtable.map((s, i) => `${i} ${this.fnName(s.fn)}`).join(', ')}`);
      }
      const statics = c.methods.filter((x) => x.static);
      if (statics.length > 0) this.lines.push(`  static methods: ${statics.map((x) => this.fnName(x.fn)).join(', ')}`);
      if (c.staticFields.length > 0) {
        this.lines.push(`  static fields: ${c.staticFields.map((v) => m.variables[v]!.name).join(', ')}`);
      }
    }
    if (m.apis.length > 0) {
      this.lines.push('library:');
      for (const api of m.apis) {
        const notes = [
          api.kind,
          api.async ? 'async' : '',
          api.helper ? `helper=${api.helper}` : '',
          api.waitHelper ? `waitHelper=${api.waitHelper}` : '',
          api.shim ? `shim=${api.shim}` : '',
          api.imageLiteral ? `imageLiteral=${api.imageLiteral}` : '',
        ].filter(Boolean);
        this.lines.push(`  ${api.name} (${notes.join(', ')})`);
      }
    }
    for (const fn of m.functions) this.function(fn);
    return this.lines.join('\n') + '\n';
  }

  private declaration(id: number): string {
    const v = this.module.variables[id]!;
    const flags = [v.const ? 'const' : '', v.captured ? 'captured' : '', v.boxed ? 'boxed' : ''].filter(Boolean);
    return `${v.name}: ${typeText(v.type)}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`;
  }

  private fnName(id: number): string {
    return this.module.functions[id]?.name ?? `f${id}`;
  }

  private at(loc: number): string {
    const location = this.module.locations[loc];
    return location ? this.position(location) : '@?';
  }

  private position(location: readonly [number, number, number]): string {
    const [file, line, column] = location;
    return this.module.files.length > 1 ? `@${this.module.files[file]}:${line}:${column}` : `@${line}:${column}`;
  }

  private function(fn: IrFunction): void {
    const m = this.module;
    const params = fn.params.map((p) => this.declaration(p));
    if (fn.rest !== undefined) params.push(`...${this.declaration(fn.rest)}`);
    const notes = [
      fn.kind,
      fn.static ? 'static' : '',
      fn.parent === undefined ? '' : `in ${this.fnName(fn.parent)}`,
      fn.arrow ? 'arrow' : '',
      fn.canWait ? 'canWait' : '',
      fn.sync ? 'sync' : '',
      fn.synthetic ? 'synthetic' : '',
    ].filter(Boolean);
    this.lines.push('');
    this.lines.push(
      `function ${fn.name}(${params.join(', ')}) -> ${typeText(fn.result)}  [${notes.join(', ')}] ${this.position(fn.position)}`,
    );
    if (fn.captures.length > 0 || fn.capturesThis) {
      const captures = fn.captures.map((v) => this.declaration(v));
      if (fn.capturesThis) captures.push('this');
      this.lines.push(`  captures: ${captures.join(', ')}`);
    }
    if (fn.locals.length > 0) this.lines.push(`  locals: ${fn.locals.map((v) => this.declaration(v)).join(', ')}`);
    this.statements(fn.body, 1);
    void m;
  }

  private statements(list: readonly IrStmt[], depth: number): void {
    for (const s of list) this.statement(s, depth);
  }

  private push(depth: number, loc: number | undefined, text: string): void {
    const where = loc === undefined ? '' : `${this.at(loc)} `;
    this.lines.push(`${'  '.repeat(depth)}${where}${text}`);
  }

  private block(depth: number, head: string, loc: number | undefined, body: readonly IrStmt[], tail = '}'): void {
    this.push(depth, loc, `${head} {`);
    this.statements(body, depth + 1);
    this.push(depth, undefined, tail);
  }

  private statement(s: IrStmt, depth: number): void {
    const m = this.module;
    switch (s.kind) {
      case 'expr':
        this.push(depth, s.loc, this.expr(s.expr));
        return;
      case 'let': {
        const v = m.variables[s.var]!;
        const keyword = v.storage === 'global' ? 'global' : 'let';
        this.push(depth, s.loc, `${keyword} ${v.name}${s.init ? ` = ${this.expr(s.init)}` : ''}`);
        return;
      }
      case 'localFunction':
        this.push(depth, s.loc, `let ${m.variables[s.var]!.name} = closure ${this.fnName(s.fn)}`);
        return;
      case 'if':
        this.push(depth, s.loc, `if (${this.expr(s.test)}) {`);
        this.statements(s.then, depth + 1);
        if (s.else) {
          this.push(depth, undefined, '} else {');
          this.statements(s.else, depth + 1);
        }
        this.push(depth, undefined, '}');
        return;
      case 'block':
        this.block(depth, 'block', s.loc, s.body);
        return;
      case 'loop': {
        const label = `#${s.label}${s.named ? ' named' : ''}`;
        if (s.loop === 'do') {
          this.block(depth, `loop ${label} do`, s.loc, s.body, `} while (${this.expr(s.test!)})`);
          return;
        }
        if (s.loop === 'while') {
          this.block(depth, `loop ${label} while (${this.expr(s.test!)})`, s.loc, s.body);
          return;
        }
        const init = (s.init ?? []).map((x) => this.inline(x)).join(', ');
        const test = s.test ? this.expr(s.test) : '';
        const update = s.update ? this.expr(s.update) : '';
        this.block(depth, `loop ${label} for (${init}; ${test}; ${update})`, s.loc, s.body);
        return;
      }
      case 'switch':
        this.push(depth, s.loc, `switch #${s.label}${s.named ? ' named' : ''} (${this.expr(s.value)}) {`);
        for (const c of s.cases) {
          this.push(depth + 1, c.loc, c.test ? `case ${this.expr(c.test)}:` : 'default:');
          this.statements(c.body, depth + 2);
        }
        this.push(depth, undefined, '}');
        return;
      case 'labeled':
        this.block(depth, `label #${s.label}${s.named ? ' named' : ''}`, s.loc, s.body);
        return;
      case 'break':
      case 'continue':
        this.push(depth, s.loc, `${s.kind} #${s.label}`);
        return;
      case 'return':
        this.push(depth, s.loc, s.value ? `return ${this.expr(s.value)}` : 'return');
        return;
      case 'throw':
        this.push(depth, s.loc, `throw ${this.expr(s.value)}`);
        return;
      case 'try':
        this.push(depth, s.loc, 'try {');
        this.statements(s.body, depth + 1);
        if (s.handler) {
          const name = s.catchVar === undefined ? '' : ` (${m.variables[s.catchVar]!.name})`;
          this.push(depth, undefined, `} catch${name} {`);
          this.statements(s.handler, depth + 1);
        }
        if (s.finalizer) {
          this.push(depth, undefined, '} finally {');
          this.statements(s.finalizer, depth + 1);
        }
        this.push(depth, undefined, '}');
        return;
      case 'class':
        this.push(depth, s.loc, `class ${m.classes[s.class]!.name}`);
        return;
    }
  }

  /** A statement inside a for header. */
  private inline(s: IrStmt): string {
    if (s.kind === 'let') {
      const v = this.module.variables[s.var]!;
      return `let ${v.name}${s.init ? ` = ${this.expr(s.init)}` : ''}`;
    }
    if (s.kind === 'expr') return this.expr(s.expr);
    return s.kind;
  }

  private expr(e: IrExpr): string {
    const m = this.module;
    switch (e.kind) {
      case 'number':
        return e.name ? `${e.value}/*${e.name}*/` : String(e.value);
      case 'string':
        return e.name ? `${JSON.stringify(e.value)}/*${e.name}*/` : JSON.stringify(e.value);
      case 'boolean':
        return String(e.value);
      case 'null':
      case 'undefined':
      case 'this':
        return e.kind;
      case 'buffer':
        return `hex\`${e.hex}\``;
      case 'image':
        return `image(${e.columns}x${e.rows} ${e.pixels})`;
      case 'var':
        return m.variables[e.var]!.name;
      case 'function':
        return `&${this.fnName(e.fn)}`;
      case 'closure':
        return `closure ${this.fnName(e.fn)}`;
      case 'field':
        return `${this.operand(e.object)}.${e.name}`;
      case 'accessor':
        return `${this.operand(e.object)}.${e.name}/*accessor*/`;
      case 'member':
        return `${this.operand(e.object)}.${e.name}/*dynamic*/`;
      case 'api':
        return e.object ? `${this.operand(e.object)}.${e.api.member}/*${e.api.name}*/` : e.api.name;
      case 'index':
        return `${this.operand(e.object)}[${this.expr(e.index)}]${e.of === 'array' ? '' : `/*${e.of}*/`}`;
      case 'enumObject':
        return `enum ${m.enums[e.enum]!.name}`;
      case 'assign':
        return `${this.expr(e.target)} = ${this.operand(e.value)}`;
      case 'compound':
        return `${this.expr(e.target)} ${e.op === 'concat' ? '+' : e.op}= ${this.operand(e.value)}${e.op === 'concat' ? '/*concat*/' : ''}`;
      case 'update': {
        const op = e.op === '+' ? '++' : '--';
        return e.prefix ? `${op}${this.operand(e.target)}` : `${this.operand(e.target)}${op}`;
      }
      case 'unary':
        return /^[a-z]/.test(e.op) ? `${e.op} ${this.operand(e.operand)}` : `${e.op}${this.operand(e.operand)}`;
      case 'binary':
        return e.op === 'concat'
          ? `${this.operand(e.left)} ++ ${this.operand(e.right)}`
          : `${this.operand(e.left)} ${e.op} ${this.operand(e.right)}`;
      case 'logical':
        return `${this.operand(e.left)} ${e.op} ${this.operand(e.right)}`;
      case 'cond':
        return `${this.operand(e.test)} ? ${this.operand(e.then)} : ${this.operand(e.else)}`;
      case 'sequence':
        return e.items.map((x) => this.operand(x)).join(', ');
      case 'call':
        return this.call(e.target, e.args, e.waits, e.type.kind === 'void' ? '' : ` -> ${typeText(e.type)}`);
      case 'new':
        return `new ${m.classes[e.class]!.name}(${this.args(e.args)})`;
      case 'array':
        return `[${this.args(e.elements)}]`;
      case 'object':
        return `{ ${e.properties
          .map((p) =>
            p.kind === 'spread'
              ? `...${this.operand(p.value)}`
              : `${typeof p.name === 'string' ? p.name : `[${this.expr(p.name)}]`}: ${this.expr(p.value)}`,
          )
          .join(', ')} }`;
      case 'template':
        return `\`${e.strings.map((s, i) => (i === 0 ? s : `\${${this.expr(e.values[i - 1]!)}}${s}`)).join('')}\``;
      case 'instanceof':
        return `${this.operand(e.value)} instanceof ${e.class === undefined ? e.library : m.classes[e.class]!.name}`;
      case 'delete':
        return `delete ${this.expr(e.target)}`;
    }
  }

  /** Compound expressions inside another one get parentheses, so the tree is unambiguous. */
  private operand(e: IrExpr): string {
    const text = this.expr(e);
    switch (e.kind) {
      case 'assign':
      case 'compound':
      case 'binary':
      case 'logical':
      case 'cond':
      case 'sequence':
      case 'unary':
      case 'update':
      case 'instanceof':
      case 'delete':
      case 'closure':
        return `(${text})`;
      case 'call':
        return e.waits || text.includes(' -> ') ? `(${text})` : text;
      default:
        return text;
    }
  }

  private args(args: readonly IrArgument[]): string {
    return args.map((a) => (a.kind === 'spread' ? `...${this.operand(a.value)}` : this.expr(a))).join(', ');
  }

  private call(target: IrCallTarget, args: readonly IrArgument[], waits: boolean, result: string): string {
    const wait = waits ? 'wait ' : '';
    const list = this.args(args);
    switch (target.kind) {
      case 'function':
        return `${wait}${this.fnName(target.fn)}(${list})${result}`;
      case 'method':
        return `${wait}${this.operand(target.object)}.${target.name}(${list})/*${target.virtual ? 'virtual' : 'direct'} ${this.fnName(target.fn)}*/${result}`;
      case 'super':
        return `${wait}super.${target.name}(${list})/*${this.fnName(target.fn)}*/${result}`;
      case 'superConstructor':
        return `super(${list})/*${this.module.classes[target.class]!.name}*/`;
      case 'closure':
        return `${wait}${this.operand(target.callee)}(${list})/*closure${target.known === undefined ? '' : ` ${this.fnName(target.known)}`}*/${result}`;
      case 'dynamic':
        return `${wait}${this.operand(target.object)}${typeof target.name === 'string' ? `.${target.name}` : `[${this.expr(target.name)}]`}(${list})/*dynamic*/${result}`;
      case 'api':
        if (target.api.kind === 'constructor') return `new ${target.api.name}(${list})`;
        return target.object
          ? `${wait}${this.operand(target.object)}.${target.api.member}(${list})/*${target.api.name}*/${result}`
          : `${wait}${target.api.name}(${list})${result}`;
    }
  }
}
