// IR expressions -> JavaScript text for the runtime (see docs/ARCHITECTURE.md, "Execution
// model"): calls that wait are `yield*`-ed in generator functions (finished with
// `$rt.finishSync` where waiting is impossible), function values of unknown kind go through
// `$rt.call`, library helpers through `$h`, string joins and list writes through `$h` for the
// memory budget, keys computed at run time through `$h.propertyKey` (the escape hatches).
// Written straight into the JsWriter (closures span lines); parentheses come from JavaScript's
// precedence levels below.

import { forbiddenPropertyNames } from '../../compiler/escape-hatches.ts';
import type { IrFunction, IrModule } from '../ir-module.ts';
import type { IrArgument, IrCallTarget, IrExpr, IrLValue } from '../ir-nodes.ts';
import { type JsNames, propertyAccess, propertyKey } from './js-names.ts';
import type { JsWriter } from './js-writer.ts';

// Precedence levels (higher binds tighter).
const SEQ = 1;
const ASSIGN = 2;
const COND = 3;
const NULLISH = 4;
const OR = 5;
const AND = 6;
const BOR = 7;
const EQ = 10;
const REL = 11;
const EXP = 15;
const UNARY = 16;
const POSTFIX = 17;
const CALL = 18;
const PRIMARY = 19;

const binaryLevel: Record<string, number> = {
  '|': 7,
  '^': 8,
  '&': 9,
  '==': EQ,
  '!=': EQ,
  '===': EQ,
  '!==': EQ,
  '<': REL,
  '<=': REL,
  '>': REL,
  '>=': REL,
  in: REL,
  '<<': 12,
  '>>': 12,
  '>>>': 12,
  '+': 13,
  '-': 13,
  '*': 14,
  '/': 14,
  '%': 14,
  '**': EXP,
};

/** The function being emitted: decides how waiting calls are made. */
export interface Frame {
  readonly fn: IrFunction;
  /** A generator function: waiting calls are `yield*`. */
  readonly generator: boolean;
  /** The plain twin of a debug build's function: calls other twins directly (emit-program.ts). */
  readonly plain?: boolean;
}

export abstract class ExpressionEmitter {
  protected frame!: Frame;

  constructor(
    protected readonly module: IrModule,
    protected readonly out: JsWriter,
    protected readonly names: JsNames,
  ) {}

  /** Writes a closure's function expression (multi-line). */
  protected abstract closure(fn: IrFunction): void;

  protected expr(e: IrExpr, min = SEQ): void {
    const level = this.level(e);
    if (level < min) {
      this.out.write('(');
      this.bare(e);
      this.out.write(')');
    } else this.bare(e);
  }

  /**
   * True when the text of `e` starts with `function` or `{`, which at the start of a statement
   * would read as a declaration or a block (follows the left edge as `bare` writes it).
   */
  protected startsAmbiguously(e: IrExpr): boolean {
    const left = (child: IrExpr, min: number): boolean =>
      child.kind !== 'number' && this.level(child) >= min && this.startsAmbiguously(child);
    switch (e.kind) {
      case 'object':
        return true;
      case 'closure': {
        const fn = this.module.functions[e.fn]!;
        return !fn.arrow || (fn.canWait && !fn.capturesThis);
      }
      case 'field':
      case 'member':
      case 'accessor':
      case 'index':
        return left(e.object, CALL);
      case 'api':
        return e.object !== undefined && left(e.object, CALL);
      case 'assign':
        return !isHelperAssign(e.target) && this.startsAmbiguously(e.target);
      case 'compound':
        return this.startsAmbiguously(e.target);
      case 'update':
        return !e.prefix && this.startsAmbiguously(e.target);
      case 'binary':
        return e.op !== 'concat' && left(e.left, e.op === '**' ? POSTFIX : binaryLevel[e.op]!);
      case 'logical':
        return left(e.left, e.op === '??' ? BOR : e.op === '&&' ? AND : OR);
      case 'cond':
        return left(e.test, NULLISH);
      case 'sequence':
        return left(e.items[0]!, ASSIGN);
      case 'instanceof':
        return left(e.value, REL);
      case 'call': {
        if (e.waits && this.frame.generator && waitsWithYield(e.target)) return false;
        const t = e.target;
        if (t.kind === 'method') return left(t.object, CALL);
        if (t.kind === 'closure') return (t.known !== undefined || !e.waits) && left(t.callee, CALL);
        if (t.kind === 'dynamic') return !e.waits && left(t.object, CALL);
        if (t.kind === 'api') return !t.api.helper && t.object !== undefined && left(t.object, CALL);
        return false;
      }
      default:
        return false;
    }
  }

