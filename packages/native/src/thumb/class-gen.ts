// The learner's classes, for FunctionGen: objects, fields, methods, accessors, `new`, `super`
// and `instanceof` (docs/firmware-interface.md §7.5). An instance is `pxt::mkClassInstance(vtable)`:
// `{ vtable, field 0, field 1, … }` in the order of `IrClass.layout` (the base class's fields
// first), so field i is the word at byte 4 + 4i and needs no runtime call. Methods, constructors
// and accessors take the object as argument 0 (the other arguments follow). A virtual call finds
// the method in the object's vtable: slot k of `IrClass.vtable` is the word at byte 36 + 4k.

import type { IrArgument, IrExpr, IrType } from '@blockyard/language';
import { CallGen } from './call-gen.ts';
import { FALSE, TRUE } from './code-emitter.ts';
import { unsupportedFeature } from './native-diagnostics.ts';

/** Byte offset of the first virtual method in a class's vtable (after the header and 5 methods). */
const VTABLE_METHODS_OFFSET = 36;

export abstract class ClassGen extends CallGen {
  /** Byte offset of a field in an instance of the class. */
  protected fieldOffset(classId: number, name: string): number {
    const index = this.ctx.module.classes[classId]!.layout.indexOf(name);
    if (index < 0) throw unsupportedFeature(`The field ${name}`, this.loc);
    return 4 + 4 * index;
  }

  /** r0 = the object; checked to be one (panic 989 with the position) unless it is `this`. */
  protected objectValue(object: IrExpr): void {
    this.expr(object);
    if (object.kind === 'this') return;
    this.push();
    this.checkRef();
    this.emit('pop {r0}');
    this.depth--;
  }

  protected fieldRead(object: IrExpr, classId: number, name: string): void {
    const offset = this.fieldOffset(classId, name);
    this.objectValue(object);
    if (offset <= 124) this.emit(`ldr r0, [r0, #${offset}]`);
    else this.emit(`ldr r1, =${offset}`, 'ldr r0, [r0, r1]');
  }

  /** Stores the value `value()` leaves in r0 into the field; r0 = the value afterwards. */
  protected fieldStore(object: IrExpr, classId: number, name: string, value: () => void): void {
    const offset = this.fieldOffset(classId, name);
    this.objectValue(object);
    this.push();
    value();
    this.emit('ldr r1, [sp, #0]');
    if (offset <= 124) this.emit(`str r0, [r1, #${offset}]`);
    else this.emit(`ldr r2, =${offset}`, 'str r0, [r1, r2]');
    this.drop(1);
  }

  /** The vtable slot of a method or accessor of a class (undefined for static ones). */
  protected vtableSlot(classId: number, name: string, kind: 'method' | 'getter' | 'setter'): number | undefined {
    const index = this.ctx.module.classes[classId]!.vtable.findIndex((s) => s.name === name && s.kind === kind);
    return index < 0 ? undefined : index;
  }

  /**
   * Calls a method, constructor or accessor with `object` as argument 0: through the object's
   * vtable (slot `virtualSlot`) or directly. r0 = its result.
   */
  protected methodCall(object: IrExpr, fn: number, args: readonly IrArgument[], virtualSlot?: number): void {
    const target = this.ctx.module.functions[fn]!;
    const count = 1 + Math.max(target.params.length, args.length);
    this.argumentWords([object, ...args], count);
    this.invokeMethod(fn, object.kind !== 'this', virtualSlot);
    this.drop(count);
  }

  /** The call itself, its arguments on the stack with the object at [sp]. */
  protected invokeMethod(fn: number, checkObject: boolean, virtualSlot?: number): void {
    if (checkObject) {
      this.emit('ldr r0, [sp, #0]');
      this.checkRef();
    }
    if (virtualSlot === undefined) {
      if (this.ctx.mayRecurse(this.fn.id, fn)) this.checkStack();
      this.emit(`bl ${this.ctx.functionLabel(fn)}`);
      return;
    }
    // Any override may run: check the stack as for a function value.
    this.checkStack();
    const offset = VTABLE_METHODS_OFFSET + 4 * virtualSlot;
    this.emit('ldr r0, [sp, #0]', 'ldr r0, [r0, #0]');
    if (offset <= 124) this.emit(`ldr r0, [r0, #${offset}]`);
    else this.emit(`ldr r1, =${offset}`, 'ldr r0, [r0, r1]');
    this.emit('blx r0');
  }

