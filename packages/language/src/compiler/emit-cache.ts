// The emit cache: the JavaScript of each top-level statement, kept between compiles, so an edit
// lowers and prints only the statements it changed (issue 12 item 4). The type check is scoped
// the same way (check-scope.ts); Program and wait analysis still run on the whole program.
//
// A statement's text is reused when its key is the same as in an earlier compile. The key is:
//   its file, its start column and its source text, and
//   the signature of every top-level declaration it names (itself included): for a function,
//   its type and whether it can wait; for a variable, let/const and its type; an enum's text.
// What a statement compiles to depends only on those (the library does not change within one
// compiler), so a changed declaration invalidates exactly the statements that name it.
// Positions are kept relative to the statement's first line and moved to where it is now.
//
// Programs the key cannot describe are compiled in full every time: classes, namespaces and
// method calls (a call waits when any method of that name can), learner declaration files,
// debug builds. Statements whose code uses main's shared temporaries or hoisted `var`s, and
// top-level function values (calls to them are resolved across statements), are never kept.

import type ts from 'typescript';
import type { JsPiece } from '../ir/emit-js/js-writer.ts';
import type { EmitUnit } from '../ir/emit-js/emit-program.ts';
import type { LoweredUnit } from '../ir/lower/lower-module.ts';
import type { WaitAnalysis } from './wait-analysis.ts';
import { keepable } from './keepable-statement.ts';
import type { DeclarationTypesRun } from './declaration-types.ts';

/** A piece with positions relative to its statement: [column, file, line offset, column]. */
interface StoredPiece {
  readonly lines: readonly string[];
  readonly table: readonly (readonly number[])[];
}

export interface EmitCacheStats {
  /** Top-level statements whose JavaScript was reused. */
  readonly reused: number;
  /** Top-level statements lowered and printed in this compile. */
  readonly compiled: number;
}

export interface EmitPlan {
  /** Statements whose text is reused (not lowered). */
  readonly skip: ReadonlySet<ts.Statement>;
  /** Builds the emitter's units from the lowering's, with the reused pieces moved into place. */
  units(lowered: readonly LoweredUnit[]): EmitUnit[];
  /** Keeps the pieces of this compile (and only those) for the next one. */
  store(lowered: readonly LoweredUnit[], pieces: readonly JsPiece[]): EmitCacheStats;
}

interface PlanSetup {
  readonly tsApi: typeof ts;
  readonly checker: ts.TypeChecker;
  readonly analysis: WaitAnalysis;
  /** Learner files in run order (declaration files included). */
  readonly files: readonly ts.SourceFile[];
  /** Declaration types kept between compiles (declaration-types.ts). */
  readonly types?: DeclarationTypesRun | undefined;
}

export class EmitCache {
  private pieces = new Map<string, StoredPiece>();
  /** Top-level names a statement's text mentions, by its text (parsing again is not needed). */
  private names = new Map<string, readonly string[]>();

  clear(): void {
    this.pieces.clear();
    this.names.clear();
  }