  private level(e: IrExpr): number {
    switch (e.kind) {
      case 'number':
        return e.value < 0 || Object.is(e.value, -0) ? UNARY : PRIMARY;
      case 'closure': {
        const fn = this.module.functions[e.fn]!;
        if (fn.arrow && !fn.canWait) return ASSIGN;
        return fn.arrow && fn.capturesThis ? CALL : PRIMARY;
      }
      case 'field':
      case 'member':
      case 'accessor':
      case 'api':
      case 'index':
      case 'new':
      case 'template':
      case 'buffer':
        return CALL;
      case 'assign':
        return isHelperAssign(e.target) ? CALL : ASSIGN;
      case 'compound':
        return ASSIGN;
      case 'update':
        return e.prefix ? UNARY : POSTFIX;
      case 'unary':
      case 'delete':
        return UNARY;
      case 'binary':
        return e.op === 'concat' ? CALL : binaryLevel[e.op]!;
      case 'logical':
        return e.op === '&&' ? AND : e.op === '||' ? OR : NULLISH;
      case 'cond':
        return COND;
      case 'sequence':
        return SEQ;
      case 'instanceof':
        return REL;
      case 'call':
        return e.waits && this.frame.generator && waitsWithYield(e.target) ? PRIMARY : CALL;
      default:
        return PRIMARY;
    }
  }

