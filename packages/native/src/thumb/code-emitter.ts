// The frame and the emitting primitives of one function's code generator (FunctionGen, built in
// layers: this, call-gen.ts, expression-gen.ts, function-gen.ts), following the firmware's
// binary interface (docs/firmware-interface.md §6-§8):
//
//   entry:  arguments at [sp + 4i] (argument 0 lowest; actions get them from the trampoline)
//   frame:  push {lr}, then one zeroed word per local/temporary; the body addresses them
//           sp-relative, counting the words it has pushed since (`depth`)
//   values: every value is a tagged word (integers (n << 1) | 1, pointers, specials), so the
//           collector can scan the whole frame; an expression leaves its value in r0
//   calls:  program functions: arguments pushed last first (where the order of evaluation
//           cannot show) or stored in zeroed words, bl, drop them; runtime functions: the same
//           words, loaded into r0-r3 (converted to the entry's formats) while they stay on the
//           stack, a safe point (sp -> [r6, #4]), bl, drop them.
//
// Control flow uses `b` and `beq`/`bne` (program-gen.ts makes a `b` a `bl`, which reaches
// anywhere as lr is saved on entry, and a far conditional the opposite one around a `bl`).

import type { IrFunction, IrStmt } from '@blockyard/language';
import { unsupportedFeature } from './native-diagnostics.ts';
import type { ProgramContext } from './program-context.ts';

export const TRUE = 66;
export const FALSE = 10;
/** The farthest sp-relative word a Thumb-1 load or store reaches. */
export const MAX_FRAME_WORDS = 255;

export interface Loop {
  readonly label: number;
  readonly breakTo: string;
  readonly continueTo?: string;
}

/** A function's frame, its variables and the instructions every part of the generator emits. */
export abstract class CodeEmitter {
  protected readonly body: string[] = [];
  protected depth = 0;
  protected readonly slots = new Map<number, number>();
  protected slotCount = 0;
  protected readonly params = new Map<number, number>();
  /** Variables of enclosing functions: word i of the closure (r5), `[r5, #12 + 4i]`. */
  protected readonly captured = new Map<number, number>();
  protected readonly loops: Loop[] = [];
  protected loc: number | undefined;
  protected sinceLiteralPool = 0;
  /** A literal load (`ldr rX, =…`) was emitted since the last pool. */
  protected literalWaiting = false;
  protected readonly exit: string;

  constructor(
    protected readonly ctx: ProgramContext,
    protected readonly fn: IrFunction,
  ) {
    this.exit = ctx.label('ret');
    if (fn.rest !== undefined) throw unsupportedFeature('A ...rest parameter', undefined);
    // Instance methods, constructors and accessors get the object as a hidden argument 0.
    this.hasThis =
      (fn.kind === 'method' || fn.kind === 'constructor' || fn.kind === 'getter' || fn.kind === 'setter') && !fn.static;
    fn.captures.forEach((id, i) => this.captured.set(id, i));
    fn.params.forEach((id, i) => this.params.set(id, i + (this.hasThis ? 1 : 0)));
    for (const id of fn.locals) this.slots.set(id, this.slotCount++);
    // One hidden word per switch for its value, allocated up front so offsets never move.
    this.switchSlot = this.slotCount;
    this.slotCount += countSwitches(fn.body);
  }

  protected switchSlot: number;
  protected readonly hasThis: boolean;

  // -------------------------------------------------------------------------------------------
  // Emitting

  protected emit(...lines: string[]): void {
    // Loops, not closures per call: every instruction of every build is emitted here.
    for (const line of lines) this.body.push(line);
    // Lines since the first literal load after the last pool: none waiting, no island needed.
    if (this.literalWaiting) this.sinceLiteralPool += lines.length;
    else if (hasLiteralLoad(lines)) {
      this.literalWaiting = true;
      this.sinceLiteralPool = lines.length;
    }
    // Also inside a statement: one long expression (a sum of hundreds of globals) may need more.
    this.literalPoolIsland();
  }

  protected push(): void {
    this.emit('push {r0}');
    this.depth++;
  }

  protected drop(words: number): void {
    if (words === 0) return;
    let bytes = words * 4;
    while (bytes > 0) {
      const step = Math.min(bytes, 508);
      this.emit(`add sp, #${step}`);
      bytes -= step;
    }
    this.depth -= words;
  }

  /**
   * A jump anywhere in the function: `b` (±2 KB), which program-gen.ts turns into `bl` (any
   * distance; lr is saved on entry) where the target may be out of its reach.
   */
  protected jump(label: string): void {
    this.emit(`b ${label}`);
  }