  /** How this compile uses the cache, or undefined when the program must be compiled in full. */
  plan(setup: PlanSetup): EmitPlan | undefined {
    const { tsApi, files } = setup;
    if (files.some((file) => file.isDeclarationFile)) return this.bypass();
    for (const plan of setup.analysis.calls.values()) if (plan.kind === 'method-group') return this.bypass();

    const signatures = new Map<string, string>();
    const statements: { node: ts.Statement; file: number }[] = [];
    for (let file = 0; file < files.length; file++) {
      for (const node of files[file]!.statements) {
        if (tsApi.isClassDeclaration(node) || tsApi.isModuleDeclaration(node)) return this.bypass();
        statements.push({ node, file });
        for (const [name, signature] of declarationSignatures(setup, node)) {
          // The same name declared twice (a type error elsewhere, or a merge): keep both.
          signatures.set(name, signatures.has(name) ? `${signatures.get(name)}|${signature}` : signature);
        }
      }
    }

    const keys = new Map<ts.Statement, string>();
    const skip = new Set<ts.Statement>();
    const usedNames = new Map<string, readonly string[]>();
    for (const { node, file } of statements) {
      const sourceFile = files[file]!;
      const start = node.getStart(sourceFile);
      const text = sourceFile.text.slice(start, node.end);
      let names = this.names.get(text);
      if (!names) names = mentionedNames(tsApi, node);
      usedNames.set(text, names);
      const column = sourceFile.getLineAndCharacterOfPosition(start).character;
      const dependencies = names.flatMap((name) => {
        const signature = signatures.get(name);
        return signature === undefined ? [] : [`${name}=${signature}`];
      });
      const key = `${sourceFile.fileName}\u0000${column}\u0000${text}\u0000${dependencies.join('\u0000')}`;
      keys.set(node, key);
      if (this.pieces.has(key)) skip.add(node);
    }
    this.names = usedNames;

    const lineOf = (node: ts.Statement) => {
      const file = node.getSourceFile();
      return file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    };
    const fileOf = new Map(statements.map(({ node, file }) => [node, file]));
    return {
      skip,
      units: (lowered) =>
        lowered.flatMap((unit): EmitUnit[] => {
          if (unit.kind === 'other') return [];
          const stored = unit.skipped ? this.pieces.get(keys.get(unit.node)!) : undefined;
          const cached = stored ? place(stored, fileOf.get(unit.node)!, lineOf(unit.node)) : undefined;
          if (unit.kind === 'function') return [cached ? { kind: 'function', fn: unit.fn, cached } : unit];
          return [cached ? { kind: 'main', start: unit.start, end: unit.end, cached } : unit];
        }),
      store: (lowered, pieces) => {
        const kept = new Map<string, StoredPiece>();
        let reused = 0;
        let compiled = 0;
        let index = 0;
        for (const unit of lowered) {
          if (unit.kind === 'other') continue;
          const piece = pieces[index++]!;
          const key = keys.get(unit.node);
          if (unit.skipped) reused++;
          else compiled++;
          if (key === undefined || (unit.kind === 'main' && unit.shared) || !keepable(tsApi, unit.node)) continue;
          kept.set(key, unit.skipped ? this.pieces.get(key)! : relative(piece, lineOf(unit.node)));
        }
        this.pieces = kept;
        return { reused, compiled };
      },
    };
  }

  private bypass(): undefined {
    this.clear();
    return undefined;
  }
}

/** What declarationSignatures needs: without a wait analysis, whether a function waits is left out. */
type SignatureSetup = Pick<PlanSetup, 'tsApi' | 'checker'> & {
  readonly analysis?: WaitAnalysis;
  /** Declaration types kept between compiles (declaration-types.ts); without: asked of the checker. */
  readonly types?: DeclarationTypesRun | undefined;
};

/** A name a top-level statement declares, and what its type says (no wait analysis). */
export type DeclaredType = readonly [name: string, type: string];

/** The names a top-level statement declares and what a statement naming them depends on. */
export function declarationSignatures(setup: SignatureSetup, node: ts.Statement): [string, string][] {
  const { tsApi, analysis } = setup;
  const types = setup.types ? setup.types.of(node) : declarationTypes(setup, node);
  if (tsApi.isFunctionDeclaration(node) && node.name) {
    const waits = analysis ? (analysis.infoOf(node)?.generator ? 'waits' : 'plain') : '';
    return [[types[0]![0], `${types[0]![1]} ${waits}`]];
  }
  if (tsApi.isVariableStatement(node)) {
    // A call to `const g = () => {…}` waits when the function's body does (wait analysis
    // resolves it to the initializer), so that belongs in what callers depend on.
    const functions = declaredValues(tsApi, node);
    return types.map(([name, type], index) => {
      const initializer = functions[index];
      const waits = initializer && analysis ? (analysis.infoOf(initializer)?.generator ? ' waits' : ' plain') : '';
      return [name, `${type}${waits}`];
    });
  }
  return types.map(([name, type]) => [name, type]);
}

/** Per name a variable statement declares (in order), its function initializer if it has one. */
function declaredValues(tsApi: typeof ts, node: ts.VariableStatement): (ts.Node | undefined)[] {
  const result: (ts.Node | undefined)[] = [];
  for (const declaration of node.declarationList.declarations) {
    const initializer = declaration.initializer;
    const isFunction =
      initializer !== undefined && (tsApi.isArrowFunction(initializer) || tsApi.isFunctionExpression(initializer));
    const visit = (name: ts.BindingName) => {
      if (tsApi.isIdentifier(name)) result.push(isFunction ? initializer : undefined);
      else for (const element of name.elements) if (!tsApi.isOmittedExpression(element)) visit(element.name);
    };
    visit(declaration.name);
  }
  return result;
}

