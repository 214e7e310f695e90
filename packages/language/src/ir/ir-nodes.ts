// Statements and expressions of the IR (see ir-module.ts for functions, classes and variables).
//
// Control flow is structured (if, loop, switch, try, labelled break/continue): the JavaScript
// back end prints it as it is, and a native back end turns it into labels and jumps in one
// recursive walk (`linearize` in linearize.ts does exactly that, for back ends that want basic
// blocks). Expressions are trees with a fixed evaluation order: operands left to right, the callee
// or receiver before the arguments, the object before the index before the assigned value. Where
// the source needs a value twice (compound assignment to a computed place, `x++` as a value,
// optional chaining, destructuring, for-of) the lowering stores it in a temporary first, so every
// operand a back end may read twice is "simple" (see `isSimple`).
//
// Every statement carries `loc`, its source statement's id (`IrModule.locations[loc]` is
// [file index, line, column]); statements made for one source statement share its id.

import type { IrType } from './ir-types.ts';

// ---------------------------------------------------------------------------------------------
// Expressions

export type IrExpr =
  | IrNumber
  | IrString
  | IrBoolean
  | IrNullish
  | IrBufferLiteral
  | IrImageLiteral
  | IrVarRef
  | IrThis
  | IrFunctionRef
  | IrClosure
  | IrField
  | IrAccessor
  | IrMember
  | IrApiValue
  | IrIndex
  | IrEnumObject
  | IrAssign
  | IrCompoundAssign
  | IrUpdate
  | IrUnary
  | IrBinary
  | IrLogical
  | IrConditional
  | IrSequence
  | IrCall
  | IrNew
  | IrArrayLiteral
  | IrObjectLiteral
  | IrTemplate
  | IrInstanceOf
  | IrDelete;

interface Typed {
  /** The static type class of the value. */
  readonly type: IrType;
}

export interface IrNumber extends Typed {
  readonly kind: 'number';
  readonly value: number;
  /** Set when the constant came from an enum member: `Button.A`. */
  readonly name?: string;
}

export interface IrString extends Typed {
  readonly kind: 'string';
  readonly value: string;
  /** Set when the constant came from a string enum member. */
  readonly name?: string;
}

export interface IrBoolean extends Typed {
  readonly kind: 'boolean';
  readonly value: boolean;
}

export interface IrNullish extends Typed {
  readonly kind: 'null' | 'undefined';
}

/** hex`0a 0b`: a read-only buffer of these bytes (digits: lower-case pairs, no spaces). */
export interface IrBufferLiteral extends Typed {
  readonly kind: 'buffer';
  readonly hex: string;
}

/**
 * An LED picture passed to a library parameter marked `//% imageLiteral` (basic.showLeds,
 * images.createImage): the text as written and its pixels, so a native back end can store the
 * bitmap; at run time in JavaScript it is the text.
 */
export interface IrImageLiteral extends Typed {
  readonly kind: 'image';
  readonly text: string;
  readonly rows: number;
  readonly columns: number;
  /** Row-major, one character per LED: '1' on, '0' off. */
  readonly pixels: string;
}

/** Reads a variable (global, local, parameter or temporary: see `IrVariable.storage`). */
export interface IrVarRef extends Typed {
  readonly kind: 'var';
  readonly var: number;
}

export interface IrThis extends Typed {
  readonly kind: 'this';
}

/** A function of the program (not a closure: it captures nothing) used as a value. */
export interface IrFunctionRef extends Typed {
  readonly kind: 'function';
  readonly fn: number;
}

/** Creates a closure of function `fn` over its `captures` (read from the current frame). */
export interface IrClosure extends Typed {
  readonly kind: 'closure';
  readonly fn: number;
}

/** An instance field of a program class (`object` is simple wherever it is assigned by an IrCompoundAssign or IrUpdate). */
export interface IrField extends Typed {
  readonly kind: 'field';
  readonly object: IrExpr;
  readonly class: number;
  readonly name: string;
}

/** A getter/setter property of a program class: reading calls `get`, assigning calls `set`. */
export interface IrAccessor extends Typed {
  readonly kind: 'accessor';
  readonly object: IrExpr;
  readonly class: number;
  readonly name: string;
  readonly get?: number;
  readonly set?: number;
}

