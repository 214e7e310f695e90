// Calls, for FunctionGen: program functions, function values (closures), firmware entries with
// their argument formats, and the device library. Arguments stay on the stack during a call, so
// the collector sees them (docs/firmware-interface.md §6-§8).

import type { IrArgument, IrExpr } from '@blockyard/language';
import type { FirmwareFlavor } from '../firmware/device-variant.ts';
import {
  apiBinding,
  firmwareStubBinding,
  FIRMWARE_STUB_PREFIX,
  HELPER_STUB_PREFIX,
  type FirmwareBinding,
} from './api-bindings.ts';
import { CodeEmitter, FALSE, TRUE } from './code-emitter.ts';
import { ASSERT_PANIC_CODE, PANIC_TEXTS } from './runtime-helpers.ts';
import { unsupportedCall, unsupportedFeature, unsupportedSpread } from './native-diagnostics.ts';
import { API_CONSTANTS } from './unsupported-calls.ts';
import { SPLICE_ITEMS } from './device-library-lists.ts';

/** The firmware's list push (its result is made the new length). */
const PUSH = 'Array_::push';

/**
 * API functions that take any number of values, whose usual form takes `fixed` of them (the
 * firmware's fromCharCode one code, the library's max and min two numbers): other counts call
 * the library function `fn` with the values in a list.
 */
const VALUES_AS_LIST: Readonly<Record<string, { fixed: number; fn: string }>> = {
  'String.fromCharCode': { fixed: 1, fn: '__device_strings.fromCharCodes' },
  'Math.max': { fixed: 2, fn: '__device_Math.maxOf' },
  'Math.min': { fixed: 2, fn: '__device_Math.minOf' },
};

export abstract class CallGen extends CodeEmitter {
  /** Evaluates an expression into r0 (expression-gen.ts). */
  protected abstract expr(e: IrExpr): void;
  /** r0 = a number (tagged when it fits, else boxed). */
  protected abstract numberValue(value: number): void;

  // -------------------------------------------------------------------------------------------
  // Calls

