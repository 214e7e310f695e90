// One IR function -> Thumb-1 assembly text, following the firmware's binary interface
// (docs/firmware-interface.md §6-§8):
//
//   entry:  arguments at [sp + 4i] (argument 0 lowest; actions get them from the trampoline)
//   frame:  push {lr}, then one zeroed word per local/temporary; the body addresses them
//           sp-relative, counting the words it has pushed since (`depth`)
//   values: every value is a tagged word (integers (n << 1) | 1, pointers, specials), so the
//           collector can scan the whole frame; an expression leaves its value in r0
//   calls:  program functions: arguments stored in zeroed words, bl, drop them; runtime
//           functions: the same words, loaded into r0-r3 (converted to the entry's formats)
//           while they stay on the stack, a safe point (sp -> [r6, #4]), bl, drop them.
//
// Control flow uses unconditional `b` (or, for long functions, `bl`, which reaches anywhere: lr
// is saved on entry) and short conditional branches over them.

import {
  statementExpressions,
  type IrArgument,
  type IrExpr,
  type IrFunction,
  type IrLValue,
  type IrStmt,
  type IrType,
} from '@blockyard/language';
import { apiBinding, type FirmwareBinding } from './api-bindings.ts';
import { NativeUnsupported, unsupportedCall, unsupportedFeature } from './native-diagnostics.ts';
import type { ProgramContext } from './program-context.ts';
import { API_CONSTANTS, childStatementLists, unsupportedApiNames } from './unsupported-calls.ts';

const TRUE = 66;
const FALSE = 10;
/** The farthest sp-relative word a Thumb-1 load or store reaches. */
const MAX_FRAME_WORDS = 255;

interface Loop {
  readonly label: number;
  readonly breakTo: string;
  readonly continueTo?: string;
}

const BINARY_HELPERS: Readonly<Record<string, string>> = {
  '+': '_num_add',
  '-': '_num_sub',
  '*': '_num_mul',
  '/': '_num_div',
  '%': '_num_mod',
  '**': '_num_pow',
  '&': '_num_and',
  '|': '_num_or',
  '^': '_num_xor',
  '<<': '_num_shl',
  '>>': '_num_shr',
  '>>>': '_num_ushr',
  '<': '_num_lt',
  '<=': '_num_le',
  '>': '_num_gt',
  '>=': '_num_ge',
  '===': '_num_eqq',
  '!==': '_num_neqq',
  '==': '_num_eq',
  '!=': '_num_neq',
};

export class FunctionGen {
  private readonly body: string[] = [];
  private depth = 0;
  private readonly slots = new Map<number, number>();
  private slotCount = 0;
  private readonly params = new Map<number, number>();
  /** Variables of enclosing functions: word i of the closure (r5), `[r5, #12 + 4i]`. */
  private readonly captured = new Map<number, number>();
  private readonly loops: Loop[] = [];
  private loc: number | undefined;
  private sinceLiteralPool = 0;
  private readonly exit: string;

  constructor(
    private readonly ctx: ProgramContext,
    private readonly fn: IrFunction,
    /** Jumps as `bl` (any distance) instead of `b` (±2 KB): for a function too long for `b`. */
    private readonly farJumps = false,
  ) {
    this.exit = ctx.label('ret');
    if (fn.rest !== undefined) throw unsupportedFeature('A ...rest parameter', undefined);
    if (fn.kind === 'method' || fn.kind === 'constructor' || fn.kind === 'getter' || fn.kind === 'setter') {
      throw unsupportedFeature('A class', undefined);
    }
    if (fn.capturesThis) throw unsupportedFeature('A class', undefined);
    fn.captures.forEach((id, i) => this.captured.set(id, i));
    fn.params.forEach((id, i) => this.params.set(id, i));
    for (const id of fn.locals) this.slots.set(id, this.slotCount++);
    // One hidden word per switch for its value, allocated up front so offsets never move.
    this.switchSlot = this.slotCount;
    this.slotCount += countSwitches(fn.body);
  }

  private switchSlot: number;