/** A property looked up by name at run time: object literals, interfaces, `any`. */
export interface IrMember extends Typed {
  readonly kind: 'member';
  readonly object: IrExpr;
  readonly name: string;
}

/**
 * A library value: a namespace constant or property (`Math.PI`, `NaN`), a property of a library
 * object (`list.length` is `Array.length` on `object`), or a library function used as a value.
 */
export interface IrApiValue extends Typed {
  readonly kind: 'api';
  readonly api: IrApi;
  readonly object?: IrExpr;
}

/** `object[index]`; `of` says what is indexed (an array element, a character, a byte, any). */
export interface IrIndex extends Typed {
  readonly kind: 'index';
  readonly object: IrExpr;
  readonly index: IrExpr;
  readonly of: 'array' | 'string' | 'buffer' | 'any';
}

/** A program enum used as an object (`Direction[d]`, passing `Direction` around). */
export interface IrEnumObject extends Typed {
  readonly kind: 'enumObject';
  readonly enum: number;
}

/** Places an assignment can store to. */
export type IrLValue = IrVarRef | IrField | IrAccessor | IrMember | IrIndex | IrApiValue;

/** `target = value`; its value is the assigned value. Order: target's object, index, then value. */
export interface IrAssign extends Typed {
  readonly kind: 'assign';
  readonly target: IrLValue;
  readonly value: IrExpr;
}

/**
 * `target op= value`: reads the target, evaluates the value, combines, stores; its value is the
 * stored value. The target's object and index are simple (a literal, `this`, a temporary, or a
 * variable the value cannot change), so a back end may evaluate them twice.
 */
export interface IrCompoundAssign extends Typed {
  readonly kind: 'compound';
  readonly op: IrArithmeticOp | 'concat';
  readonly target: IrLValue;
  readonly value: IrExpr;
}

/** `++x`, `x--`…: its value is the new value (prefix) or the old one as a number (postfix). Target operands are simple. */
export interface IrUpdate extends Typed {
  readonly kind: 'update';
  readonly op: '+' | '-';
  readonly prefix: boolean;
  readonly target: IrLValue;
}

export interface IrUnary extends Typed {
  readonly kind: 'unary';
  readonly op: '-' | '+' | '!' | '~' | 'typeof' | 'void';
  readonly operand: IrExpr;
}

export type IrArithmeticOp = '+' | '-' | '*' | '/' | '%' | '**' | '<<' | '>>' | '>>>' | '&' | '|' | '^';
export type IrComparisonOp = '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=';

/**
 * A binary operator. `+` adds numbers (or, on `any`, does what JavaScript does); `concat` joins
 * text (TypeScript typed the result as a string), converting the other operand to text.
 */
export interface IrBinary extends Typed {
  readonly kind: 'binary';
  readonly op: IrArithmeticOp | IrComparisonOp | 'concat' | 'in';
  readonly left: IrExpr;
  readonly right: IrExpr;
}

/** Short-circuit: `right` is evaluated only when `left` does not decide the value. */
export interface IrLogical extends Typed {
  readonly kind: 'logical';
  readonly op: '&&' | '||' | '??';
  readonly left: IrExpr;
  readonly right: IrExpr;
}

export interface IrConditional extends Typed {
  readonly kind: 'cond';
  readonly test: IrExpr;
  readonly then: IrExpr;
  readonly else: IrExpr;
}

/** Evaluates each in turn; the value is the last one's. */
export interface IrSequence extends Typed {
  readonly kind: 'sequence';
  readonly items: readonly IrExpr[];
}

/**
 * A call. `waits` is the wait analysis's answer for this call: when true the callee may wait
 * (pause, a loop that yields, an unknown function value), so a back end must call it so that the
 * current fiber can be suspended (JavaScript: `yield*`). In a function whose `canWait` is false
 * (constructors, accessors, and calls in parameter defaults or field initializers) such a call
 * must run to its end without waiting (JavaScript: `$rt.finishSync`).
 */