  private bare(e: IrExpr): void {
    const w = this.out;
    switch (e.kind) {
      case 'number':
        w.write(Object.is(e.value, -0) ? '-0' : String(e.value));
        if (e.name) w.write(` /* ${e.name} */`);
        return;
      case 'string':
        w.write(JSON.stringify(e.value));
        return;
      case 'image':
        w.write(JSON.stringify(e.text));
        return;
      case 'boolean':
        w.write(e.value ? 'true' : 'false');
        return;
      case 'null':
        w.write('null');
        return;
      case 'undefined':
        w.write('undefined');
        return;
      case 'this':
        w.write('this');
        return;
      case 'buffer':
        w.write(`$h.hexLiteral(${JSON.stringify(e.hex)})`);
        return;
      case 'var':
        w.write(this.names.variable(e.var));
        return;
      case 'function':
        w.write(this.functionPath(e.fn));
        return;
      case 'closure':
        this.closure(this.module.functions[e.fn]!);
        return;
      case 'enumObject':
        w.write(this.names.enum(e.enum));
        return;
      case 'field':
      case 'member':
      case 'accessor':
        this.object(e.object);
        w.write(propertyAccess(e.name));
        return;
      case 'api':
        if (e.object) {
          this.object(e.object);
          w.write(propertyAccess(e.api.member));
        } else w.write(e.api.name);
        return;
      case 'index':
        this.object(e.object);
        this.key(e.index);
        return;
      case 'assign':
        this.assign(e.target, e.value);
        return;
      case 'compound':
        if (e.op === 'concat') {
          // Text that grows is checked against the memory budget.
          this.storeTarget(e.target);
          w.write(' = $h.stringCat(');
          this.lvalue(e.target);
          w.write(', ');
          this.expr(e.value, ASSIGN);
          w.write(')');
          return;
        }
        if (isHelperAssign(e.target) && e.target.kind === 'api') {
          // `list.length += n`: through arraySetLength (no holes); the object is simple.
          w.write('$h.arraySetLength(');
          this.expr(e.target.object!, ASSIGN);
          w.write(', ');
          this.expr(e.target, POSTFIX);
          w.write(` ${e.op} `);
          this.expr(e.value, POSTFIX);
          w.write(')');
          return;
        }
        this.storeTarget(e.target);
        w.write(` ${e.op}= `);
        this.expr(e.value, ASSIGN);
        return;
      case 'update': {
        if (isHelperAssign(e.target) && e.target.kind === 'api') {
          // `list.length++`: the new length is set; postfix gives the old one back.
          w.write('($h.arraySetLength(');
          this.expr(e.target.object!, ASSIGN);
          w.write(', ');
          this.expr(e.target, POSTFIX);
          w.write(` ${e.op} 1)${e.prefix ? '' : e.op === '+' ? ' - 1' : ' + 1'})`);
          return;
        }
        const op = e.op === '+' ? '++' : '--';
        if (e.prefix) w.write(op);
        this.storeTarget(e.target);
        if (!e.prefix) w.write(op);
        return;
      }
      case 'unary': {
        const word = e.op === 'typeof' || e.op === 'void';
        w.write(word ? `${e.op} ` : e.op);
        // `- -x` must not become `--x`.
        const sign = (e.op === '-' || e.op === '+') && startsWithSign(e.operand);
        this.expr(e.operand, sign ? PRIMARY : UNARY);
        return;
      }
      case 'delete':
        w.write('delete ');
        this.expr(e.target, UNARY);
        return;
      case 'binary': {
        if (e.op === 'concat') {
          w.write('$h.stringCat(');
          this.expr(e.left, ASSIGN);
          w.write(', ');
          this.expr(e.right, ASSIGN);
          w.write(')');
          return;
        }
        const level = binaryLevel[e.op]!;
        if (e.op === '**') {
          this.expr(e.left, POSTFIX);
          w.write(' ** ');
          this.expr(e.right, EXP);
          return;
        }
        this.expr(e.left, level);
        w.write(` ${e.op} `);
        this.expr(e.right, level + 1);
        return;
      }
      case 'logical': {
        // `??` cannot be mixed with `&&`/`||` without parentheses.
        const level = e.op === '??' ? BOR : e.op === '&&' ? AND : OR;
        this.expr(e.left, level);
        w.write(` ${e.op} `);
        this.expr(e.right, e.op === '??' ? BOR : level + 1);
        return;
      }
      case 'cond':
        this.expr(e.test, NULLISH);
        w.write(' ? ');
        this.expr(e.then, ASSIGN);
        w.write(' : ');
        this.expr(e.else, ASSIGN);
        return;
      case 'sequence':
        e.items.forEach((item, i) => {
          if (i > 0) w.write(', ');
          this.expr(item, ASSIGN);
        });
        return;
      case 'call':
        this.call(e.target, e.args, e.waits);
        return;
      case 'new':
        w.write(`new ${this.names.class(e.class)}(`);
        this.args(e.args);
        w.write(')');
        return;
      case 'array':
        w.write('[');
        this.args(e.elements);
        w.write(']');
        return;
      case 'object':
        w.write('{ ');
        e.properties.forEach((p, i) => {
          if (i > 0) w.write(', ');
          if (p.kind === 'spread') {
            w.write('...');
            this.expr(p.value, ASSIGN);
            return;
          }
          if (typeof p.name === 'string') w.write(propertyKey(p.name));
          else {
            w.write('[');
            this.expr(p.name, ASSIGN);
            w.write(']');
          }
          w.write(': ');
          this.expr(p.value, ASSIGN);
        });
        w.write(' }');
        return;
      case 'template':
        // Template strings can grow text without bound too: their length is checked. Each value
        // is made text as the device prints it (numbers: at most 15 significant digits).
        w.write('$h.stringCheck(`');
        e.strings.forEach((s, i) => {
          if (i > 0) {
            w.write('${$h.templateText(');
            this.expr(e.values[i - 1]!, ASSIGN);
            w.write(')}');
          }
          w.write(escapeTemplate(s));
        });
        w.write('`)');
        return;
      case 'instanceof':
        this.expr(e.value, REL);
        w.write(` instanceof ${e.class === undefined ? e.library : this.names.class(e.class)}`);
        return;
    }
  }

  /** The object of a property access: numbers and low-precedence expressions in parentheses. */
  private object(e: IrExpr): void {
    if (e.kind === 'number') {
      this.out.write(`(${String(e.value)})`);
      return;
    }
    this.expr(e, CALL);
  }

  private lvalue(target: IrLValue): void {
    this.bare(target);
  }