  /**
   * Jumps to `label` when the condition code holds: a conditional branch, which program-gen.ts
   * turns into the opposite one around a `bl` where the target may be out of its reach.
   */
  protected jumpIf(condition: 'eq' | 'ne', label: string): void {
    this.emit(`b${condition} ${label}`);
  }

  protected mark(label: string): void {
    this.emit(`${label}:`);
  }

  protected call(runtime: string): void {
    this.emit('mov r7, sp', 'str r7, [r6, #4]', this.ctx.runtimeCall(runtime));
  }

  protected helper(name: string): void {
    this.emit(this.ctx.helper(name));
  }

  /** r0 = a constant tagged word. */
  protected constant(word: number): void {
    if (word >= 0 && word <= 255) this.emit(`movs r0, #${word}`);
    else this.emit(`ldr r0, =${word | 0}`);
  }

  protected offset(words: number): number {
    const bytes = words * 4;
    if (bytes > 1020) throw unsupportedFeature(`A function with this many variables (${this.fn.name})`, this.loc);
    return bytes;
  }

  /** Keeps literal pools within reach of the loads that use them (1 KB on Thumb-1). */
  protected literalPoolIsland(): void {
    if (!this.literalWaiting || this.sinceLiteralPool < 150) return;
    this.literalWaiting = false;
    this.sinceLiteralPool = 0;
    const after = this.ctx.label('pool');
    // A jump around the pool: registers, flags and the stack stay as they are.
    this.body.push(`b ${after}`, '.ltorg', `${after}:`);
  }

  // -------------------------------------------------------------------------------------------
  // Variables

  protected isBoxed(id: number): boolean {
    const variable = this.ctx.module.variables[id]!;
    return variable.boxed && variable.storage !== 'global';
  }

  /** r0 = the word that holds the variable: its value, or its cell when boxed. */
  protected loadWord(id: number): void {
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

  protected load(id: number, register = 'r0'): void {
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
      else this.emit(...globalOffsetInR3(slot * 4), `ldr ${register}, [r7, r3]`);
      return;
    }
    this.emit(`ldr ${register}, [sp, #${this.offset(this.frameWord(id))}]`);
  }

  /**
   * r0 = `this`: argument 0 of a method, constructor or accessor; in an arrow function that
   * uses its creator's `this`, the closure word after its captured variables.
   */
  protected loadThis(): void {
    if (this.hasThis) {
      this.emit(`ldr r0, [sp, #${this.offset(this.depth + this.slotCount + 1)}]`);
      return;
    }
    if (this.fn.capturesThis) {
      const index = this.fn.captures.length;
      if (12 + 4 * index > 124) {
        throw unsupportedFeature(`A function that uses this many outside variables (${this.fn.name})`, this.loc);
      }
      this.emit(`ldr r0, [r5, #${12 + 4 * index}]`);
      return;
    }
    throw unsupportedFeature('Using this outside a class', this.loc);
  }

  /** Stores r0 (kept) into a variable. */
  protected store(id: number): void {
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
      else this.emit(...globalOffsetInR3(slot * 4), `str r0, [r7, r3]`);
      return;
    }
    this.emit(`str r0, [sp, #${this.offset(this.frameWord(id))}]`);
  }

  protected frameWord(id: number): number {
    const slot = this.slots.get(id);
    if (slot !== undefined) return this.depth + slot;
    const param = this.params.get(id);
    if (param !== undefined) return this.depth + this.slotCount + 1 + param;
    const variable = this.ctx.module.variables[id]!;
    throw unsupportedFeature(`Using ${variable.name} from an enclosing function`, this.loc);
  }
}

function hasLiteralLoad(lines: readonly string[]): boolean {
  for (const line of lines) if (line.includes(', =')) return true;
  return false;
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

/**
 * r3 = a global's byte offset beyond a load's reach (124): in instructions while it fits them, a
 * literal only after that. A literal costs a pool word next to its 2-byte load, and pools need
 * islands (a jump around them) every few hundred bytes: programs with many globals spent a
 * tenth of their code on these. The flags change, which no caller keeps across a variable.
 */
function globalOffsetInR3(bytes: number): string[] {
  if (bytes <= 255) return [`movs r3, #${bytes}`];
  if (bytes <= 1020) return [`movs r3, #${bytes >> 2}`, 'lsls r3, r3, #2'];
  return [`ldr r3, =${bytes}`];
}
