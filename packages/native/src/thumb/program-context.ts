import type { IrModule } from '@blockyard/language';
import type { FirmwareFlavor } from '../firmware/device-variant.ts';

/** What a function's code generator asks of the program around it (program-gen.ts). */
export interface ProgramContext {
  readonly module: IrModule;
  readonly flavor: FirmwareFlavor;
  /** A fresh local label. */
  label(hint: string): string;
  /** The instruction that calls runtime function `name` (the linker fills in the address). */
  runtimeCall(name: string): string;
  /** `bl` to one of the program's helper routines (runtime-helpers.ts), which is then included. */
  helper(name: string): string;
  /** Labels of literal objects in flash. */
  stringLiteral(value: string): string;
  numberLiteral(value: number): string;
  imageLiteral(pixels: string, columns: number, rows: number): string;
  /** A read-only buffer in flash (`hex` literals), its bytes as lower-case hex digit pairs. */
  bufferLiteral(hex: string): string;
  /** The RefAction literal of a function (it is then compiled). */
  actionLiteral(fn: number): string;
  /** The code label of a function (it is then compiled). */
  functionLabel(fn: number): string;
  /** The function of the device library with this IR name. */
  libraryFunction(name: string): number;
  /** True when a direct call from function `from` to `to` may nest without bound (call-graph.ts). */
  mayRecurse(from: number, to: number): boolean;
  /** The label of a program class's vtable in flash (its virtual methods are then compiled). */
  classVtable(classId: number): string;
  /**
   * The class numbers of a class and its subclasses: `[first, last]`, the class's own number
   * first (numbered in inheritance order, so the subclasses' numbers follow their base's).
   */
  classNumbers(classId: number): readonly [number, number];
  /** Global slot of a global variable (slot 0 is the runtime's). */
  globalSlot(variable: number): number;
}