/** The names a top-level statement declares and their types, from the checker. */
export function declarationTypes(setup: SignatureSetup, node: ts.Statement): DeclaredType[] {
  const { tsApi, checker } = setup;
  if (tsApi.isFunctionDeclaration(node) && node.name) {
    const symbol = checker.getSymbolAtLocation(node.name);
    const type = symbol ? typeKey(setup, checker.getTypeOfSymbol(symbol), 0) : '?';
    return [[node.name.text, `function ${type}`]];
  }
  if (tsApi.isVariableStatement(node)) {
    const kind = node.declarationList.flags & tsApi.NodeFlags.Const ? 'const' : 'let';
    const result: DeclaredType[] = [];
    for (const declaration of node.declarationList.declarations) {
      const visit = (name: ts.BindingName) => {
        if (tsApi.isIdentifier(name)) {
          const symbol = checker.getSymbolAtLocation(name);
          const type = symbol ? typeKey(setup, checker.getTypeOfSymbolAtLocation(symbol, name), 0) : '?';
          result.push([name.text, `${kind} ${type}`]);
        } else {
          for (const element of name.elements) if (!tsApi.isOmittedExpression(element)) visit(element.name);
        }
      };
      visit(declaration.name);
    }
    return result;
  }
  if (tsApi.isEnumDeclaration(node)) return [[node.name.text, `enum ${node.getText()}`]];
  return [];
}

/**
 * A type as text, cheaply: the shapes block programs declare (primitives, literals, unions,
 * arrays and other generic references, named classes and interfaces, function types) are spelt
 * from their parts; anything else, or anything deeper, goes through the checker's typeToString
 * (exact but about ten times slower).
 */
function typeKey(setup: SignatureSetup, type: ts.Type, depth: number): string {
  const { tsApi, checker } = setup;
  const flags = type.flags;
  const F = tsApi.TypeFlags;
  if (depth > 3) return checker.typeToString(type);
  if (type.isLiteral()) return `${flags}:${JSON.stringify(type.value)}`;
  if (flags & (F.Number | F.String | F.Boolean | F.Void | F.Any | F.Unknown | F.Undefined | F.Null | F.Never)) {
    return `${flags}`;
  }
  if (flags & F.BooleanLiteral) return checker.typeToString(type);
  if (type.isUnionOrIntersection()) {
    return `${flags}(${type.types.map((t) => typeKey(setup, t, depth + 1)).join('|')})`;
  }
  if (flags & F.Object) {
    const object = type as ts.ObjectType;
    const symbol = type.getSymbol();
    const name = symbol ? checker.getFullyQualifiedName(symbol) : '';
    if (object.objectFlags & tsApi.ObjectFlags.Reference) {
      const args = checker.getTypeArguments(type as ts.TypeReference).map((t) => typeKey(setup, t, depth + 1));
      return `${name}<${args.join(',')}>`;
    }
    if (object.objectFlags & (tsApi.ObjectFlags.Class | tsApi.ObjectFlags.Interface)) return name;
    const calls = type.getCallSignatures();
    if (calls.length > 0 && type.getProperties().length === 0 && type.getConstructSignatures().length === 0) {
      return calls
        .map((call) => {
          const params = call.parameters.map((p) => {
            const declaration = p.valueDeclaration;
            const optional =
              declaration && tsApi.isParameter(declaration)
                ? `${declaration.dotDotDotToken ? '...' : ''}${declaration.questionToken || declaration.initializer ? '?' : ''}`
                : '';
            return optional + typeKey(setup, checker.getTypeOfSymbol(p), depth + 1);
          });
          return `(${params.join(',')})=>${typeKey(setup, call.getReturnType(), depth + 1)}`;
        })
        .join('&');
    }
  }
  return checker.typeToString(type);
}

/** Every identifier in a statement (a superset of the top-level names it refers to), sorted. */
export function mentionedNames(tsApi: typeof ts, node: ts.Node): readonly string[] {
  const names = new Set<string>();
  const visit = (child: ts.Node): void => {
    if (tsApi.isIdentifier(child)) names.add(child.text);
    tsApi.forEachChild(child, visit);
  };
  visit(node);
  return [...names].sort();
}

function relative(piece: JsPiece, line: number): StoredPiece {
  return { lines: piece.lines, table: piece.table.map((segments) => shift(segments, -1, -line)) };
}

function place(piece: StoredPiece, file: number, line: number): JsPiece {
  return { lines: piece.lines, table: piece.table.map((segments) => shift(segments, file, line)) };
}

/** Segments are [column, file, line, column] groups: sets the file and moves the line. */
function shift(segments: readonly number[], file: number, lines: number): number[] {
  const moved = [...segments];
  for (let i = 0; i + 3 < moved.length; i += 4) {
    moved[i + 1] = file;
    moved[i + 2]! += lines;
  }
  return moved;
}