export interface IrCall extends Typed {
  readonly kind: 'call';
  readonly target: IrCallTarget;
  readonly args: readonly IrArgument[];
  readonly waits: boolean;
}

/** Arguments and array elements may be spread (`f(...list)`, `[...a, 1]`). */
export type IrArgument = IrExpr | IrSpread;

export interface IrSpread {
  readonly kind: 'spread';
  readonly value: IrExpr;
}

export type IrCallTarget =
  | { readonly kind: 'function'; readonly fn: number }
  | {
      readonly kind: 'method';
      readonly object: IrExpr;
      readonly class: number;
      readonly name: string;
      /** The method TypeScript resolved (the static receiver type's). */
      readonly fn: number;
      /** False when no subclass overrides it: a back end may call `fn` directly. */
      readonly virtual: boolean;
    }
  | { readonly kind: 'super'; readonly fn: number; readonly name: string }
  | { readonly kind: 'superConstructor'; readonly class: number }
  | {
      readonly kind: 'closure';
      readonly callee: IrExpr;
      /** The function the value certainly is (a `const` bound to an arrow, an immediately called arrow). */
      readonly known?: number;
    }
  | {
      readonly kind: 'dynamic';
      readonly object: IrExpr;
      /** The property holding the function: a name, or a computed key. */
      readonly name: string | IrExpr;
    }
  | {
      readonly kind: 'api';
      readonly api: IrApi;
      /** The receiver of a library method (`list` in `list.push(x)`). */
      readonly object?: IrExpr;
    };

/** `new C(args)` of a program class: allocates, then runs `IrClass.constructor`. */
export interface IrNew extends Typed {
  readonly kind: 'new';
  readonly class: number;
  readonly args: readonly IrArgument[];
}

export interface IrArrayLiteral extends Typed {
  readonly kind: 'array';
  readonly elements: readonly IrArgument[];
}

export interface IrObjectLiteral extends Typed {
  readonly kind: 'object';
  readonly properties: readonly IrObjectProperty[];
}

export type IrObjectProperty =
  | { readonly kind: 'property'; readonly name: string | IrExpr; readonly value: IrExpr }
  | { readonly kind: 'spread'; readonly value: IrExpr };

/** A template string: strings[0] values[0] strings[1] … (strings are cooked text). */
export interface IrTemplate extends Typed {
  readonly kind: 'template';
  readonly strings: readonly string[];
  readonly values: readonly IrExpr[];
}

/** `value instanceof C`: a program class (`class`) or a library one (`library`, its qualified name). */
export interface IrInstanceOf extends Typed {
  readonly kind: 'instanceof';
  readonly value: IrExpr;
  readonly class?: number;
  readonly library?: string;
}

export interface IrDelete extends Typed {
  readonly kind: 'delete';
  readonly target: IrMember | IrIndex;
}

/**
 * A library function, method, property or constructor, by its qualified name: `basic.showNumber`,
 * `Math.floor`, `randint`, `Array.push`, `String.charAt`, `Image.showImage`, `game.LedSprite.move`.
 * One object per declaration, shared by every use (`IrModule.apis` lists them).
 */
export interface IrApi {
  readonly name: string;
  /** The last part of the name: what JavaScript calls on the receiver or namespace. */
  readonly member: string;
  readonly kind: 'function' | 'method' | 'property' | 'constructor' | 'value';
  /** `//% async`: the call waits. */
  readonly async: boolean;
  /** `//% helper=name`: the runtime's helper implements it (JavaScript: `$h.name(receiver, …)`). */
  readonly helper?: string;
  /** `//% waitHelper=name`: a list method whose callback may wait. */
  readonly waitHelper?: string;
  /** `//% shim=NAME`: the firmware function MakeCode binds it to (`TD_ID`: the identity). */
  readonly shim?: string;
  /** `//% imageLiteral=n`: the first string argument is an LED picture n screens wide. */
  readonly imageLiteral?: number;
  /** Which library file declares it (`microbit/basic.d.ts`, `lib/es.d.ts`). */
  readonly file: string;
}

// ---------------------------------------------------------------------------------------------
// Statements

