// State shared by the decompiler's parts: the TypeScript program and checker, the registry, the
// names of variables, user functions, parameter scopes, comments already used, block ids.

import type ts from 'typescript';
import { qualifiedNameOf } from '../api/qualified-name.ts';
import type { BlockRegistry } from '../definitions/block-registry.ts';
import type { BlockNode, FieldNode, InputNode, Mutation } from '../model/blocks-model.ts';
import type { VariableNames } from './variable-names.ts';

/** Thrown when code cannot be shown as blocks; the enclosing statement becomes grey code. */
export class NotBlocks extends Error {
  override readonly name = 'NotBlocks';
}

export interface UserFunction {
  readonly name: string;
  readonly id: string;
  readonly declaration: ts.FunctionDeclaration;
  readonly args: readonly { readonly name: string; readonly type: string; readonly id: string }[];
}

/** A parameter shown as a reporter block (function arguments, event handler arguments). */
interface Reporter {
  readonly name: string;
  /** `number`, `string`, `boolean`, `array` or a type name (custom). */
  readonly kind: string;
  readonly typeName: string;
}

export interface DecompileContext {
  readonly tsApi: typeof ts;
  readonly checker: ts.TypeChecker;
  readonly file: ts.SourceFile;
  readonly text: string;
  readonly registry: BlockRegistry;
  readonly variables: VariableNames;
  readonly functions: ReadonlyMap<ts.Symbol, UserFunction>;
  /** Variable names used by blocks or grey code, in the order they were met. */
  readonly usedVariables: Set<string>;
  /** Names added to `usedVariables`, so a statement that turns grey can take its own back. */
  readonly variableLog: string[];
  /** Reporter parameters in scope (innermost last), by symbol. */
  readonly reporters: Map<ts.Symbol, Reporter>;
  /**
   * Array types written on empty-array declarations (`let names: string[] = []`) that blocks
   * cannot infer: the workspace variable carries the type, as MakeCode's typed variables do.
   */
  readonly declaredTypes: Map<string, string>;
  readonly nextId: () => string;
}

export function makeBlock(
  context: DecompileContext,
  type: string,
  parts: {
    fields?: FieldNode[];
    inputs?: InputNode[];
    mutation?: Mutation;
    shadow?: boolean;
  } = {},
): BlockNode {
  return {
    type,
    id: context.nextId(),
    ...(parts.shadow ? { shadow: true } : {}),
    ...(parts.mutation ? { mutation: parts.mutation } : {}),
    fields: parts.fields ?? [],
    inputs: parts.inputs ?? [],
  };
}

export function mutation(attributes: Record<string, string>, children: Mutation['children'] = []): Mutation {
  return { attributes, children };
}

/** The symbol a name or property access refers to, following imports and aliases. */
export function symbolAt(context: DecompileContext, node: ts.Node): ts.Symbol | undefined {
  const symbol = context.checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & context.tsApi.SymbolFlags.Alias) return context.checker.getAliasedSymbol(symbol);
  return symbol;
}

/** The qualified name of a library declaration (`basic.showNumber`); undefined for program code. */
export function libraryName(context: DecompileContext, symbol: ts.Symbol | undefined): string | undefined {
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  if (!declaration || declaration.getSourceFile() === context.file) return undefined;
  return qualifiedNameOf(context.tsApi, declaration);
}

export function isStringType(context: DecompileContext, node: ts.Node): boolean {
  const type = context.checker.getTypeAtLocation(node);
  return (type.flags & context.tsApi.TypeFlags.StringLike) !== 0;
}

export function isArrayTypeAt(context: DecompileContext, node: ts.Node): boolean {
  const type = context.checker.getTypeAtLocation(node);
  return context.checker.isArrayType(type);
}

/** Parentheses around an expression do not change its blocks. */
export function unwrap(tsApi: typeof ts, node: ts.Expression): ts.Expression {
  let current = node;
  while (tsApi.isParenthesizedExpression(current)) current = current.expression;
  return current;
}

/** Notes that blocks use a variable. */
export function useVariable(context: DecompileContext, name: string): void {
  if (!context.usedVariables.has(name)) {
    context.usedVariables.add(name);
    context.variableLog.push(name);
  }
}

export function variableId(name: string): string {
  return `v_${name}`;
}

/** The `VAR` field of a variable block. */
export function variableField(context: DecompileContext, name: string): FieldNode {
  useVariable(context, name);
  return { name: 'VAR', value: name, attributes: { id: variableId(name) } };
}

/** `string[]` or `Array<game.LedSprite>` written on a `[]`: the array type to keep, else undefined. */
export function emptyArrayType(
  tsApi: typeof ts,
  type: ts.TypeNode | undefined,
  value: ts.Expression | undefined,
): string | undefined {
  if (!type || !value) return undefined;
  let expr = value;
  while (tsApi.isParenthesizedExpression(expr)) expr = expr.expression;
  if (!tsApi.isArrayLiteralExpression(expr) || expr.elements.length !== 0) return undefined;
  const text = type
    .getText()
    .replace(/\s+/g, '')
    .replace(/^Array<(.+)>$/, '$1[]');
  // Only simple element types (no unions, functions or nested generics) have a blocks variable type.
  return /^[A-Za-z_$][\w$.]*(\[\])+$/.test(text) ? text : undefined;
}
