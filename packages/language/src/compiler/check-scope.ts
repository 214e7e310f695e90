// The type check of an edit, scoped to the top-level statements it changed (issue 12 item 4).
// TypeScript makes a new checker for every Program, so checking the whole of a 1,000-block
// main.ts again after one number changed was the largest step of an edit's compile.
//
// A statement is left unchecked when the compile before was free of problems and the statement's
// key is the same as then. The key (as the emit cache's, emit-cache.ts) is its start column, its
// text and the type of every top-level declaration it names; what TypeScript reports inside a
// statement depends only on those, as long as the declarations stand where they stood. So the
// check is scoped only when every file has the same number of top-level statements declaring the
// same names at the same places (use before declaration, redeclaration) and learner files hold
// nothing whose shape the key does not spell (classes, interfaces, type aliases, namespaces,
// imports, declaration files): otherwise the whole program is checked, as before.

import type ts from 'typescript';
import type { DeclarationTypesRun } from './declaration-types.ts';
import { declarationSignatures, mentionedNames } from './emit-cache.ts';

export interface CheckPlan {
  /** Per learner file: the statements to check, or undefined for the whole file. */
  readonly nodes: readonly (readonly ts.Statement[] | undefined)[];
  /** Whether some statements are left unchecked. */
  readonly scoped: boolean;
  /** Call after the check: `clean` when it (and the syntax check) found nothing. */
  done(clean: boolean): void;
}

export class CheckScope {
  private last: Shape | undefined;
  /** Top-level names a statement's text mentions, by its text (parsing again is not needed). */
  private names = new Map<string, readonly string[]>();

  /** A statement's key after a clean check (the wait cache's key too, wait-cache.ts). */
  keyOf(node: ts.Statement): string | undefined {
    return this.last?.byNode.get(node);
  }

  /**
   * Which statements to check. Without a clean compile before, no type is asked for before the
   * check: TypeScript reports some problems differently when types are asked for first (an
   * `async` function without a Promise type), and the keys are made after it, when clean.
   */
  plan(
    tsApi: typeof ts,
    checker: ts.TypeChecker,
    files: readonly ts.SourceFile[],
    types?: DeclarationTypesRun,
  ): CheckPlan {
    const whole = files.map(() => undefined);
    const last = this.last;
    if (!last) {
      return {
        nodes: whole,
        scoped: false,
        done: (clean) => (this.last = clean ? this.shapeOf(tsApi, checker, files, types) : undefined),
      };
    }
    const shape = this.shapeOf(tsApi, checker, files, types);
    const done = (clean: boolean) => (this.last = clean ? shape : undefined);
    const same =
      shape !== undefined &&
      last.declared.length === shape.declared.length &&
      last.declared.every((names, index) => names === shape.declared[index]);
    if (!same) return { nodes: whole, scoped: false, done };
    const changed = files.map((file) => file.statements.filter((node) => !last.keys.has(shape.byNode.get(node)!)));
    if (changed.some((nodes) => nodes.some((node) => movesFlow(tsApi, node))))
      return { nodes: whole, scoped: false, done };
    return { nodes: changed, scoped: true, done };
  }

  /** The program's declared names and statement keys, or undefined when it cannot be scoped. */
  private shapeOf(
    tsApi: typeof ts,
    checker: ts.TypeChecker,
    files: readonly ts.SourceFile[],
    types: DeclarationTypesRun | undefined,
  ): Shape | undefined {
    if (files.some((file) => file.isDeclarationFile)) return undefined;
    const setup = { tsApi, checker, types };
    const signatures = new Map<string, string>();
    const declared: string[] = [];
    for (const file of files) {
      declared.push(`file ${file.fileName}`);
      for (const node of file.statements) {
        if (!keyed(tsApi, node)) return undefined;
        const names = declarationSignatures(setup, node);
        declared.push(names.map(([name]) => name).join(','));
        for (const [name, signature] of names) {
          signatures.set(name, signatures.has(name) ? `${signatures.get(name)}|${signature}` : signature);
        }
      }
    }
    const keys = new Map<ts.Statement, string>();
    const names = new Map<string, readonly string[]>();
    for (const file of files) {
      for (const node of file.statements) {
        const start = node.getStart(file);
        const text = file.text.slice(start, node.end);
        // By text: a statement an edit left alone is not walked again.
        const mentioned = this.names.get(text) ?? mentionedNames(tsApi, node);
        names.set(text, mentioned);
        const dependencies = mentioned.flatMap((name) => {
          const signature = signatures.get(name);
          return signature === undefined ? [] : [`${name}=${signature}`];
        });
        const column = file.getLineAndCharacterOfPosition(start).character;
        keys.set(node, `${file.fileName}\u0000${column}\u0000${text}\u0000${dependencies.join('\u0000')}`);
      }
    }
    this.names = names;
    return { declared, keys: new Set(keys.values()), byNode: keys };
  }
}

interface Shape {
  /** Per file: its name, then per statement the names it declares. */
  readonly declared: readonly string[];
  /** Every statement's key. */
  readonly keys: ReadonlySet<string>;
  readonly byNode: ReadonlyMap<ts.Statement, string>;
}

/**
 * Whether a changed statement can change what TypeScript knows of a top-level variable in the
 * statements after it (narrowing by assignment: `x = "a"` then `x.length`): it declares
 * variables or an enum, or assigns outside a function. A function's body, or a handler's, does
 * not narrow the top level.
 */
function movesFlow(tsApi: typeof ts, node: ts.Statement): boolean {
  if (tsApi.isFunctionDeclaration(node)) return false;
  if (tsApi.isVariableStatement(node) || tsApi.isEnumDeclaration(node)) return true;
  let moves = false;
  const visit = (child: ts.Node): void => {
    if (moves || tsApi.isFunctionLike(child) || tsApi.isClassLike(child)) return;
    if (
      (tsApi.isBinaryExpression(child) &&
        child.operatorToken.kind >= tsApi.SyntaxKind.FirstAssignment &&
        child.operatorToken.kind <= tsApi.SyntaxKind.LastAssignment) ||
      ((tsApi.isPrefixUnaryExpression(child) || tsApi.isPostfixUnaryExpression(child)) &&
        (child.operator === tsApi.SyntaxKind.PlusPlusToken || child.operator === tsApi.SyntaxKind.MinusMinusToken)) ||
      ((tsApi.isForInStatement(child) || tsApi.isForOfStatement(child)) &&
        !tsApi.isVariableDeclarationList(child.initializer)) ||
      (tsApi.isVariableDeclarationList(child) && !(child.flags & tsApi.NodeFlags.BlockScoped))
    ) {
      moves = true;
      return;
    }
    tsApi.forEachChild(child, visit);
  };
  visit(node);
  return moves;
}

/** Statements whose checking the key describes: declarations of values, and code. */
function keyed(tsApi: typeof ts, node: ts.Statement): boolean {
  return !(
    tsApi.isClassDeclaration(node) ||
    tsApi.isInterfaceDeclaration(node) ||
    tsApi.isTypeAliasDeclaration(node) ||
    tsApi.isModuleDeclaration(node) ||
    tsApi.isImportDeclaration(node) ||
    tsApi.isImportEqualsDeclaration(node) ||
    tsApi.isExportDeclaration(node) ||
    tsApi.isExportAssignment(node)
  );
}
