// Conditions and expressions, for FunctionGen: the value in r0, the stack as it was. Numbers are
// tagged or boxed, integer arithmetic and comparisons go through the fast-path helpers
// (runtime-helpers.ts), everything else to the runtime's numops/strings/arrays.

import type { IrArgument, IrExpr, IrLValue, IrType } from '@blockyard/language';
import { apiBinding } from './api-bindings.ts';
import { ClassGen } from './class-gen.ts';
import { FALSE, TRUE } from './code-emitter.ts';
import { COMPARISON_HELPERS } from './runtime-helpers.ts';
import { unsupportedCall, unsupportedFeature } from './native-diagnostics.ts';
import { API_CONSTANTS } from './unsupported-calls.ts';
import { SET_LENGTH, SPREAD_INTO } from './device-library-lists.ts';

/**
 * Whether `e` is text for sure: a literal, a template or a join. Anything else typed text may hold
 * null or undefined at run time, which MakeCode's device joins as "null"/"undefined" (its compiler
 * converts every such operand), as our simulator does; the firmware's join alone would not.
 */
function certainlyText(e: IrExpr): boolean {
  if (e.kind === 'string' || e.kind === 'template') return true;
  return e.kind === 'binary' && (e.op === 'concat' || e.op === '+') && e.type.kind === 'string';
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

export abstract class ExpressionGen extends ClassGen {
  // -------------------------------------------------------------------------------------------
  // Conditions

  protected branchUnless(test: IrExpr, label: string): void {
    this.condition(test);
    this.jumpIf('ne', label);
  }

  protected branchIf(test: IrExpr, label: string): void {
    this.condition(test);
    this.jumpIf('eq', label);
  }

  /** Sets Z when the value is truthy... inverted: leaves `eq` true for truthy. */
  protected condition(test: IrExpr): void {
    this.expr(test);
    this.truthy();
  }

  /** Flags from r0: `eq` when truthy, `ne` when falsy. r0 is lost. */
  protected truthy(): void {
    if (this.isBoolean(this.lastType)) {
      // A comparison helper's call just before has set these flags already.
      const last = this.body.at(-1);
      if (last?.startsWith('bl ') && COMPARISON_HELPERS.has(last.slice(3))) return;
      this.emit(`cmp r0, #${TRUE}`);
      return;
    }
    this.helper('_to_bool');
    this.emit('cmp r0, #1');
  }

  protected lastType: IrType = { kind: 'any' };

  protected isBoolean(type: IrType): boolean {
    return type.kind === 'boolean' && !type.orNull;
  }

  // -------------------------------------------------------------------------------------------
  // Expressions: the value in r0, the stack as it was.

  protected expr(e: IrExpr): void {
    this.exprInner(e);
    this.lastType = e.type;
  }

  protected exprInner(e: IrExpr): void {
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
        // Empty text is the firmware's one empty string: its toBool (if, !, ?:) and concat
        // recognise empty text by that address only, so a "" of our own would count as true.
        if (e.value === '') this.call('String_::mkEmpty');
        else this.emit(`ldr r0, =${this.ctx.stringLiteral(e.value)}`);
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
        // A value the device library makes (`soundExpression.giggle`) is a call too.
        if (e.api.kind === 'property' || e.object || apiBinding(e.api.name, this.ctx.flavor)) {
          this.apiCall(e.api.name, e.object ? [e.object] : []);
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
          if (this.combineSmallInt(e.op, e.target.type, e.value)) return;
          this.push();
          this.expr(e.value);
          this.combine(e.op, e.target.type, e.value.type, false, certainlyText(e.value));
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
        if (this.concatLiteral(e)) return;
        if (e.op === '**') {
          // Math.pow's library function (its exponent 0.5 is the square root, as in JavaScript).
          this.callProgramFunction(this.ctx.libraryFunction('__device_Math.pow'), [e.left, e.right]);
          return;
        }
        this.expr(e.left);
        if (this.combineSmallInt(e.op, e.left.type, e.right)) return;
        if (this.combineVariable(e.op, e.left.type, e.right)) return;
        this.push();
        this.expr(e.right);
        this.combine(e.op, e.left.type, e.right.type, certainlyText(e.left), certainlyText(e.right));
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
          this.concatTop(certainlyText(value));
          const text = e.strings[i + 1] ?? '';
          if (text) {
            this.push();
            this.emit(`ldr r0, =${this.ctx.stringLiteral(text)}`);
            this.concatTop(true);
          }
        });
        return;
      }
      case 'this':
        this.loadThis();
        return;
      case 'field':
        this.fieldRead(e.object, e.class, e.name);
        return;
      case 'accessor':
        this.getterCall(e.object, e.class, e.name, e.get);
        return;
      case 'new':
        this.newObject(e.class, e.args);
        return;
      case 'instanceof':
        if (e.class === undefined) throw unsupportedFeature(`instanceof ${e.library ?? ''}`.trim(), this.loc);
        this.instanceOf(e.value, e.class);
        return;
      case 'member':
      case 'object':
      case 'delete':
        throw unsupportedFeature('An object literal or interface', this.loc);
      case 'enumObject':
        throw unsupportedFeature('An enum used as an object', this.loc);
      case 'buffer':
        this.emit(`ldr r0, =${this.ctx.bufferLiteral(e.hex)}`);
        return;
    }
  }

  protected numberValue(value: number): void {
    if (Number.isInteger(value) && value >= -0x40000000 && value < 0x40000000 && !Object.is(value, -0)) {
      this.constant(value * 2 + 1);
    } else {
      this.emit(`ldr r0, =${this.ctx.numberLiteral(value)}`);
    }
  }

  protected apiConstant(name: string): void {
    const constants = API_CONSTANTS;
    if (!(name in constants)) throw unsupportedCall(name, this.loc);
    if (Number.isNaN(constants[name])) {
      this.emit('movs r0, #14');
      return;
    }
    this.numberValue(constants[name]!);
  }

  protected functionValue(fn: number): void {
    const target = this.ctx.module.functions[fn]!;
    this.emit(`ldr r0, =${this.ctx.actionLiteral(fn)}`);
    const words = target.captures.length + (target.capturesThis ? 1 : 0);
    if (words === 0) return;
    // A closure: a RAM copy of the literal with room for the captured words (values, or the
    // cells of boxed variables), filled in capture order; then `this` for an arrow that uses it.
    this.emit('mov r1, r0', `movs r0, #${words}`);
    this.call('pxt::mkAction');
    this.push();
    target.captures.forEach((id, i) => {
      this.loadWord(id);
      this.emit('mov r2, r0', `movs r1, #${i}`, 'ldr r0, [sp, #0]');
      this.call('pxtrt::stclo');
    });
    if (target.capturesThis) {
      this.loadThis();
      this.emit('mov r2, r0', `movs r1, #${target.captures.length}`, 'ldr r0, [sp, #0]');
      this.call('pxtrt::stclo');
    }
    this.emit('pop {r0}');
    this.depth--;
  }

  /**
   * r0 = left op right when the right operand is a small integer literal, with less code than
   * `combine`: the literal goes straight into r1 (the helper keeps both operands on the stack if
   * it calls the runtime). False, with nothing emitted, for anything else.
   */
  protected combineSmallInt(op: string, left: IrType, right: IrExpr): boolean {
    const helper = BINARY_HELPERS[op];
    const tagged = this.smallIntLiteral(right);
    if (!helper || tagged === undefined || op === 'concat' || (op === '+' && left.kind === 'string')) return false;
    this.combineTagged(helper, tagged);
    return true;
  }

  /**
   * r0 = left op right when the right operand is a plain variable (a load that neither calls
   * anything nor touches r0): loaded straight into r1, the left value never pushed. False, with
   * nothing emitted, for anything else.
   */
  private combineVariable(op: string, left: IrType, right: IrExpr): boolean {
    const helper = BINARY_HELPERS[op];
    if (!helper || right.kind !== 'var' || op === 'concat') return false;
    if (op === '+' && (left.kind === 'string' || right.type.kind === 'string')) return false;
    if (this.captured.has(right.var) || this.isBoxed(right.var)) return false;
    this.load(right.var, 'r1');
    this.helper(helper);
    return true;
  }

  /** r0 = r0 `helper` a small tagged integer (`movs` reaches it). */
  private combineTagged(helper: string, tagged: number): void {
    this.emit(`movs r1, #${tagged}`);
    this.helper(helper);
  }

  /** The tagged word of an integer literal that fits `cmp rX, #imm`, if the expression is one. */
  protected smallIntLiteral(e: IrExpr): number | undefined {
    if (e.kind !== 'number' || !Number.isInteger(e.value) || e.value < 0 || e.value > 127 || Object.is(e.value, -0))
      return undefined;
    return e.value * 2 + 1;
  }

  /**
   * r0 = right operand, [sp] = left operand: r0 = left op right, the left word dropped. For a
   * join, `leftText`/`rightText` say the operand is text for sure (no conversion needed).
   */
  protected combine(op: string, left: IrType, right: IrType, leftText = false, rightText = false): void {
    if (op === 'concat' || (op === '+' && (left.kind === 'string' || right.kind === 'string'))) {
      this.concatTop(rightText, leftText);
      return;
    }
    const helper = BINARY_HELPERS[op];
    if (!helper) throw unsupportedFeature(`The ${op} operator`, this.loc);
    // The helper keeps both on the stack again if it calls the runtime.
    this.emit('mov r1, r0', 'pop {r0}');
    this.depth--;
    this.helper(helper);
  }

  /**
   * Text joined to a text literal (`"score " + n`, `n + " points"`): the other side computed and
   * made text, then the literal (in flash: nothing to keep) loaded beside it, no stack words.
   * Between the conversion and `_concat` (which keeps both on the stack) nothing allocates.
   * False, with nothing emitted, for anything else.
   */
  private concatLiteral(e: Extract<IrExpr, { kind: 'binary' }>): boolean {
    if (e.op !== 'concat' && e.op !== '+') return false;
    const [text, other, literalLeft] =
      e.left.kind === 'string' ? [e.left, e.right, true] : e.right.kind === 'string' ? [e.right, e.left, false] : [];
    if (!text || !other) return false;
    this.expr(other);
    if (!certainlyText(other)) this.helper('_to_string');
    // `"" + x` is x as text (the firmware's join would copy it when "" is not its own).
    if (text.value === '') return true;
    const literal = this.ctx.stringLiteral(text.value);
    if (literalLeft) this.emit('mov r1, r0', `ldr r0, =${literal}`);
    else this.emit(`ldr r1, =${literal}`);
    this.helper('_concat');
    return true;
  }

  /**
   * r0 = a value, [sp] = text so far: r0 = the two joined as text, the word dropped. Each side
   * that is not text for sure is converted first.
   */
  protected concatTop(valueText: boolean, leftText = true): void {
    this.push();
    if (!leftText) {
      this.emit('ldr r0, [sp, #4]');
      this.helper('_to_string');
      this.emit('str r0, [sp, #4]');
    }
    if (!valueText) {
      this.emit('ldr r0, [sp, #0]');
      this.helper('_to_string');
      this.emit('str r0, [sp, #0]');
    }
    this.emit('pop {r1}', 'pop {r0}');
    this.depth -= 2;
    this.helper('_concat');
  }

  protected unary(e: Extract<IrExpr, { kind: 'unary' }>): void {
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
        this.helper('_num_bnot');
        return;
      case 'typeof':
        this.expr(e.operand);
        this.helper('_type_of');
        return;
      case 'void':
        this.expr(e.operand);
        this.emit('movs r0, #0');
        return;
    }
  }

  protected logical(e: Extract<IrExpr, { kind: 'logical' }>): void {
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

  protected update(e: Extract<IrExpr, { kind: 'update' }>): void {
    this.assign(e.target, () => {
      this.lvalueRead(e.target);
      this.combineTagged(BINARY_HELPERS[e.op]!, 3); // tagged 1
    });
    if (e.prefix) return;
    // Postfix: the old value, computed back from the stored one (the target is read once).
    this.combineTagged(BINARY_HELPERS[e.op === '+' ? '-' : '+']!, 3);
  }

  /** Reads a place whose operands are simple (compound assignment, update). */
  protected lvalueRead(target: IrLValue): void {
    if (target.kind === 'var') this.load(target.var);
    else if (target.kind === 'index') this.indexRead(target);
    else if (target.kind === 'field') this.fieldRead(target.object, target.class, target.name);
    else if (target.kind === 'accessor') this.getterCall(target.object, target.class, target.name, target.get);
    else if (isLengthTarget(target)) this.expr(target);
    else throw unsupportedFeature('Assigning to this', this.loc);
  }

  /** Stores the value `value()` leaves in r0 into the place; r0 = the value afterwards. */
  protected assign(target: IrLValue, value: () => void): void {
    if (target.kind === 'var') {
      value();
      this.store(target.var);
      return;
    }
    if (target.kind === 'field') {
      this.fieldStore(target.object, target.class, target.name, value);
      return;
    }
    if (target.kind === 'accessor') {
      this.setterCall(target.object, target.class, target.name, target.set, value);
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
    if (isLengthTarget(target)) {
      this.expr(target.object!);
      this.push();
      value();
      this.push();
      this.emit(`bl ${this.ctx.functionLabel(this.ctx.libraryFunction(SET_LENGTH))}`);
      this.emit('ldr r0, [sp, #0]');
      this.drop(2);
      return;
    }
    throw unsupportedFeature('Assigning to this', this.loc);
  }

  protected indexRead(e: Extract<IrExpr, { kind: 'index' }>): void {
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

  protected arrayLiteral(elements: readonly IrArgument[]): void {
    this.call('Array_::mk');
    this.push();
    for (const element of elements) {
      if (element.kind === 'spread') {
        // Only a list spreads here (text would spread into its characters in the simulator).
        if (element.value.type.kind !== 'array')
          throw unsupportedFeature('Spreading (...) something that is not a list', this.loc);
        this.expr(element.value);
        this.push();
        this.emit(`bl ${this.ctx.functionLabel(this.ctx.libraryFunction(SPREAD_INTO))}`);
        this.drop(1);
        continue;
      }
      this.expr(element);
      this.push();
      this.emit('ldr r1, [sp, #0]', 'ldr r0, [sp, #4]');
      this.call('Array_::push');
      this.drop(1);
    }
    this.emit('pop {r0}');
    this.depth--;
  }
}

/** `list.length` as a place: `list.length = n`, `+=` and `++` call the library's setLength. */
function isLengthTarget(target: IrLValue): target is Extract<IrLValue, { kind: 'api' }> {
  return target.kind === 'api' && target.api.name === 'Array.length' && target.object !== undefined;
}
