// TypeScript's checked types -> the IR's type classes (ir-types.ts). Cached per ts.Type: the
// checker hands out one object per distinct type, so each is mapped once per program.

import type ts from 'typescript';
import {
  anyType,
  booleanType,
  type IrType,
  nullType,
  numberType,
  stringType,
  undefinedType,
  voidType,
} from '../ir-types.ts';

export interface TypeClassContext {
  tsApi: typeof ts;
  checker: ts.TypeChecker;
  /** The program class declared by `declaration`, if it is one of the program's classes. */
  classOf(declaration: ts.ClassDeclaration): { id: number; name: string } | undefined;
  isLibrary(node: ts.Node): boolean;
}

export class TypeClasses {
  private readonly cache = new Map<ts.Type, IrType>();
  private readonly ts: typeof ts;

  constructor(private readonly context: TypeClassContext) {
    this.ts = context.tsApi;
  }

  of(type: ts.Type): IrType {
    let mapped = this.cache.get(type);
    if (!mapped) {
      // Recursive types (a class with a field of its own type) map through the class id, so a
      // placeholder is enough to stop cycles in function and array types.
      this.cache.set(type, anyType);
      mapped = this.map(type);
      this.cache.set(type, mapped);
    }
    return mapped;
  }

  ofNode(node: ts.Node): IrType {
    return this.of(this.context.checker.getTypeAtLocation(node));
  }

  private map(type: ts.Type): IrType {
    const ts = this.ts;
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return anyType;
    if (flags & ts.TypeFlags.EnumLike) return this.enumType(type);
    if (flags & ts.TypeFlags.BooleanLike) return booleanType;
    if (flags & ts.TypeFlags.NumberLike) return numberType;
    if (flags & ts.TypeFlags.StringLike) return stringType;
    if (flags & (ts.TypeFlags.Void | ts.TypeFlags.Never)) return voidType;
    if (flags & ts.TypeFlags.Undefined) return undefinedType;
    if (flags & ts.TypeFlags.Null) return nullType;
    if (type.isUnion()) return this.union(type);
    if (flags & ts.TypeFlags.TypeParameter) return anyType;
    if (flags & ts.TypeFlags.NonPrimitive) return { kind: 'object' };
    if (flags & ts.TypeFlags.Object) return this.objectType(type as ts.ObjectType);
    return anyType;
  }

  private enumType(type: ts.Type): IrType {
    const ts = this.ts;
    let symbol = type.getSymbol();
    // A single member's literal type: its parent is the enum.
    if (symbol && symbol.flags & ts.SymbolFlags.EnumMember) symbol = (symbol as { parent?: ts.Symbol }).parent;
    const name = symbol ? this.context.checker.getFullyQualifiedName(symbol) : 'enum';
    const values = type.flags & ts.TypeFlags.StringLike ? 'string' : this.stringMembers(type) ? 'string' : 'number';
    return { kind: 'enum', name, values };
  }

  private stringMembers(type: ts.Type): boolean {
    return type.isUnion() && type.types.every((t) => (t.flags & this.ts.TypeFlags.StringLiteral) !== 0);
  }

  private union(type: ts.UnionType): IrType {
    const ts = this.ts;
    const nullish = ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void;
    const rest = type.types.filter((t) => (t.flags & nullish) === 0);
    const orNull = rest.length < type.types.length;
    if (rest.length === 0) return type.types.some((t) => t.flags & ts.TypeFlags.Null) ? nullType : undefinedType;
    const mapped = rest.map((t) => this.of(t));
    const first = mapped[0]!;
    // `true | false` and unions of one enum's members arrive here too: same class -> that class.
    const same = mapped.every((t) => sameClass(t, first));
    const base = same ? first : anyType;
    if (!orNull || base.kind === 'any') return base;
    return { ...base, orNull: true };
  }

  private objectType(type: ts.ObjectType): IrType {
    const ts = this.ts;
    const checker = this.context.checker;
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      return { kind: 'array', element: element ? this.of(element) : anyType };
    }
    if (checker.isTupleType(type)) {
      const elements = checker.getTypeArguments(type as ts.TypeReference).map((t) => this.of(t));
      const first = elements[0];
      const same = first !== undefined && elements.every((t) => sameClass(t, first));
      return { kind: 'array', element: same ? first : anyType };
    }
    const symbol = type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    if (symbol && declaration) {
      if (symbol.flags & ts.SymbolFlags.Class && ts.isClassDeclaration(declaration)) {
        const known = this.context.classOf(declaration);
        if (known) return { kind: 'class', class: known.id, name: known.name };
        return { kind: 'library', name: checker.getFullyQualifiedName(symbol) };
      }
      if (symbol.flags & ts.SymbolFlags.Interface) {
        const name = checker.getFullyQualifiedName(symbol);
        if (name === 'Function' || name === 'CallableFunction')
          return { kind: 'function', params: [], result: anyType };
        if (this.context.isLibrary(declaration)) return { kind: 'library', name };
        return { kind: 'object', name };
      }
    }
    const signatures = type.getCallSignatures();
    if (signatures.length > 0 && type.getProperties().length === 0) {
      const signature = signatures[0]!;
      return {
        kind: 'function',
        params: signature.parameters.map((p) => this.of(checker.getTypeOfSymbol(p))),
        result: this.of(signature.getReturnType()),
      };
    }
    return { kind: 'object' };
  }
}

function sameClass(a: IrType, b: IrType): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'class':
      return a.class === (b as typeof a).class;
    case 'library':
    case 'enum':
      return a.name === (b as typeof a).name;
    case 'array':
      return sameClass(a.element, (b as typeof a).element);
    case 'object':
      return a.name === (b as typeof a).name;
    case 'function':
      return true;
    default:
      return true;
  }
}