export type IrStmt =
  | IrExprStmt
  | IrLet
  | IrLocalFunction
  | IrIf
  | IrBlock
  | IrLoop
  | IrSwitch
  | IrLabeled
  | IrJump
  | IrReturn
  | IrThrow
  | IrTry
  | IrClassDef;

interface Located {
  /** Source statement id: `IrModule.locations[loc]`. */
  readonly loc: number;
}

export interface IrExprStmt extends Located {
  readonly kind: 'expr';
  readonly expr: IrExpr;
}

/**
 * Declares a variable here (a local comes into scope; a global's declaration point) with an
 * optional first value. Temporaries are never declared: they live for the whole function.
 */
export interface IrLet extends Located {
  readonly kind: 'let';
  readonly var: number;
  readonly init?: IrExpr;
}

/**
 * A function declared inside a block: `var` holds the closure of `fn`. Hoisted: it stands first
 * in its block, as JavaScript creates it on entering the block.
 */
export interface IrLocalFunction extends Located {
  readonly kind: 'localFunction';
  readonly var: number;
  readonly fn: number;
}

export interface IrIf extends Located {
  readonly kind: 'if';
  readonly test: IrExpr;
  readonly then: readonly IrStmt[];
  readonly else?: readonly IrStmt[];
}

/** A nested scope (a `{ … }` of its own in the source). */
export interface IrBlock extends Located {
  readonly kind: 'block';
  readonly body: readonly IrStmt[];
}

/** Break/continue targets: loops, switches and labelled statements, unique in their function. */
export interface IrBreakable {
  readonly label: number;
  /** A break/continue from inside a nested loop or switch targets it (JavaScript needs a label name). */
  readonly named: boolean;
}

/**
 * Every loop. `while`: test, body. `do`: body, test. `for`: init once, then test, body, update
 * (`continue` goes to the update). for-of and for-in become `for` loops over an index.
 * Variables declared in `init` are per iteration (JavaScript semantics: a closure made in the body
 * keeps that iteration's value; a back end that boxes such a variable copies it at each update).
 */
export interface IrLoop extends Located, IrBreakable {
  readonly kind: 'loop';
  readonly loop: 'while' | 'do' | 'for';
  readonly init?: readonly IrStmt[];
  readonly test?: IrExpr;
  readonly update?: IrExpr;
  readonly body: readonly IrStmt[];
}

/** JavaScript's switch: strict equality against each test in order, falling through. */
export interface IrSwitch extends Located, IrBreakable {
  readonly kind: 'switch';
  readonly value: IrExpr;
  readonly cases: readonly IrCase[];
}

export interface IrCase {
  /** Undefined for `default`. */
  readonly test?: IrExpr;
  readonly body: readonly IrStmt[];
  readonly loc: number;
}

/** A labelled statement that is not a loop: `break label` leaves it. */
export interface IrLabeled extends Located, IrBreakable {
  readonly kind: 'labeled';
  readonly body: readonly IrStmt[];
}

export interface IrJump extends Located {
  readonly kind: 'break' | 'continue';
  readonly label: number;
}

export interface IrReturn extends Located {
  readonly kind: 'return';
  readonly value?: IrExpr;
}

export interface IrThrow extends Located {
  readonly kind: 'throw';
  readonly value: IrExpr;
}

/**
 * try/catch/finally. Only values the program throws reach `handler` (runtime errors such as
 * "Stack overflow" stop the program); `catchVar` receives the thrown value.
 */
export interface IrTry extends Located {
  readonly kind: 'try';
  readonly body: readonly IrStmt[];
  readonly catchVar?: number;
  readonly handler?: readonly IrStmt[];
  readonly finalizer?: readonly IrStmt[];
}

/** Where a class comes into existence (its static fields are initialized by the statements after it). */
export interface IrClassDef extends Located {
  readonly kind: 'class';
  readonly class: number;
}

/**
 * Literals, `this` and variables: what the targets of IrCompoundAssign and IrUpdate are made of
 * (the lowering only leaves a variable there when the assigned value cannot change it).
 */
export function isSimple(expr: IrExpr): boolean {
  switch (expr.kind) {
    case 'number':
    case 'string':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'this':
    case 'var':
      return true;
    default:
      return false;
  }
}