  /** The function's code: its label, prologue, body, epilogue. */
  generate(): string[] {
    // A boxed parameter (captured and assigned) lives in a cell shared with its closures.
    for (const id of this.fn.params) {
      if (!this.isBoxed(id)) continue;
      this.call('pxtrt::mklocRef');
      this.push();
      this.emit(`ldr r1, [sp, #${this.offset(this.frameWord(id))}]`);
      this.call('pxtrt::stlocRef');
      this.emit('pop {r0}');
      this.depth--;
      this.emit(`str r0, [sp, #${this.offset(this.frameWord(id))}]`);
    }
    for (const stmt of this.fn.body) this.stmt(stmt);
    const frame = this.slotCount;
    if (frame + this.fn.params.length + 1 > MAX_FRAME_WORDS) {
      throw unsupportedFeature(`A function with this many variables (${this.fn.name})`, undefined);
    }
    const out = [`${this.ctx.functionLabel(this.fn.id)}: @ ${this.fn.name}`, 'push {lr}'];
    if (frame > 0) {
      out.push('movs r0, #0', 'movs r1, #0', 'movs r2, #0', 'movs r3, #0');
      let left = frame;
      while (left >= 4) {
        out.push('push {r0, r1, r2, r3}');
        left -= 4;
      }
      if (left > 0) out.push(`push {${['r0', 'r1', 'r2'].slice(0, left).join(', ')}}`);
    }
    out.push(...this.body, 'movs r0, #0', `${this.exit}:`);
    let drop = frame * 4;
    while (drop > 0) {
      const step = Math.min(drop, 508);
      out.push(`add sp, #${step}`);
      drop -= step;
    }
    out.push('pop {pc}', '.ltorg');
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Emitting

  private emit(...lines: string[]): void {
    this.body.push(...lines);
    this.sinceLiteralPool += lines.length;
  }

  private push(): void {
    this.emit('push {r0}');
    this.depth++;
  }

  private drop(words: number): void {
    if (words === 0) return;
    let bytes = words * 4;
    while (bytes > 0) {
      const step = Math.min(bytes, 508);
      this.emit(`add sp, #${step}`);
      bytes -= step;
    }
    this.depth -= words;
  }

  /** A jump anywhere in the function (`bl` reaches farther than `b`; lr is saved). */
  private jump(label: string): void {
    this.emit(this.farJumps ? `bl ${label}` : `b ${label}`);
  }

  /** Jumps to `label` when the condition code holds (a short branch around a long one). */
  private jumpIf(condition: 'eq' | 'ne', label: string): void {
    const skip = this.ctx.label('skip');
    this.emit(`b${condition === 'eq' ? 'ne' : 'eq'} ${skip}`);
    this.jump(label);
    this.emit(`${skip}:`);
  }

  private mark(label: string): void {
    this.emit(`${label}:`);
  }

  private call(runtime: string): void {
    this.emit('mov r7, sp', 'str r7, [r6, #4]', this.ctx.runtimeCall(runtime));
  }

  private helper(name: string): void {
    this.emit(this.ctx.helper(name));
  }

  /** r0 = a constant tagged word. */
  private constant(word: number): void {
    if (word >= 0 && word <= 255) this.emit(`movs r0, #${word}`);
    else this.emit(`ldr r0, =${word | 0}`);
  }

  private offset(words: number): number {
    const bytes = words * 4;
    if (bytes > 1020) throw unsupportedFeature(`A function with this many variables (${this.fn.name})`, this.loc);
    return bytes;
  }

  /** Keeps literal pools within reach of the loads that use them (1 KB on Thumb-1). */
  private literalPoolIsland(): void {
    if (this.sinceLiteralPool < 150) return;
    const after = this.ctx.label('pool');
    this.emit(`b ${after}`, '.ltorg', `${after}:`);
    this.sinceLiteralPool = 0;
  }

  // -------------------------------------------------------------------------------------------
  // Variables

  private isBoxed(id: number): boolean {
    const variable = this.ctx.module.variables[id]!;
    return variable.boxed && variable.storage !== 'global';
  }

  /** r0 = the word that holds the variable: its value, or its cell when boxed. */
  private loadWord(id: number): void {
    const index = this.captured.get(id);
    if (index !== undefined) {
      if (12 + 4 * index > 124) {
        throw unsupportedFeature(`A function that uses this many outside variables (${this.fn.name})`, this.loc);
      }
      this.emit(`ldr r0, [r5, #${12 + 4 * index}]`);
      return;
    }
    this.emit(`ldr r0, [sp, #${this.offset(this.frameWord(id))}]`);
  }

  private load(id: number, register = 'r0'): void {
    const variable = this.ctx.module.variables[id]!;
    if (variable.storage !== 'global' && (this.isBoxed(id) || this.captured.has(id))) {
      this.loadWord(id);
      if (this.isBoxed(id)) {
        this.push();
        this.call('pxtrt::ldlocRef');
        this.drop(1);
      }
      if (register !== 'r0') this.emit(`mov ${register}, r0`);
      return;
    }
    if (variable.storage === 'global') {
      const slot = this.ctx.globalSlot(id);
      this.emit('ldr r7, [r6, #0]');
      if (slot * 4 <= 124) this.emit(`ldr ${register}, [r7, #${slot * 4}]`);
      else this.emit(`ldr r3, =${slot * 4}`, `ldr ${register}, [r7, r3]`);
      return;
    }
    this.emit(`ldr ${register}, [sp, #${this.offset(this.frameWord(id))}]`);
  }

  /** Stores r0 (kept) into a variable. */
  private store(id: number): void {
    const variable = this.ctx.module.variables[id]!;
    if (variable.storage !== 'global' && this.isBoxed(id)) {
      this.push();
      this.loadWord(id);
      this.emit('ldr r1, [sp, #0]');
      this.call('pxtrt::stlocRef');
      this.emit('pop {r0}');
      this.depth--;
      return;
    }
    if (this.captured.has(id)) {
      throw unsupportedFeature(`Assigning to ${variable.name} from an inner function`, this.loc);
    }
    if (variable.storage === 'global') {
      const slot = this.ctx.globalSlot(id);
      this.emit('ldr r7, [r6, #0]');
      if (slot * 4 <= 124) this.emit(`str r0, [r7, #${slot * 4}]`);
      else this.emit(`ldr r3, =${slot * 4}`, `str r0, [r7, r3]`);
      return;
    }
    this.emit(`str r0, [sp, #${this.offset(this.frameWord(id))}]`);
  }

  private frameWord(id: number): number {
    const slot = this.slots.get(id);
    if (slot !== undefined) return this.depth + slot;
    const param = this.params.get(id);
    if (param !== undefined) return this.depth + this.slotCount + 1 + param;
    const variable = this.ctx.module.variables[id]!;
    throw unsupportedFeature(`Using ${variable.name} from an enclosing function`, this.loc);
  }

  // -------------------------------------------------------------------------------------------
  // Statements

  private stmts(list: readonly IrStmt[]): void {
    for (const s of list) this.stmt(s);
  }

  /**
   * What the function uses that the device cannot run, each once, in the order met. Code
   * generation goes on past a refusal (the code is then never used) so that all are named.
   */
  readonly problems: NativeUnsupported[] = [];
  private readonly problemKeys = new Set<string>();

  private problem(error: NativeUnsupported): void {
    const key = `${error.loc}:${error.message}`;
    if (this.problemKeys.has(key)) return;
    this.problemKeys.add(key);
    this.problems.push(error);
  }

  /** One statement; a refusal is recorded with the statement's other refusals and nested ones. */
  private stmt(s: IrStmt): void {
    const depth = this.depth;
    const loops = this.loops.length;
    try {
      this.statement(s);
    } catch (error) {
      if (!(error instanceof NativeUnsupported)) throw error;
      this.problem(error.loc === undefined ? new NativeUnsupported(error.message, s.loc) : error);
      for (const name of unsupportedApiNames(statementExpressions(s), this.ctx.flavor)) {
        this.problem(unsupportedCall(name, s.loc));
      }
      this.depth = depth;
      this.loops.length = loops;
      // The statements inside, for their own refusals (break/continue find their target).
      if ('label' in s && s.kind !== 'break' && s.kind !== 'continue') {
        this.loops.push({ label: s.label, breakTo: this.exit, continueTo: this.exit });
      }
      for (const list of childStatementLists(s)) this.stmts(list);
      this.loops.length = loops;
      this.depth = depth;
    }
  }

  private statement(s: IrStmt): void {
    this.loc = s.loc;
    this.literalPoolIsland();
    const where = this.ctx.module.locations[s.loc];
    if (where) this.emit(`@ ${this.ctx.module.files[where[0]]}:${where[1]}`);
    switch (s.kind) {
      case 'expr':
        this.expr(s.expr);
        return;
      case 'let':
        if (this.isBoxed(s.var) && !this.captured.has(s.var)) {
          this.call('pxtrt::mklocRef');
          this.emit(`str r0, [sp, #${this.offset(this.frameWord(s.var))}]`);
        }
        if (s.init) this.expr(s.init);
        else this.emit('movs r0, #0');
        this.store(s.var);
        return;
      case 'localFunction':
        this.functionValue(s.fn);
        this.store(s.var);
        return;
      case 'if': {
        const otherwise = this.ctx.label('else');
        const end = this.ctx.label('endif');
        this.branchUnless(s.test, otherwise);
        this.stmts(s.then);
        if (s.else) this.jump(end);
        this.mark(otherwise);
        if (s.else) this.stmts(s.else);
        this.mark(end);
        return;
      }
      case 'block':
        this.stmts(s.body);
        return;
      case 'loop':
        this.loopStmt(s);
        return;
      case 'switch':
        this.switchStmt(s);
        return;
      case 'labeled': {
        const end = this.ctx.label('label_end');
        this.loops.push({ label: s.label, breakTo: end });
        this.stmts(s.body);
        this.loops.pop();
        this.mark(end);
        return;
      }
      case 'break':
      case 'continue': {
        const target = [...this.loops].reverse().find((l) => l.label === s.label);
        const to = s.kind === 'break' ? target?.breakTo : target?.continueTo;
        if (!to) throw unsupportedFeature(`This ${s.kind}`, s.loc);
        this.jump(to);
        return;
      }
      case 'return':
        if (s.value) this.expr(s.value);
        else this.emit('movs r0, #0');
        this.jump(this.exit);
        return;
      case 'throw':
        throw unsupportedFeature('throw', s.loc);
      case 'try':
        throw unsupportedFeature('try/catch', s.loc);
      case 'class':
        throw unsupportedFeature('A class', s.loc);
    }
  }

  private loopStmt(s: Extract<IrStmt, { kind: 'loop' }>): void {
    if (s.init) this.stmts(s.init);
    const top = this.ctx.label('loop');
    const next = this.ctx.label('next');
    const end = this.ctx.label('loop_end');
    this.loops.push({ label: s.label, breakTo: end, continueTo: next });
    if (s.loop === 'do') {
      this.mark(top);
      this.stmts(s.body);
      this.mark(next);
      if (s.test) this.branchIf(s.test, top);
      else this.jump(top);
    } else {
      this.mark(top);
      if (s.test) this.branchUnless(s.test, end);
      this.stmts(s.body);
      this.mark(next);
      if (s.update) this.expr(s.update);
      this.jump(top);
    }
    this.loops.pop();
    this.mark(end);
  }

  private switchStmt(s: Extract<IrStmt, { kind: 'switch' }>): void {
    const slot = this.switchSlot++;
    this.expr(s.value);
    this.emit(`str r0, [sp, #${this.offset(this.depth + slot)}]`);
    const end = this.ctx.label('switch_end');
    const bodies = s.cases.map(() => this.ctx.label('case'));
    let fallback = end;
    s.cases.forEach((c, i) => {
      if (!c.test) {
        fallback = bodies[i]!;
        return;
      }
      const literal = this.smallIntLiteral(c.test);
      if (literal !== undefined) {
        this.emit(`ldr r0, [sp, #${this.offset(this.depth + slot)}]`, `cmp r0, #${literal}`);
        this.jumpIf('eq', bodies[i]!);
        return;
      }
      this.expr(c.test);
      this.emit('mov r1, r0', `ldr r0, [sp, #${this.offset(this.depth + slot)}]`);
      this.push();
      this.emit('push {r1}');
      this.depth++;
      this.helper('_num_eqq');
      this.drop(2);
      this.emit(`cmp r0, #${TRUE}`);
      this.jumpIf('eq', bodies[i]!);
    });
    this.jump(fallback);
    this.loops.push({ label: s.label, breakTo: end });
    s.cases.forEach((c, i) => {
      this.mark(bodies[i]!);
      this.stmts(c.body);
    });
    this.loops.pop();
    this.mark(end);
  }

  /** The tagged word of an integer literal that fits `cmp rX, #imm`, if the expression is one. */
  private smallIntLiteral(e: IrExpr): number | undefined {
    if (e.kind !== 'number' || !Number.isInteger(e.value) || e.value < 0 || e.value > 127) return undefined;
    return e.value * 2 + 1;
  }

  // -------------------------------------------------------------------------------------------
  // Conditions

  private branchUnless(test: IrExpr, label: string): void {
    this.condition(test);
    this.jumpIf('ne', label);
  }

  private branchIf(test: IrExpr, label: string): void {
    this.condition(test);
    this.jumpIf('eq', label);
  }

  /** Sets Z when the value is truthy... inverted: leaves `eq` true for truthy. */
  private condition(test: IrExpr): void {
    this.expr(test);
    this.truthy();
  }

  /** Flags from r0: `eq` when truthy, `ne` when falsy. r0 is lost. */
  private truthy(): void {
    if (this.isBoolean(this.lastType)) {
      this.emit(`cmp r0, #${TRUE}`);
      return;
    }
    this.helper('_to_bool');
    this.emit('cmp r0, #1');
  }

  private lastType: IrType = { kind: 'any' };

  private isBoolean(type: IrType): boolean {
    return type.kind === 'boolean' && !type.orNull;
  }

  // -------------------------------------------------------------------------------------------
  // Expressions: the value in r0, the stack as it was.

  private expr(e: IrExpr): void {
    this.exprInner(e);
    this.lastType = e.type;
  }

  private exprInner(e: IrExpr): void {
    switch (e.kind) {
      case 'number':
        this.numberValue(e.value);
        return;
      case 'boolean':
        this.emit(`movs r0, #${e.value ? TRUE : FALSE}`);
        return;
      case 'null':
        this.emit('movs r0, #6');
        return;
      case 'undefined':
        this.emit('movs r0, #0');
        return;
      case 'string':
        this.emit(`ldr r0, =${this.ctx.stringLiteral(e.value)}`);
        return;
      case 'image':
        this.emit(`ldr r0, =${this.ctx.imageLiteral(e.pixels, e.columns, e.rows)}`);
        return;
      case 'var':
        this.load(e.var);
        return;
      case 'function':
        this.functionValue(e.fn);
        return;
      case 'closure':
        this.functionValue(e.fn);
        return;
      case 'api':
        if (e.api.kind === 'property' || e.object) {
          this.apiCall(e.api.name, e.object ? [e.object] : [], e);
          return;
        }
        this.apiConstant(e.api.name);
        return;
      case 'index':
        this.indexRead(e);
        return;
      case 'assign':
        this.assign(e.target, () => this.expr(e.value));
        return;
      case 'compound':
        this.assign(e.target, () => {
          this.lvalueRead(e.target);
          this.push();
          this.expr(e.value);
          this.combine(e.op, e.target.type, e.value.type);
        });
        return;
      case 'update':
        this.update(e);
        return;
      case 'unary':
        this.unary(e);
        return;
      case 'binary':
        if (e.op === 'in') throw unsupportedFeature('The in operator', this.loc);
        this.expr(e.left);
        this.push();
        this.expr(e.right);
        this.combine(e.op, e.left.type, e.right.type);
        return;
      case 'logical':
        this.logical(e);
        return;
      case 'cond': {
        const otherwise = this.ctx.label('cond_else');
        const end = this.ctx.label('cond_end');
        this.branchUnless(e.test, otherwise);
        this.expr(e.then);
        this.jump(end);
        this.mark(otherwise);
        this.expr(e.else);
        this.mark(end);
        return;
      }
      case 'sequence':
        for (const item of e.items) this.expr(item);
        return;
      case 'call':
        this.callExpr(e);
        return;
      case 'array':
        this.arrayLiteral(e.elements);
        return;
      case 'template': {
        this.emit(`ldr r0, =${this.ctx.stringLiteral(e.strings[0] ?? '')}`);
        e.values.forEach((value, i) => {
          this.push();
          this.expr(value);
          this.concatTop(value.type);
          const text = e.strings[i + 1] ?? '';
          if (text) {
            this.push();
            this.emit(`ldr r0, =${this.ctx.stringLiteral(text)}`);
            this.concatTop({ kind: 'string' });
          }
        });
        return;
      }
      case 'this':
      case 'field':
      case 'accessor':
      case 'new':
      case 'instanceof':
        throw unsupportedFeature('A class', this.loc);
      case 'member':
      case 'object':
      case 'delete':
        throw unsupportedFeature('An object literal or interface', this.loc);
      case 'enumObject':
        throw unsupportedFeature('An enum used as an object', this.loc);
      case 'buffer':
        throw unsupportedFeature('A hex`…` buffer literal', this.loc);
    }
  }

  private numberValue(value: number): void {
    if (Number.isInteger(value) && value >= -0x40000000 && value < 0x40000000 && !Object.is(value, -0)) {
      this.constant(value * 2 + 1);
    } else {
      this.emit(`ldr r0, =${this.ctx.numberLiteral(value)}`);
    }
  }

  private apiConstant(name: string): void {
    const constants = API_CONSTANTS;
    if (!(name in constants)) throw unsupportedCall(name, this.loc);
    if (Number.isNaN(constants[name])) {
      this.emit('movs r0, #14');
      return;
    }
    this.numberValue(constants[name]!);
  }

  private functionValue(fn: number): void {
    const target = this.ctx.module.functions[fn]!;
    if (target.capturesThis) throw unsupportedFeature('A class', this.loc);
    this.emit(`ldr r0, =${this.ctx.actionLiteral(fn)}`);
    if (target.captures.length === 0) return;
    // A closure: a RAM copy of the literal with room for the captured words (values, or the
    // cells of boxed variables), filled in capture order.
    this.emit('mov r1, r0', `movs r0, #${target.captures.length}`);
    this.call('pxt::mkAction');
    this.push();
    target.captures.forEach((id, i) => {
      this.loadWord(id);
      this.emit('mov r2, r0', `movs r1, #${i}`, 'ldr r0, [sp, #0]');
      this.call('pxtrt::stclo');
    });
    this.emit('pop {r0}');
    this.depth--;
  }

  /** r0 = right operand, [sp] = left operand: r0 = left op right, the left word dropped. */
  private combine(op: string, left: IrType, right: IrType): void {
    if (op === 'concat' || (op === '+' && (left.kind === 'string' || right.kind === 'string'))) {
      this.concatTop(right, left);
      return;
    }
    const helper = BINARY_HELPERS[op];
    if (!helper) throw unsupportedFeature(`The ${op} operator`, this.loc);
    this.push();
    this.emit('ldr r1, [sp, #0]', 'ldr r0, [sp, #4]');
    this.helper(helper);
    this.drop(2);
  }

  /** r0 = a value, [sp] = text so far: r0 = the two joined as text, the word dropped. */
  private concatTop(valueType: IrType, leftType: IrType = { kind: 'string' }): void {
    this.push();
    if (leftType.kind !== 'string' || leftType.orNull) {
      this.emit('ldr r0, [sp, #4]');
      this.helper('_to_string');
      this.emit('str r0, [sp, #4]');
    }
    if (valueType.kind !== 'string' || valueType.orNull) {
      this.emit('ldr r0, [sp, #0]');
      this.helper('_to_string');
      this.emit('str r0, [sp, #0]');
    }
    this.emit('ldr r1, [sp, #0]', 'ldr r0, [sp, #4]');
    this.helper('_concat');
    this.drop(2);
  }

  private unary(e: Extract<IrExpr, { kind: 'unary' }>): void {
    switch (e.op) {
      case '-':
        this.emit('movs r0, #1');
        this.push();
        this.expr(e.operand);
        this.combine('-', { kind: 'number' }, e.operand.type);
        return;
      case '+':
        this.expr(e.operand);
        if (e.operand.type.kind !== 'number')
          throw unsupportedFeature('Unary + on a value that is not a number', this.loc);
        return;
      case '!': {
        this.expr(e.operand);
        this.truthy();
        // movs sets the flags, so branch first.
        const falsy = this.ctx.label('not_falsy');
        const done = this.ctx.label('not_done');
        this.emit(`bne ${falsy}`, `movs r0, #${FALSE}`, `b ${done}`, `${falsy}:`, `movs r0, #${TRUE}`, `${done}:`);
        return;
      }
      case '~':
        this.expr(e.operand);
        this.push();
        this.helper('_num_bnot');
        this.drop(1);
        return;
      case 'typeof':
        this.expr(e.operand);
        this.push();
        this.helper('_type_of');
        this.drop(1);
        return;
      case 'void':
        this.expr(e.operand);
        this.emit('movs r0, #0');
        return;
    }
  }

  private logical(e: Extract<IrExpr, { kind: 'logical' }>): void {
    if (e.op === '??') throw unsupportedFeature('The ?? operator', this.loc);
    const end = this.ctx.label('logic_end');
    this.expr(e.left);
    this.push();
    this.truthy();
    this.emit('pop {r0}');
    this.depth--;
    // && stops on a falsy left value, || on a truthy one; the value is then the left one.
    this.jumpIf(e.op === '&&' ? 'ne' : 'eq', end);
    this.expr(e.right);
    this.mark(end);
  }

  private update(e: Extract<IrExpr, { kind: 'update' }>): void {
    const number: IrType = { kind: 'number' };
    this.assign(e.target, () => {
      this.lvalueRead(e.target);
      this.push();
      this.emit('movs r0, #3'); // tagged 1
      this.combine(e.op, number, number);
    });
    if (e.prefix) return;
    // Postfix: the old value, computed back from the stored one (the target is read once).
    this.push();
    this.emit('movs r0, #3');
    this.combine(e.op === '+' ? '-' : '+', number, number);
  }

  /** Reads a place whose operands are simple (compound assignment, update). */
  private lvalueRead(target: IrLValue): void {
    if (target.kind === 'var') this.load(target.var);
    else if (target.kind === 'index') this.indexRead(target);
    else throw unsupportedFeature('Assigning to this', this.loc);
  }

  /** Stores the value `value()` leaves in r0 into the place; r0 = the value afterwards. */
  private assign(target: IrLValue, value: () => void): void {
    if (target.kind === 'var') {
      value();
      this.store(target.var);
      return;
    }
    if (target.kind === 'index' && target.of === 'array') {
      this.expr(target.object);
      this.push();
      this.expr(target.index);
      this.push();
      value();
      this.push();
      this.emit('ldr r0, [sp, #4]');
      this.helper('_to_int_tagged');
      this.emit('asrs r1, r0, #1', 'ldr r0, [sp, #8]', 'ldr r2, [sp, #0]');
      this.call('Array_::setAt');
      this.emit('ldr r0, [sp, #0]');
      this.drop(3);
      return;
    }
    throw unsupportedFeature('Assigning to this', this.loc);
  }

  private indexRead(e: Extract<IrExpr, { kind: 'index' }>): void {
    const entry = e.of === 'array' ? 'Array_::getAt' : e.of === 'string' ? 'String_::charAt' : undefined;
    if (!entry) throw unsupportedFeature(`Indexing a ${e.of}`, this.loc);
    this.expr(e.object);
    this.push();
    this.expr(e.index);
    this.helper('_to_int_tagged');
    this.emit('asrs r1, r0, #1', 'ldr r0, [sp, #0]');
    this.call(entry);
    this.drop(1);
  }

  private arrayLiteral(elements: readonly IrArgument[]): void {
    this.call('Array_::mk');
    this.push();
    for (const element of elements) {
      if (element.kind === 'spread') throw unsupportedFeature('Spreading (...) a list', this.loc);
      this.expr(element);
      this.push();
      this.emit('ldr r1, [sp, #0]', 'ldr r0, [sp, #4]');
      this.call('Array_::push');
      this.drop(1);
    }
    this.emit('pop {r0}');
    this.depth--;
  }

  // -------------------------------------------------------------------------------------------
  // Calls

  private callExpr(e: Extract<IrExpr, { kind: 'call' }>): void {
    const target = e.target;
    switch (target.kind) {
      case 'function':
        this.callProgramFunction(target.fn, e.args);
        return;
      case 'closure':
        if (
          target.known !== undefined &&
          target.callee.kind !== 'var' &&
          this.ctx.module.functions[target.known]!.captures.length === 0
        ) {
          this.callProgramFunction(target.known, e.args);
          return;
        }
        this.callFunctionValue(target.callee, e.args);
        return;
      case 'api':
        this.apiCall(target.api.name, target.object ? [target.object, ...e.args] : e.args, e);
        return;
      default:
        throw unsupportedFeature('A class or object method call', this.loc);
    }
  }

  /** Evaluates arguments left to right into `count` zeroed words: argument i at [sp + 4i]. */
  private argumentWords(
    args: readonly IrArgument[],
    count: number,
    defaults: readonly (number | undefined)[] = [],
  ): void {
    if (count === 0) return;
    this.emit('movs r0, #0');
    for (let i = 0; i < count; i++) this.push();
    const base = this.depth;
    args.forEach((arg, i) => {
      if (arg.kind === 'spread') throw unsupportedFeature('Spreading (...) arguments', this.loc);
      this.expr(arg);
      if (i < count) this.emit(`str r0, [sp, #${this.offset(this.depth - base + i)}]`);
    });
    for (let i = args.length; i < count; i++) {
      const value = defaults[i];
      if (value === undefined) continue;
      this.numberValue(value);
      this.emit(`str r0, [sp, #${this.offset(i)}]`);
    }
  }

  private callProgramFunction(fn: number, args: readonly IrArgument[]): void {
    const target = this.ctx.module.functions[fn]!;
    const count = Math.max(target.params.length, args.length);
    this.argumentWords(args, count);
    this.emit(`bl ${this.ctx.functionLabel(fn)}`);
    this.drop(count);
  }

  /**
   * Calls a function value (a RefAction): its arguments in words as for any call, r4 = their
   * number, r5 = the action while it runs (saved and restored), its code at word 2. The action
   * stays on the stack during the call, where the collector sees it.
   */
  private callFunctionValue(callee: IrExpr, args: readonly IrArgument[]): void {
    // r5 first, so that the arguments end right at the callee's stack pointer.
    this.emit('push {r5}');
    this.depth++;
    this.expr(callee);
    this.push();
    const params = callee.type.kind === 'function' ? callee.type.params.length : 0;
    const count = Math.max(params, args.length);
    this.argumentWords(args, count);
    this.emit(`ldr r0, [sp, #${this.offset(count)}]`);
    this.emit(`movs r4, #${count}`, 'mov r5, r0', 'ldr r1, [r0, #8]', 'blx r1');
    this.drop(count + 1);
    this.emit('pop {r5}');
    this.depth--;
  }

  private apiCall(name: string, args: readonly IrArgument[], e: IrExpr): void {
    const binding = apiBinding(name, this.ctx.flavor);
    if (!binding) throw unsupportedCall(name, this.loc);
    if (binding.kind === 'library') {
      this.callProgramFunction(this.ctx.libraryFunction(binding.fn), args);
      return;
    }
    this.firmwareCall(binding, args, e);
  }

  private firmwareCall(binding: FirmwareBinding, args: readonly IrArgument[], e: IrExpr): void {
    const [result, ...formats] = binding.entry.argsFmt;
    if (formats.length > 4) throw unsupportedCall(binding.entry.name, this.loc);
    const count = formats.length;
    this.argumentWords(args, count, binding.defaults);
    // Conversions that may allocate (text) first, in place, while the words are scanned; then
    // integers and booleans to tagged integers, so every word stays a value until the call.
    formats.forEach((format, i) => {
      const arg = args[i];
      const type = arg && arg.kind !== 'spread' ? arg.type : undefined;
      if (format === 'S' && !(type?.kind === 'string' && !type.orNull)) {
        this.emit(`ldr r0, [sp, #${4 * i}]`);
        this.helper('_to_string');
        this.emit(`str r0, [sp, #${4 * i}]`);
      }
    });
    formats.forEach((format, i) => {
      if (format === 'I' || format === 'B') {
        this.emit(`ldr r0, [sp, #${4 * i}]`);
        this.helper(format === 'I' ? '_to_int_tagged' : '_to_bool_tagged');
        this.emit(`str r0, [sp, #${4 * i}]`);
      }
    });
    formats.forEach((format, i) => {
      this.emit(`ldr r${i}, [sp, #${4 * i}]`);
      if (format === 'I' || format === 'B') this.emit(`asrs r${i}, r${i}, #1`);
    });
    this.call(binding.entry.name);
    this.drop(count);
    switch (result) {
      case 'V':
        this.emit('movs r0, #0');
        break;
      case 'I':
        this.helper('_from_int');
        break;
      case 'B':
        this.helper('_from_bool');
        break;
      default:
        break;
    }
    void e;
  }
}

function countSwitches(list: readonly IrStmt[]): number {
  let count = 0;
  for (const s of list) {
    switch (s.kind) {
      case 'switch':
        count += 1;
        for (const c of s.cases) count += countSwitches(c.body);
        break;
      case 'if':
        count += countSwitches(s.then) + countSwitches(s.else ?? []);
        break;
      case 'block':
      case 'labeled':
        count += countSwitches(s.body);
        break;
      case 'loop':
        count += countSwitches(s.init ?? []) + countSwitches(s.body);
        break;
      case 'try':
        count += countSwitches(s.body) + countSwitches(s.handler ?? []) + countSwitches(s.finalizer ?? []);
        break;
      default:
        break;
    }
  }
  return count;
}
