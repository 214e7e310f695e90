// Library files: declaration texts the program is checked against. They reach the compiler as
// strings (no file system), so the same code runs in Node and in a Web Worker.

import type ts from 'typescript';

export interface LibraryFile {
  /** Unique path-like name, e.g. `lib/es.d.ts` or `microbit/basic.d.ts`. */
  readonly name: string;
  readonly text: string;
  /**
   * Where the file's top-level values come from when the program runs: `native` for the
   * JavaScript engine's own globals, `host` for objects the runtime passes in (`$api`).
   */
  readonly provides: 'host' | 'native';
}

/** Top-level value names a declaration file introduces (types and const enums erase). */
export function topLevelValueNames(tsApi: typeof ts, file: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of file.statements) {
    if (tsApi.isModuleDeclaration(statement) && tsApi.isIdentifier(statement.name)) {
      if (namespaceHasValues(tsApi, statement)) names.push(statement.name.text);
    } else if (tsApi.isFunctionDeclaration(statement) || tsApi.isClassDeclaration(statement)) {
      if (statement.name) names.push(statement.name.text);
    } else if (tsApi.isEnumDeclaration(statement)) {
      const isConst = statement.modifiers?.some((m) => m.kind === tsApi.SyntaxKind.ConstKeyword);
      if (!isConst) names.push(statement.name.text);
    } else if (tsApi.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (tsApi.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    }
  }
  return names;
}

/** True when a namespace declares anything that exists at run time (not only types). */
function namespaceHasValues(tsApi: typeof ts, declaration: ts.ModuleDeclaration): boolean {
  const body = declaration.body;
  if (!body) return false;
  if (tsApi.isModuleDeclaration(body)) return namespaceHasValues(tsApi, body);
  if (!tsApi.isModuleBlock(body)) return false;
  return body.statements.some((statement) => {
    if (tsApi.isModuleDeclaration(statement)) return namespaceHasValues(tsApi, statement);
    if (tsApi.isEnumDeclaration(statement)) {
      return !statement.modifiers?.some((m) => m.kind === tsApi.SyntaxKind.ConstKeyword);
    }
    return (
      tsApi.isFunctionDeclaration(statement) ||
      tsApi.isVariableStatement(statement) ||
      tsApi.isClassDeclaration(statement)
    );
  });
}