  protected callExpr(e: Extract<IrExpr, { kind: 'call' }>): void {
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
        this.apiCall(target.api.name, target.object ? [target.object, ...e.args] : e.args);
        return;
      default:
        throw unsupportedFeature('A class or object method call', this.loc);
    }
  }

  /**
   * Evaluates arguments left to right into `count` words: argument i at [sp + 4(first + i)]
   * (the words before `first` are the caller's to fill: a new object for its constructor).
   * Pushed last first where the order of evaluation cannot show (pushOrderHolds); otherwise
   * zeroed words are pushed first and filled in order, so each word is a value at any time.
   */
  protected argumentWords(
    args: readonly IrArgument[],
    count: number,
    defaults: readonly (number | undefined)[] = [],
    first = 0,
  ): void {
    if (count === 0) return;
    if (first === 0 && args.length <= count && pushOrderHolds(args, this.ctx.flavor)) {
      for (let i = count - 1; i >= 0; i--) {
        const arg = args[i];
        if (arg !== undefined && arg.kind !== 'spread') this.expr(arg);
        else if (defaults[i] !== undefined) this.numberValue(defaults[i]!);
        else this.emit('movs r0, #0');
        this.push();
      }
      return;
    }
    this.emit('movs r0, #0');
    for (let i = 0; i < count; i++) this.push();
    const base = this.depth;
    args.forEach((arg, i) => {
      if (arg.kind === 'spread') throw unsupportedSpread(this.loc);
      this.expr(arg);
      if (first + i < count) this.emit(`str r0, [sp, #${this.offset(this.depth - base + first + i)}]`);
    });
    for (let i = args.length; i < count; i++) {
      const value = defaults[i];
      if (value === undefined) continue;
      this.numberValue(value);
      this.emit(`str r0, [sp, #${this.offset(i)}]`);
    }
  }

  protected callProgramFunction(fn: number, args: readonly IrArgument[]): void {
    const target = this.ctx.module.functions[fn]!;
    if (target.name.startsWith(FIRMWARE_STUB_PREFIX)) {
      // A device library stand-in: the firmware function itself is called (its body never is).
      const stub = firmwareStubBinding(target.name, this.ctx.flavor);
      if (!stub) throw new Error(`no firmware entry for the device library's ${target.name}`);
      this.firmwareCall(stub, args);
      return;
    }
    if (target.name.startsWith(HELPER_STUB_PREFIX)) {
      if (args.length > 0) throw new Error(`the device library's ${target.name} takes no argument`);
      this.helper(`_${target.name.slice(HELPER_STUB_PREFIX.length)}`);
      return;
    }
    const count = Math.max(target.params.length, args.length);
    this.argumentWords(args, count);
    if (this.ctx.mayRecurse(this.fn.id, fn)) this.checkStack();
    this.emit(`bl ${this.ctx.functionLabel(fn)}`);
    this.drop(count);
  }

  /**
   * Calls a function value (a RefAction): its arguments in words as for any call, r4 = their
   * number, r5 = the action while it runs (saved and restored), its code at word 2. The action
   * stays on the stack during the call, where the collector sees it.
   */
  protected callFunctionValue(callee: IrExpr, args: readonly IrArgument[]): void {
    // r5 first, so that the arguments end right at the callee's stack pointer.
    this.emit('push {r5}');
    this.depth++;
    this.expr(callee);
    this.push();
    const params = callee.type.kind === 'function' ? callee.type.params.length : 0;
    const count = Math.max(params, args.length);
    this.argumentWords(args, count);
    this.emit(`ldr r0, [sp, #${this.offset(count)}]`);
    this.checkRef();
    this.checkStack();
    this.emit(`ldr r0, [sp, #${this.offset(count)}]`);
    this.emit(`movs r4, #${count}`, 'mov r5, r0', 'ldr r1, [r0, #8]', 'blx r1');
    this.drop(count + 1);
    this.emit('pop {r5}');
    this.depth--;
  }

  /** The statement's position as the program prints it: "main.ts:3\r\n" (a text literal). */
  protected positionLiteral(): string {
    const where = this.loc === undefined ? undefined : this.ctx.module.locations[this.loc];
    const position = where ? `${this.ctx.module.files[where[0]]}:${where[1]}` : 'an unknown place';
    return this.ctx.stringLiteral(`${position}${PANIC_TEXTS.newLine}`);
  }

  /**
   * Stops with the firmware's cast panic and the statement's position on serial unless r0 is an
   * object: 989 for null or undefined, 982 for a number, 981 for true/false (clobbers r0-r3, r7).
   */
  protected checkRef(): void {
    this.emit(`ldr r2, =${this.positionLiteral()}`);
    this.helper('_check_ref');
  }

  /** Stops with panic 916 and the statement's position when the stack is nearly used up. */
  protected checkStack(): void {
    this.emit(`ldr r2, =${this.positionLiteral()}`);
    this.helper('_check_stack');
  }

  /**
   * `control.panic(code)`: the position on serial, then the firmware's panic with that code.
   * `control.assert(condition, msg?)`: when the condition is false, what the simulator writes
   * ("ASSERTION FAILED", then msg when given) and panic 98 with the position.
   */
  protected panicCall(name: 'control.panic' | 'control.assert', args: readonly IrArgument[]): void {
    const [first, message] = args;
    if (first === undefined || first.kind === 'spread' || message?.kind === 'spread') {
      throw unsupportedSpread(this.loc);
    }
    const done = this.ctx.label('assert_ok');
    if (name === 'control.assert') {
      this.expr(first);
      this.helper('_to_bool');
      this.emit('cmp r0, #0');
      this.jumpIf('ne', done);
      // The message first (it may print itself), then the lines in one turn at the serial port
      // (see _serial_take), so another fiber's line never splits them or makes the firmware
      // refuse them.
      if (message) {
        this.expr(message);
        this.push();
      }
      this.helper('_serial_take');
      this.emit(`ldr r0, =${this.ctx.stringLiteral(PANIC_TEXTS.assert)}`);
      this.call('serial::writeString');
      if (message) {
        const skip = this.ctx.label('no_msg');
        this.emit('ldr r0, [sp, #0]', 'cmp r0, #0', `beq ${skip}`, 'cmp r0, #6', `beq ${skip}`);
        this.helper('_to_string');
        this.call('serial::writeString');
        this.emit(`ldr r0, =${this.ctx.stringLiteral(PANIC_TEXTS.newLine)}`);
        this.call('serial::writeString');
        this.mark(skip);
        this.drop(1);
      }
      this.helper('_serial_give');
      this.emit(`ldr r0, =${(ASSERT_PANIC_CODE << 1) | 1}`);
    } else {
      this.expr(first);
      this.helper('_to_int_tagged');
    }
    this.emit(`ldr r1, =${this.ctx.stringLiteral(PANIC_TEXTS.none)}`);
    this.emit(`ldr r2, =${this.positionLiteral()}`);
    this.helper('_panic_at');
    this.mark(done);
    this.emit('movs r0, #0');
  }

  protected apiCall(name: string, args: readonly IrArgument[]): void {
    const binding = apiBinding(name, this.ctx.flavor);
    if (!binding) throw unsupportedCall(name, this.loc);
    if (binding.kind === 'generated') {
      this.panicCall(binding.name, args);
      return;
    }
    const listed = VALUES_AS_LIST[name];
    if (listed && args.length !== listed.fixed) {
      // Any other number of values goes to the library as one list (a spread is refused there).
      const list: IrExpr = { kind: 'array', elements: args, type: { kind: 'array', element: { kind: 'number' } } };
      this.callProgramFunction(this.ctx.libraryFunction(listed.fn), [list]);
      return;
    }
    if (binding.kind === 'library') {
      // The library's concat takes the list and four more (the receiver is argument 0).
      if (name === 'Array.concat' && args.length > 5)
        throw unsupportedFeature('concat of more than four lists', this.loc);
      this.callProgramFunction(
        name === 'Array.splice' && needsItemList(args)
          ? this.ctx.libraryFunction(SPLICE_ITEMS)
          : this.ctx.libraryFunction(binding.fn),
        name === 'Array.splice' ? this.spliceArguments(args) : args,
      );
      return;
    }
    this.firmwareCall(binding, args);
  }

  /**
   * The library's splice takes how many items to put in (up to four), then the items; more
   * items, or spread ones, go to spliceItems in one list literal (which spreads them).
   */
  private spliceArguments(args: readonly IrArgument[]): readonly IrArgument[] {
    if (args.length <= 3) return args;
    if (needsItemList(args)) {
      const items = args.slice(3);
      const element = items.map((item) => (item.kind === 'spread' ? item.value.type : item.type))[0]!;
      const list: IrExpr = { kind: 'array', elements: items, type: { kind: 'array', element } };
      return [...args.slice(0, 3), list];
    }
    const added: IrExpr = { kind: 'number', value: args.length - 3, type: { kind: 'number' } };
    return [...args.slice(0, 3), added, ...args.slice(3)];
  }

  protected firmwareCall(binding: FirmwareBinding, args: readonly IrArgument[]): void {
    const [result, ...formats] = binding.entry.argsFmt;
    if (formats.length > 4) throw unsupportedCall(binding.entry.name, this.loc);
    const count = formats.length;
    const direct = binding.entry.name === PUSH ? undefined : this.constantRegisters(formats, args, binding.defaults);
    if (direct) {
      this.emit(...direct);
      this.call(binding.entry.name);
      this.firmwareResult(result!);
      return;
    }
    this.argumentWords(args, count, binding.defaults);
    // The firmware reads object arguments without looking: null would be read as an object.
    formats.forEach((format, i) => {
      const arg = args[i];
      const text = format === 'S' && arg?.kind !== 'spread' && arg?.type.kind === 'string' && !arg.type.orNull;
      if ((OBJECT_FORMATS.has(format) || text) && !certainObject(arg)) {
        this.emit(`ldr r0, [sp, #${4 * i}]`);
        this.checkRef();
      }
    });
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
    // An integer literal's word is a tagged integer already (numberValue): nothing to convert.
    const literal = (i: number) => {
      const arg = args[i];
      return arg?.kind === 'number' && Number.isInteger(arg.value) && !Object.is(arg.value, -0) ? arg.value : undefined;
    };
    formats.forEach((format, i) => {
      if (format === 'B') {
        this.emit(`ldr r0, [sp, #${4 * i}]`);
        this.helper('_to_bool_tagged');
        this.emit(`str r0, [sp, #${4 * i}]`);
      }
    });
    // Integers are converted as they are loaded (`_int_arg_rN` keeps the other registers).
    formats.forEach((format, i) => {
      const value = format === 'I' ? literal(i) : undefined;
      if (value !== undefined && value >= 0 && value <= 255) this.emit(`movs r${i}, #${value}`);
      else {
        this.emit(`ldr r${i}, [sp, #${4 * i}]`);
        if (format === 'B' || (value !== undefined && Math.abs(value) < 0x40000000)) this.emit(`asrs r${i}, r${i}, #1`);
        else if (format === 'I') this.helper(`_int_arg_r${i}`);
      }
    });
    this.call(binding.entry.name);
    if (binding.entry.name === PUSH) {
      // The firmware's push returns nothing; `list.push(x)` is the new length, as in the simulator.
      this.emit('ldr r0, [sp, #0]');
      this.call('Array_::length');
      this.drop(count);
      this.firmwareResult('I');
      return;
    }
    this.drop(count);
    this.firmwareResult(result!);
  }

  /** r0 = a firmware function's result (format `result`) as a value. */
  private firmwareResult(result: string): void {
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
  }

  /**
   * The loads of a firmware call's arguments straight into r0-r3 when every one is a constant in
   * its final format (a raw integer or boolean, a tagged word, a literal in flash): nothing the
   * collector must see, nothing to convert at run time. Undefined for anything else.
   */
  private constantRegisters(
    formats: readonly string[],
    args: readonly IrArgument[],
    defaults: readonly (number | undefined)[] = [],
  ): string[] | undefined {
    if (args.length > formats.length) return undefined;
    const lines: string[] = [];
    for (let i = 0; i < formats.length; i++) {
      const format = formats[i]!;
      const arg = args[i];
      const register = `r${i}`;
      if (arg?.kind === 'spread') return undefined;
      let word: number | string | undefined;
      const number = arg === undefined ? defaults[i] : this.constantNumber(arg);
      if (arg === undefined && number === undefined) {
        // A missing argument is undefined: 0 as a raw integer or boolean too.
        if (format !== 'I' && format !== 'B' && format !== 'N' && format !== 'T') return undefined;
        word = 0;
      } else if (number !== undefined) {
        const small = Number.isInteger(number) && Math.abs(number) < 0x40000000 && !Object.is(number, -0);
        if (format === 'I') {
          if (!small) return undefined;
          word = number;
        } else if (format === 'N' || format === 'T') {
          word = small ? number * 2 + 1 : this.ctx.numberLiteral(number);
        } else return undefined;
      } else if (arg!.kind === 'boolean') {
        if (format === 'B') word = arg.value ? 1 : 0;
        else if (format === 'T') word = arg.value ? TRUE : FALSE;
        else return undefined;
      } else if (arg!.kind === 'string' && (format === 'S' || format === 'T')) {
        word = this.ctx.stringLiteral(arg.value);
      } else if (arg!.kind === 'image' && (format === '_Image' || format === 'T')) {
        word = this.ctx.imageLiteral(arg.pixels, arg.columns, arg.rows);
      } else if (arg!.kind === 'buffer' && (format === '_Buffer' || format === 'T')) {
        word = this.ctx.bufferLiteral(arg.hex);
      } else if ((arg!.kind === 'function' || arg!.kind === 'closure') && (format === '_Action' || format === 'T')) {
        const target = this.ctx.module.functions[arg.fn]!;
        if (target.captures.length > 0 || target.capturesThis) return undefined;
        word = this.ctx.actionLiteral(arg.fn);
      } else return undefined;
      if (typeof word === 'string') lines.push(`ldr ${register}, =${word}`);
      else if (word >= 0 && word <= 255) lines.push(`movs ${register}, #${word}`);
      else lines.push(`ldr ${register}, =${word | 0}`);
    }
    return lines;
  }

  /** The value of a number literal or a named constant (`Button.A`), if the argument is one. */
  private constantNumber(arg: IrExpr): number | undefined {
    if (arg.kind === 'number') return arg.value;
    if (arg.kind !== 'api' || !isConstant(arg, this.ctx.flavor)) return undefined;
    const value = API_CONSTANTS[arg.api.name];
    return value === undefined || Number.isNaN(value) ? undefined : value;
  }
}

