// The lowering's entry: checked TypeScript program -> IrModule. First every declaration of the
// learner files is registered (program functions, classes with their members, enums, globals),
// so bodies can refer to anything in any order; then bodies are lowered: program functions,
// classes, and finally `main`, every file's top-level code in run order.

import type ts from 'typescript';
import type { Diagnostic } from '../../compiler/diagnostics.ts';
import type { IrModule } from '../ir-module.ts';
import type { IrStmt } from '../ir-nodes.ts';
import { anyType, voidType } from '../ir-types.ts';
import { declareClass, lowerClass, lowerClassDefinition, resolveBases } from './lower-classes.ts';
import { FunctionScope, isAmbient as isDeclared, LowerContext, type LowerSetup } from './lower-context.ts';
import { lowerFunctionBody, resultType } from './lower-functions.ts';
import { lowerUnit, type UnitReuse } from './lower-reuse.ts';
import { lowerStatement } from './lower-statements.ts';

export interface LowerResult {
  /** Constructs the IR cannot express (code 9100); empty when `module` is complete. */
  readonly diagnostics: readonly Diagnostic[];
  readonly module: IrModule;
  /** Each top-level statement of the learner files and what it became (for the emit cache). */
  readonly units: readonly LoweredUnit[];
  /** What `joinLowered` (join-lowered.ts) needs to join this lowering after another one. */
  readonly join: LowerJoinInfo;
}

/** How many entries each table of the module had when a phase of the lowering ended. */
export interface LowerMark {
  readonly functions: number;
  readonly variables: number;
  readonly classes: number;
  readonly enums: number;
  readonly apis: number;
}

/**
 * The lowering runs in phases (main made, declarations, program function bodies, class bodies,
 * main's top-level code), each over every file in turn, and ids are handed out as things are
 * made. Two lowerings of disjoint files can then be joined into exactly the module one lowering of
 * all the files would give: per phase, the first one's entries, then the second one's.
 */
export interface LowerJoinInfo {
  /** The tables' sizes at the end of each of the five phases. */
  readonly marks: readonly LowerMark[];
  /** The declaration of each of `module.apis` (same index). */
  readonly apiDeclarations: readonly ts.Node[];
  /** Main's counters at the end: temporaries, closures, break targets, hoisted `var`s (first in its body). */
  readonly main: {
    readonly temps: number;
    readonly closures: number;
    readonly labels: number;
    readonly hoisted: number;
  };
}

/**
 * What one top-level statement of a file became: a program function (`fn`), or the statements
 * `main.body[start, end)` (indices after the `let`s of main's hoisted `var`s, which come first).
 * `local` is true when its lowering used something main shares between statements (a temporary
 * or a hoisted `var`), so its text depends on the statements around it.
 */
export type LoweredUnit =
  | { readonly node: ts.Statement; readonly kind: 'function'; readonly fn: number; readonly skipped: boolean }
  | {
      readonly node: ts.Statement;
      readonly kind: 'main';
      readonly start: number;
      readonly end: number;
      readonly shared: boolean;
      readonly skipped: boolean;
    }
  | { readonly node: ts.Statement; readonly kind: 'other' };
// Classes and namespaces are 'main' units marked `shared` (their statements run in main, and
// their members are declared program-wide), so the cache never keeps them.

export interface LowerProgramOptions {
  /**
   * Top-level statements whose JavaScript the caller already has (the emit cache): declared as
   * usual, so other code can refer to them, but their bodies are not lowered.
   */
  skip?: ReadonlySet<ts.Statement>;
  /**
   * IR of top-level statements kept from an earlier lowering (lower-reuse.ts): put back where
   * nothing moved, lowered (and kept) otherwise. Not together with `skip`.
   */
  reuse?: UnitReuse;
}

