// The types of top-level declarations, kept between compiles (issue 12 item 4). The keys of the
// scoped check, the emit cache and the lower cache spell the type of every top-level declaration
// on each compile; for a function without a return type that is an inference over its whole
// body, so a 1,000-block program inferred every function again after one number changed (about
// a quarter of an edit's compile in Node, profiled).
//
// What a declaration's type is depends on its text and on the types of the top-level names it
// mentions (the library does not change within one compiler): the same assumption as the keys
// themselves. So a statement's types are kept under its file and text, with the types of the
// names it mentions, found the same way (recursively; a name in a cycle is asked of the checker).
// A program declaring a name twice, or holding what the keys cannot describe, asks the checker.

import type ts from 'typescript';
import { type DeclaredType, declarationTypes, mentionedNames } from './emit-cache.ts';

export interface DeclarationTypesRun {
  /** What the statement declares, with types (declarationTypes), known from before where it can be. */
  of(node: ts.Statement): readonly DeclaredType[];
}

interface Entry {
  readonly dependencies: string;
  readonly types: readonly DeclaredType[];
}

export class DeclarationTypes {
  private kept = new Map<string, Entry>();
  /** Top-level names a statement's text mentions, by its text (parsing again is not needed). */
  private names = new Map<string, readonly string[]>();

  /** One compile's use (undefined: ask the checker for everything). */
  run(tsApi: typeof ts, checker: ts.TypeChecker, files: readonly ts.SourceFile[]): DeclarationTypesRun | undefined {
    const declaring = declaringStatements(tsApi, files);
    if (!declaring) return undefined;
    const before = this.kept;
    const beforeNames = this.names;
    const next = new Map<string, Entry>();
    const names = new Map<string, readonly string[]>();
    this.kept = next;
    this.names = names;
    const known = new Map<ts.Statement, readonly DeclaredType[]>();
    const busy = new Set<ts.Statement>();
    const compute = (node: ts.Statement) => declarationTypes({ tsApi, checker }, node);
    const of = (node: ts.Statement): readonly DeclaredType[] => {
      // Only functions and variables have types to infer (an enum's key is its text).
      if (!(tsApi.isFunctionDeclaration(node) || tsApi.isVariableStatement(node))) return compute(node);
      const done = known.get(node);
      if (done) return done;
      // In a cycle (functions calling each other): asked of the checker, not kept.
      if (busy.has(node)) return compute(node);
      busy.add(node);
      const file = node.getSourceFile();
      const text = `${file.fileName}\u0000${file.text.slice(node.getStart(file), node.end)}`;
      const mentions = names.get(text) ?? beforeNames.get(text) ?? mentionedNames(tsApi, node);
      names.set(text, mentions);
      const dependencies: string[] = [];
      for (const name of mentions) {
        const other = declaring.get(name);
        if (!other || other === node) continue;
        dependencies.push(
          `${name}=${of(other)
            .map(([n, t]) => `${n}:${t}`)
            .join(',')}`,
        );
      }
      busy.delete(node);
      const joined = dependencies.join('\u0000');
      const entry = before.get(text) ?? next.get(text);
      const types = entry && entry.dependencies === joined ? entry.types : compute(node);
      next.set(text, { dependencies: joined, types });
      known.set(node, types);
      return types;
    };
    return { of };
  }
}

/** The statement declaring each top-level name, or undefined when a name is declared twice. */
function declaringStatements(tsApi: typeof ts, files: readonly ts.SourceFile[]): Map<string, ts.Statement> | undefined {
  const found = new Map<string, ts.Statement>();
  for (const file of files) {
    for (const node of file.statements) {
      const declared: string[] = [];
      if ((tsApi.isFunctionDeclaration(node) || tsApi.isEnumDeclaration(node)) && node.name) {
        declared.push(node.name.text);
      } else if (tsApi.isVariableStatement(node)) {
        for (const declaration of node.declarationList.declarations) {
          const visit = (name: ts.BindingName) => {
            if (tsApi.isIdentifier(name)) declared.push(name.text);
            else for (const element of name.elements) if (!tsApi.isOmittedExpression(element)) visit(element.name);
          };
          visit(declaration.name);
        }
      } else if (
        tsApi.isClassDeclaration(node) ||
        tsApi.isInterfaceDeclaration(node) ||
        tsApi.isTypeAliasDeclaration(node) ||
        tsApi.isModuleDeclaration(node)
      ) {
        return undefined;
      }
      for (const name of declared) {
        if (found.has(name)) return undefined;
        found.set(name, node);
      }
    }
  }
  return found;
}