  /**
   * The target that `op=` and `++` store to: a list item's key goes through `$h.arrayKey`, which
   * fills the list with undefined up to it (no holes, as on the device). The IR keeps such a
   * target's object and index simple, so writing the object twice is safe.
   */
  private storeTarget(target: IrLValue): void {
    if (target.kind !== 'index' || target.of !== 'array') {
      this.lvalue(target);
      return;
    }
    const w = this.out;
    this.object(target.object);
    w.write('[$h.arrayKey(');
    this.expr(target.object, ASSIGN);
    w.write(', ');
    this.expr(target.index, ASSIGN);
    w.write(')]');
  }

  private assign(target: IrLValue, value: IrExpr): void {
    const w = this.out;
    if (target.kind === 'index' && target.of === 'array') {
      // `list[i] = v` can grow a list without bound: counted like push.
      w.write('$h.arrayWrite(');
      this.expr(target.object, ASSIGN);
      w.write(', ');
      this.expr(target.index, ASSIGN);
      w.write(', ');
      this.expr(value, ASSIGN);
      w.write(')');
      return;
    }
    if (target.kind === 'api' && target.api.name === 'Array.length' && target.object) {
      // `list.length = n` would leave holes when it grows the list: filled, as on the device.
      w.write('$h.arraySetLength(');
      this.expr(target.object, ASSIGN);
      w.write(', ');
      this.expr(value, ASSIGN);
      w.write(')');
      return;
    }
    this.lvalue(target);
    w.write(' = ');
    this.expr(value, ASSIGN);
  }

  protected args(args: readonly IrArgument[]): void {
    args.forEach((a, i) => {
      if (i > 0) this.out.write(', ');
      if (a.kind === 'spread') {
        this.out.write('...');
        this.expr(a.value, ASSIGN);
      } else this.expr(a, ASSIGN);
    });
  }

  /** A program function or static method as a value or callee. */
  private functionPath(id: number): string {
    const fn = this.module.functions[id]!;
    if (fn.kind === 'method' && fn.class !== undefined) {
      const method = this.module.classes[fn.class]!.methods.find((m) => m.fn === id);
      return `${this.names.class(fn.class)}${propertyAccess(method?.name ?? fn.name)}`;
    }
    return this.names.function(id);
  }

  /**
   * A debug build's call of a function that has a plain twin: the twin while no debugger
   * watches (`$rt.trap` is 0), else the generator that can stop at its statements. In a twin
   * (or code that cannot wait), always the twin: it runs to its end without a pause, so nothing
   * can start watching meanwhile.
   */
  private twinCall(fn: number, argList: () => void): void {
    const w = this.out;
    // A twin, a constructor or an accessor cannot stop (nothing there may wait): the plain twin.
    if (this.frame.plain || !this.frame.generator) {
      w.write(this.names.plainTwin(fn));
      argList();
      return;
    }
    w.write('($rt.trap !== 0 ? (yield* ').write(this.functionPath(fn));
    argList();
    w.write(') : ').write(this.names.plainTwin(fn));
    argList();
    w.write(')');
  }