  /** `new C(args)`: a fresh instance, then its constructor with it as argument 0; r0 = it. */
  protected newObject(classId: number, args: readonly IrArgument[]): void {
    const ctor = this.ctx.module.classes[classId]!.ctor;
    this.emit(`ldr r0, =${this.ctx.classVtable(classId)}`);
    this.call('pxt::mkClassInstance');
    this.push();
    const count = 1 + Math.max(this.ctx.module.functions[ctor]!.params.length, args.length);
    this.argumentWords(args, count, [], 1);
    this.emit(`ldr r0, [sp, #${this.offset(count)}]`, 'str r0, [sp, #0]');
    this.invokeMethod(ctor, false);
    this.drop(count);
    this.emit('pop {r0}');
    this.depth--;
  }

  protected override callExpr(e: Extract<IrExpr, { kind: 'call' }>): void {
    const target = e.target;
    switch (target.kind) {
      case 'method': {
        const slot = target.virtual ? this.vtableSlot(target.class, target.name, 'method') : undefined;
        this.methodCall(target.object, target.fn, e.args, slot);
        return;
      }
      case 'super':
        this.methodCall(this.thisValue(this.ctx.module.functions[target.fn]!.class!), target.fn, e.args);
        return;
      case 'superConstructor':
        this.methodCall(this.thisValue(target.class), this.ctx.module.classes[target.class]!.ctor, e.args);
        return;
      case 'dynamic': {
        // A field holding a function value: `this.onDone()`.
        const type = target.object.type;
        const field =
          type.kind === 'class' && typeof target.name === 'string'
            ? this.fieldType(type.class, target.name)
            : undefined;
        if (type.kind !== 'class' || typeof target.name !== 'string' || !field) {
          throw unsupportedFeature('A call of an object literal or interface method', this.loc);
        }
        this.callFunctionValue(
          { kind: 'field', object: target.object, class: type.class, name: target.name, type: field },
          e.args,
        );
        return;
      }
      default:
        super.callExpr(e);
    }
  }

  /** The declared type of an instance field of a class or of one of its bases. */
  protected fieldType(classId: number, name: string): IrType | undefined {
    for (let c: number | undefined = classId; c !== undefined; c = this.ctx.module.classes[c]!.base) {
      const field = this.ctx.module.classes[c]!.fields.find((f) => f.name === name);
      if (field) return field.type;
    }
    return undefined;
  }

  protected thisValue(classId: number): IrExpr {
    const name = this.ctx.module.classes[classId]!.name;
    return { kind: 'this', type: { kind: 'class', class: classId, name } };
  }

  /** A getter: called through the vtable (an override may replace it). */
  protected getterCall(object: IrExpr, classId: number, name: string, get: number | undefined): void {
    if (get === undefined) throw unsupportedFeature(`Reading ${name}, which has only a setter`, this.loc);
    if (this.ctx.module.functions[get]!.static) throw unsupportedFeature('A static getter', this.loc);
    this.methodCall(object, get, [], this.vtableSlot(classId, name, 'getter'));
  }

  /** A setter with the value `value()` leaves in r0; r0 = the value afterwards. */
  protected setterCall(
    object: IrExpr,
    classId: number,
    name: string,
    set: number | undefined,
    value: () => void,
  ): void {
    if (set === undefined) throw unsupportedFeature(`Assigning to ${name}, which has only a getter`, this.loc);
    if (this.ctx.module.functions[set]!.static) throw unsupportedFeature('A static setter', this.loc);
    this.emit('movs r0, #0');
    this.push();
    this.push();
    this.expr(object);
    this.emit('str r0, [sp, #0]');
    value();
    this.emit('str r0, [sp, #4]');
    this.invokeMethod(set, object.kind !== 'this', this.vtableSlot(classId, name, 'setter'));
    this.emit('ldr r0, [sp, #4]');
    this.drop(2);
  }

  /**
   * `value instanceof C`: true for an object whose class number is C's or a subclass's. Only for
   * values typed as a program class (anything else may be a flash literal without a vtable).
   */
  protected instanceOf(value: IrExpr, classId: number): void {
    if (!isClassType(value.type)) {
      throw unsupportedFeature('instanceof on a value that is not typed as a class', this.loc);
    }
    const [first, last] = this.ctx.classNumbers(classId);
    const no = this.ctx.label('not_instance');
    const done = this.ctx.label('instance_done');
    this.expr(value);
    this.emit('movs r1, #3', 'tst r0, r1', `bne ${no}`, 'cmp r0, #0', `beq ${no}`);
    this.emit('ldr r1, [r0, #0]', 'ldrh r1, [r1, #8]', `ldr r2, =${first}`, 'cmp r1, r2', `blo ${no}`);
    this.emit(`ldr r2, =${last}`, 'cmp r1, r2', `bhi ${no}`);
    this.emit(`movs r0, #${TRUE}`, `b ${done}`, `${no}:`, `movs r0, #${FALSE}`, `${done}:`);
  }
}

function isClassType(type: IrType): boolean {
  return type.kind === 'class';
}