/**
 * Whether arguments evaluated last first give what left to right gives: at most one of them does
 * anything but read (a call, an assignment, …), and then all the others are constants (reading a
 * variable before or after it may differ); or none does anything but read.
 */
function pushOrderHolds(args: readonly IrArgument[], flavor: FirmwareFlavor): boolean {
  let acting = 0;
  let reading = 0;
  for (const arg of args) {
    if (arg.kind === 'spread') return false;
    if (isConstant(arg, flavor)) continue;
    if (arg.kind === 'var' || arg.kind === 'this') reading++;
    else acting++;
  }
  return acting === 0 || (acting === 1 && reading === 0);
}

/** A value fixed at build time: a literal, or a function that captures nothing. */
function isConstant(e: IrExpr, flavor: FirmwareFlavor): boolean {
  switch (e.kind) {
    case 'number':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'string':
    case 'image':
    case 'buffer':
      return true;
    case 'api':
      // An enum member or named constant (`Button.A`), not a call the device library makes.
      return e.api.kind !== 'property' && !e.object && !apiBinding(e.api.name, flavor);
    default:
      return false;
  }
}

/** Argument formats that are objects the firmware dereferences (docs/firmware-interface.md §6). */
const OBJECT_FORMATS = new Set(['_RefCollection', '_Image', '_Buffer']);

/** Arguments that cannot be null: fresh literals and text made by the program. */
function certainObject(arg: IrArgument | undefined): boolean {
  if (arg === undefined) return false;
  switch (arg.kind) {
    case 'array':
    case 'buffer':
    case 'image':
    case 'string':
    case 'template':
      return true;
    case 'binary':
      return arg.op === 'concat' || arg.op === '+';
    default:
      return false;
  }
}

/** A splice whose items do not fit the library splice's four: more of them, or spread ones. */
function needsItemList(args: readonly IrArgument[]): boolean {
  return args.length > 7 || args.slice(3).some((arg) => arg.kind === 'spread');
}