  private call(target: IrCallTarget, args: readonly IrArgument[], waits: boolean): void {
    const w = this.out;
    const generator = this.frame.generator;
    /** Plain call syntax, wrapped to wait when the call waits. */
    const wrapped = (write: () => void, hostWait = false) => {
      if (!waits) return write();
      if (generator) {
        w.write('(yield* ');
        write();
        w.write(')');
      } else if (hostWait) {
        // A library function that waits, where waiting is impossible: reported as a compile error.
        write();
      } else {
        w.write('$rt.finishSync(');
        write();
        w.write(')');
      }
    };
    const argList = () => {
      w.write('(');
      this.args(args);
      w.write(')');
    };
    const arrayOfArgs = () => {
      w.write('[');
      this.args(args);
      w.write(']');
    };
    switch (target.kind) {
      case 'function':
        if (waits && this.module.functions[target.fn]!.plainTwin) {
          this.twinCall(target.fn, argList);
          return;
        }
        wrapped(() => {
          w.write(this.functionPath(target.fn));
          argList();
        });
        return;
      case 'method':
        wrapped(() => {
          this.object(target.object);
          w.write(propertyAccess(target.name));
          argList();
        });
        return;
      case 'super':
        wrapped(() => {
          w.write(`super${propertyAccess(target.name)}`);
          argList();
        });
        return;
      case 'superConstructor':
        w.write('super');
        argList();
        return;
      case 'closure':
        if (target.known !== undefined || !waits) {
          wrapped(() => {
            this.expr(target.callee, CALL);
            argList();
          });
          return;
        }
        // A function value of unknown kind: the runtime calls it and waits if it waits.
        if (generator) w.write('(yield* $rt.call(');
        else w.write('$rt.callSync(');
        this.expr(target.callee, ASSIGN);
        w.write(', undefined, ');
        arrayOfArgs();
        w.write(generator ? '))' : ')');
        return;
      case 'dynamic':
        if (!waits) {
          this.object(target.object);
          this.key(target.name);
          argList();
          return;
        }
        if (generator) w.write('(yield* $rt.callMethod(');
        else w.write('$rt.callMethodSync(');
        this.expr(target.object, ASSIGN);
        w.write(', ');
        if (typeof target.name === 'string') w.write(JSON.stringify(target.name));
        else this.expr(target.name, ASSIGN);
        w.write(', ');
        arrayOfArgs();
        w.write(generator ? '))' : ')');
        return;
      case 'api': {
        const api = target.api;
        if (api.kind === 'constructor') {
          w.write(`new ${api.name}`);
          argList();
          return;
        }
        const helper = api.helper ?? (waits ? api.waitHelper : undefined);
        if (helper) {
          wrapped(() => {
            w.write(`$h.${helper}(`);
            if (target.object) {
              this.expr(target.object, ASSIGN);
              if (args.length > 0) w.write(', ');
            }
            this.args(args);
            w.write(')');
          });
          return;
        }
        wrapped(() => {
          if (target.object) {
            this.object(target.object);
            w.write(propertyAccess(api.member));
          } else w.write(api.name);
          argList();
        }, api.async);
        return;
      }
    }
  }

  /** `.name`, or `[key]` with a key computed at run time made safe (see `needsKeyGuard`). */
  private key(name: string | IrExpr): void {
    if (typeof name === 'string') {
      this.out.write(propertyAccess(name));
      return;
    }
    this.out.write('[');
    if (needsKeyGuard(name)) {
      this.out.write('$h.propertyKey(');
      this.expr(name, ASSIGN);
      this.out.write(')');
    } else this.expr(name);
    this.out.write(']');
  }
}

/**
 * Keys go through `$h.propertyKey` (which refuses `constructor`, `__proto__`, …: the escape
 * hatches, issue 21) unless they are literals in the program: a number, or text the front end has
 * checked. Types cannot vouch for a key (`any` can carry text into a variable typed number), and
 * text the lowering folded in (a string enum member) was never checked: a forbidden one is
 * guarded too, so it fails at run time as the transformer's output does.
 */
function needsKeyGuard(key: IrExpr): boolean {
  if (key.kind === 'number') return false;
  if (key.kind === 'string') return key.name !== undefined || forbiddenPropertyNames.has(key.value);
  return true;
}

/** Calls that become `(yield* …)` in a generator when they wait. */
function waitsWithYield(target: IrCallTarget): boolean {
  return target.kind !== 'superConstructor' && !(target.kind === 'api' && target.api.kind === 'constructor');
}

function startsWithSign(e: IrExpr): boolean {
  return (
    (e.kind === 'number' && (e.value < 0 || Object.is(e.value, -0))) ||
    (e.kind === 'unary' && (e.op === '-' || e.op === '+')) ||
    (e.kind === 'update' && e.prefix)
  );
}

function escapeTemplate(text: string): string {
  return text.replace(/[\\`\r\u2028\u2029]|\$\{/g, (c) => {
    switch (c) {
      case '\r':
        return '\\r';
      case '\u2028':
        return '\\u2028';
      case '\u2029':
        return '\\u2029';
      default:
        return '\\' + c;
    }
  });
}

/** An assignment printed as a `$h` call (`arrayWrite`, `arraySetLength`): a call's precedence. */
function isHelperAssign(target: IrLValue): boolean {
  if (target.kind === 'index') return target.of === 'array';
  return target.kind === 'api' && target.api.name === 'Array.length' && target.object !== undefined;
}