export function lowerProgram(setup: LowerSetup, lowerOptions: LowerProgramOptions = {}): LowerResult {
  const skip = lowerOptions.skip;
  const reuse = lowerOptions.reuse;
  const cx = new LowerContext(setup);
  const ts = cx.ts;
  const marks: LowerMark[] = [];
  const mark = () =>
    marks.push({
      functions: cx.functions.length,
      variables: cx.variables.length,
      classes: cx.classes.length,
      enums: cx.enums.length,
      apis: cx.apis.length,
    });
  const codeFiles = setup.files.filter((file) => !file.isDeclarationFile);
  const first = codeFiles.find((file) => file.statements.length > 0)?.statements[0];
  const main = cx.newFunction({
    name: 'main',
    kind: 'main',
    position: first ? cx.position(first) : [0, 1, 1],
    result: voidType,
  });
  mark();

  const functions: { id: number; node: ts.FunctionDeclaration }[] = [];
  const declare = (statements: readonly ts.Statement[]) => {
    for (const statement of statements) {
      if (isAmbient(ts, statement)) continue;
      if (ts.isFunctionDeclaration(statement)) {
        if (!statement.body || !statement.name) continue;
        const fn = cx.newFunction({
          name: cx.qualifiedName(statement, statement.name.text),
          kind: 'function',
          node: statement,
          position: cx.position(statement),
          // A skipped function is printed from the emit cache: its result type (an inference
          // over its whole body when not written) is not needed.
          result: skip?.has(statement) ? anyType : resultType(cx, statement),
        });
        functions.push({ id: fn.id, node: statement });
      } else if (ts.isClassDeclaration(statement)) {
        declareClass(cx, statement);
      } else if (ts.isEnumDeclaration(statement)) {
        declareEnum(cx, statement);
      } else if (ts.isModuleDeclaration(statement)) {
        const body = namespaceBody(ts, statement);
        if (body) declare(body.statements);
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          // A global's type is an inference over its initializer: kept with the statement's key.
          if (reuse && ts.isIdentifier(declaration.name)) {
            const symbol = cx.checker.getSymbolAtLocation(declaration.name);
            const name = declaration.name.text;
            if (symbol) cx.variableFor(symbol, (compute) => reuse.declaredType(statement, name, compute));
          } else declareNames(cx, declaration.name);
        }
      }
    }
  };
  for (const file of codeFiles) declare(file.statements);
  resolveBases(cx);
  mark();

  for (const { id, node } of functions) {
    const fn = cx.functions[id]!;
    if (reuse) {
      lowerUnit(cx, reuse, node, fn, undefined, () => {
        lowerFunctionBody(cx, fn, node, undefined);
        return { body: [], keep: true };
      });
    } else if (!skip?.has(node)) lowerFunctionBody(cx, fn, node, undefined);
  }
  mark();
  for (const builder of cx.classes) lowerClass(cx, builder);
  mark();

  const scope = new FunctionScope(main, undefined, false);
  const body: IrStmt[] = [];
  const units: LoweredUnit[] = [];
  const lowerTopLevel = (statements: readonly ts.Statement[], fileLevel: boolean) => {
    for (const statement of statements) {
      const unit = (made: LoweredUnit) => {
        if (fileLevel) units.push(made);
      };
      if (isAmbient(ts, statement)) continue;
      if (ts.isFunctionDeclaration(statement)) {
        const fn = cx.functionOf.get(statement);
        unit(
          fn === undefined
            ? { node: statement, kind: 'other' }
            : { node: statement, kind: 'function', fn, skipped: skip?.has(statement) ?? false },
        );
        continue;
      }
      if (ts.isEnumDeclaration(statement)) {
        unit({ node: statement, kind: 'other' });
        continue;
      }
      if (ts.isClassDeclaration(statement) || ts.isModuleDeclaration(statement)) {
        const start = body.length;
        if (ts.isClassDeclaration(statement)) lowerClassDefinition(cx, scope, statement, body);
        else {
          const block = namespaceBody(ts, statement);
          if (block) lowerTopLevel(block.statements, false);
        }
        unit({ node: statement, kind: 'main', start, end: body.length, shared: true, skipped: false });
      } else if (skip?.has(statement)) {
        unit({ node: statement, kind: 'main', start: body.length, end: body.length, shared: false, skipped: true });
      } else {
        const start = body.length;
        const temps = main.temps;
        const hoisted = scope.hoistedVars.size;
        if (reuse && fileLevel) {
          const made = lowerUnit(cx, reuse, statement, main, scope, () => {
            const own: IrStmt[] = [];
            lowerStatement(cx, scope, statement, own);
            // A hoisted `var` is declared at the top of main: such a statement is lowered every time.
            return { body: own, keep: scope.hoistedVars.size === hoisted };
          });
          body.push(...made);
        } else lowerStatement(cx, scope, statement, body);
        const shared = main.temps !== temps || scope.hoistedVars.size !== hoisted;
        unit({ node: statement, kind: 'main', start, end: body.length, shared, skipped: false });
      }
    }
  };
  for (const file of codeFiles) lowerTopLevel(file.statements, true);
  main.body = [...[...scope.hoistedVars].map(([v, loc]): IrStmt => ({ kind: 'let', var: v.id, loc })), ...body];
  mark();
  const join: LowerJoinInfo = {
    marks,
    apiDeclarations: cx.apiDeclarations,
    main: { temps: main.temps, closures: main.closures, labels: scope.labelCount, hoisted: scope.hoistedVars.size },
  };
  return { diagnostics: cx.diagnostics, module: cx.finish(), units, join };
}

function isAmbient(tsApi: typeof ts, statement: ts.Statement): boolean {
  return (
    isDeclared(tsApi, statement) || tsApi.isInterfaceDeclaration(statement) || tsApi.isTypeAliasDeclaration(statement)
  );
}

function namespaceBody(tsApi: typeof ts, node: ts.ModuleDeclaration): ts.ModuleBlock | undefined {
  let body = node.body;
  while (body && tsApi.isModuleDeclaration(body)) body = body.body;
  return body && tsApi.isModuleBlock(body) ? body : undefined;
}

/** Globals come into being in declaration order (their ids are stable for a given program). */
function declareNames(cx: LowerContext, name: ts.BindingName): void {
  const ts = cx.ts;
  if (ts.isIdentifier(name)) {
    const symbol = cx.checker.getSymbolAtLocation(name);
    if (symbol) cx.variableFor(symbol);
    return;
  }
  for (const element of name.elements) if (!ts.isOmittedExpression(element)) declareNames(cx, element.name);
}

function declareEnum(cx: LowerContext, node: ts.EnumDeclaration): void {
  const members: { name: string; value: number | string }[] = [];
  for (const member of node.members) {
    const value = cx.checker.getConstantValue(member);
    const name = member.name.getText();
    if (value === undefined) cx.unsupported(member, 'An enum member whose value is computed at run time');
    else members.push({ name, value });
  }
  const id = cx.enums.length;
  cx.enums.push({ id, name: cx.qualifiedName(node, node.name.text), members });
  cx.enumOf.set(node, id);
}
