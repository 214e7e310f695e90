// The static type class of every IR value: what a back end needs to choose a representation
// (a native back end: tagged small integers or boxed numbers, pointers to strings, arrays, class
// instances, closures; the JavaScript back end mostly ignores it). Derived from TypeScript's
// checked types, simplified: `number` stays `number` (TypeScript cannot say int or float), unions
// with null/undefined become the other member with `orNull`, other unions and generics are `any`.

export type IrType =
  IrPrimitiveType | IrArrayType | IrClassType | IrLibraryType | IrFunctionType | IrEnumType | IrObjectType;

interface Nullable {
  /** The value may also be null or undefined (`Sprite | undefined`, an optional parameter). */
  readonly orNull?: true;
}

export interface IrPrimitiveType extends Nullable {
  readonly kind: 'number' | 'boolean' | 'string' | 'void' | 'null' | 'undefined' | 'any';
}

export interface IrArrayType extends Nullable {
  readonly kind: 'array';
  readonly element: IrType;
}

/** An instance of a class of the program (index into `IrModule.classes`). */
export interface IrClassType extends Nullable {
  readonly kind: 'class';
  readonly class: number;
  readonly name: string;
}

/** An object the runtime or firmware provides, by qualified name: `Image`, `Buffer`, `game.LedSprite`. */
export interface IrLibraryType extends Nullable {
  readonly kind: 'library';
  readonly name: string;
}

/** A function value: a closure, a program function, or a library function passed as a value. */
export interface IrFunctionType extends Nullable {
  readonly kind: 'function';
  readonly params: readonly IrType[];
  readonly result: IrType;
}

/** A member of an enum: a number (or, for string enums, a string) at run time. */
export interface IrEnumType extends Nullable {
  readonly kind: 'enum';
  readonly name: string;
  readonly values: 'number' | 'string';
}

/** Object literals and interfaces: properties looked up by name at run time. */
export interface IrObjectType extends Nullable {
  readonly kind: 'object';
  /** The interface's name, when it has one. */
  readonly name?: string;
}

export const numberType: IrType = { kind: 'number' };
export const booleanType: IrType = { kind: 'boolean' };
export const stringType: IrType = { kind: 'string' };
export const voidType: IrType = { kind: 'void' };
export const nullType: IrType = { kind: 'null' };
export const undefinedType: IrType = { kind: 'undefined' };
export const anyType: IrType = { kind: 'any' };

/** The type as the IR dump writes it: `number`, `string?`, `number[]`, `fn(number) -> void`. */
export function typeText(type: IrType): string {
  const suffix = type.orNull ? '?' : '';
  switch (type.kind) {
    case 'array': {
      const element = typeText(type.element);
      return (/[ ?]/.test(element) ? `(${element})[]` : `${element}[]`) + suffix;
    }
    case 'class':
      return `${type.name}${suffix}`;
    case 'library':
      return `lib ${type.name}${suffix}`;
    case 'function':
      return `fn(${type.params.map(typeText).join(', ')}) -> ${typeText(type.result)}${suffix}`;
    case 'enum':
      return `enum ${type.name}${suffix}`;
    case 'object':
      return (type.name ? `object ${type.name}` : 'object') + suffix;
    default:
      return type.kind + suffix;
  }
}

/** True for values a native back end keeps as pointers to heap objects. */
export function isReferenceType(type: IrType): boolean {
  return (
    type.kind === 'string' ||
    type.kind === 'array' ||
    type.kind === 'class' ||
    type.kind === 'library' ||
    type.kind === 'function' ||
    type.kind === 'object'
  );
}
