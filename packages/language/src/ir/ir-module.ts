// The IR of a whole program: what the shared front end (type check, wait analysis, lowering)
// hands to a back end. Plain data (numbers index the module's tables), so it can be dumped,
// compared and passed across a worker boundary.
//
//   module.functions[0]         the main function: every file's top-level code, in run order
//   module.functions[i]         program functions, methods, constructors, accessors, closures
//   module.classes / globals / enums / variables / apis / locations
//
// See ir-nodes.ts for statements and expressions, ir-types.ts for value types.

import type { IrApi, IrStmt } from './ir-nodes.ts';
import type { IrType } from './ir-types.ts';

export interface IrModule {
  /** Learner files in run order (other files first, `main.ts` last); `IrLocation[0]` indexes it. */
  readonly files: readonly string[];
  /** `functions[0]` is `main`; a function's id is its index. */
  readonly functions: readonly IrFunction[];
  readonly classes: readonly IrClass[];
  /** Every variable of the program (globals, locals, parameters, temporaries); id = index. */
  readonly variables: readonly IrVariable[];
  /** Ids of the global variables, in declaration order. */
  readonly globals: readonly number[];
  readonly enums: readonly IrEnum[];
  /** Every library function, method and value the program uses, once each. */
  readonly apis: readonly IrApi[];
  /** Statement id -> where it is in the source; ids follow the source order. */
  readonly locations: readonly IrLocation[];
}

/** [file index, line, column], line and column 1-based. */
export type IrLocation = readonly [number, number, number];

export type IrFunctionKind = 'main' | 'function' | 'method' | 'constructor' | 'getter' | 'setter' | 'closure';

export interface IrFunction {
  readonly id: number;
  /** `main`, `blink`, `lights.blink` (namespace), `Sprite.move`, `Sprite.constructor`, `main$1` (closure). */
  readonly name: string;
  readonly kind: IrFunctionKind;
  /** Methods, constructors and accessors: their class. */
  readonly class?: number;
  readonly static?: boolean;
  /** Closures: the function they are created in. */
  readonly parent?: number;
  /** Closures: `true` for arrow functions (`this` is the creator's, see `capturesThis`). */
  readonly arrow?: boolean;
  /** Parameter variables in order (default values are assigned at the start of `body`). */
  readonly params: readonly number[];
  /** A `...rest` parameter, last (an array). */
  readonly rest?: number;
  /** Every other variable the function owns: locals and temporaries. */
  readonly locals: readonly number[];
  /**
   * Closures: variables of enclosing functions that this one (or a closure inside it) uses, in
   * first-use order. Each is read from the creating frame when the closure is made; the ones
   * with `IrVariable.boxed` are shared cells, the rest can be copied.
   */
  readonly captures: readonly number[];
  /** An arrow function that uses `this` (the creator's `this` is captured). */
  readonly capturesThis: boolean;
  readonly body: readonly IrStmt[];
  readonly result: IrType;
  /**
   * The wait analysis's answer: this function may suspend its fiber (it pauses, loops, calls
   * something that waits or an unknown function value). JavaScript makes it a generator.
   */
  readonly canWait: boolean;
  /**
   * Debug builds: a program function a release build would compile without waiting. The
   * JavaScript back end also emits it as a plain function, called while no debugger watches.
   */
  readonly plainTwin?: true;
  /**
   * Constructors, getters, setters, and `toString`/`valueOf` methods (the engine calls those): they
   * run to the end without waiting (calls inside them that wait are finished synchronously).
   */
  readonly sync: boolean;
  /** Where it is declared (a position, not a statement id). */
  readonly position: IrLocation;
  /** A constructor or accessor the source did not write (a class without a constructor gets one). */
  readonly synthetic?: true;
}

export interface IrVariable {
  readonly id: number;
  /** The source name (temporaries: `$t1`, `$t2`… per function; globals in a namespace: `ns.name`). */
  readonly name: string;
  readonly type: IrType;
  /** global: program-wide storage; local/param: the frame of `fn`; temp: a temporary of `fn`. */
  readonly storage: 'global' | 'local' | 'param' | 'temp';
  /** The owning function (globals: 0, main). */
  readonly fn: number;
  readonly const: boolean;
  /** Used by a closure other than its own function. */
  readonly captured: boolean;
  /**
   * Captured and assigned after its declaration (or captured before it is initialized): owner and
   * closures must share one cell (a box). Captured variables that are not boxed may be copied.
   */
  readonly boxed: boolean;
  /** Made by the lowering (temporaries, destructured parameters, caught values): the name is not the learner's. */
  readonly synthetic?: true;
}

export interface IrClass {
  readonly id: number;
  /** Qualified name (`Sprite`, `game2.Player`). */
  readonly name: string;
  /** The superclass, when it is a program class. */
  readonly base?: number;
  /** Instance fields declared by this class (parameter properties included), in order. */
  readonly fields: readonly IrClassField[];
  /** Every instance field, the base class's first: a back end's object layout. */
  readonly layout: readonly string[];
  /** Always present: synthesized (`synthetic`) when the source has none. Runs field initializers. */
  readonly ctor: number;
  /** Methods and accessors declared by this class, static ones included. */
  readonly methods: readonly IrMethod[];
  /**
   * Instance methods and accessors by slot, the base class's slots first; an override takes its
   * base's slot. What a native back end puts in the class's vtable.
   */
  readonly vtable: readonly IrVtableSlot[];
  /** Static fields are globals (`Class.name`). */
  readonly staticFields: readonly number[];
  readonly loc: number;
}

export interface IrClassField {
  readonly name: string;
  readonly type: IrType;
}

export interface IrMethod {
  readonly name: string;
  readonly kind: 'method' | 'getter' | 'setter';
  readonly fn: number;
  readonly static: boolean;
}

export interface IrVtableSlot {
  readonly name: string;
  readonly kind: 'method' | 'getter' | 'setter';
  readonly fn: number;
  /** The class whose method fills the slot. */
  readonly class: number;
}

export interface IrEnum {
  readonly id: number;
  readonly name: string;
  readonly members: readonly { readonly name: string; readonly value: number | string }[];
}
