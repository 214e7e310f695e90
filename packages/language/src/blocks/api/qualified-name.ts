// Qualified names of library declarations, MakeCode style: `basic.showNumber`, `Array.push`,
// `String.fromCharCode` (a member of `declare var String: { ... }`), `Button.A`, `randint`.
// The metadata reader and the decompiler compute them the same way, so a call resolved by the type
// checker finds its metadata by name.

import type ts from 'typescript';

function nameText(tsApi: typeof ts, name: ts.Node | undefined): string | undefined {
  if (!name) return undefined;
  if (tsApi.isIdentifier(name) || tsApi.isStringLiteral(name) || tsApi.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

/** The qualified name of a declaration, or undefined for nodes that have none. */
export function qualifiedNameOf(tsApi: typeof ts, declaration: ts.Node): string | undefined {
  const own = nameText(tsApi, (declaration as { name?: ts.Node }).name);
  if (own === undefined) return undefined;
  const parts = [own];
  for (let parent: ts.Node | undefined = declaration.parent; parent; parent = parent.parent) {
    if (tsApi.isSourceFile(parent)) break;
    if (tsApi.isModuleBlock(parent) || tsApi.isVariableDeclarationList(parent) || tsApi.isVariableStatement(parent)) {
      continue;
    }
    if (
      tsApi.isModuleDeclaration(parent) ||
      tsApi.isInterfaceDeclaration(parent) ||
      tsApi.isClassDeclaration(parent) ||
      tsApi.isEnumDeclaration(parent)
    ) {
      const name = nameText(tsApi, parent.name);
      if (name === undefined) return undefined;
      parts.unshift(name);
      continue;
    }
    if (tsApi.isTypeLiteralNode(parent)) {
      // `declare var String: { fromCharCode(...) }`: members are named after the variable.
      const holder: ts.Node | undefined = parent.parent;
      if (holder && tsApi.isVariableDeclaration(holder)) {
        const name = nameText(tsApi, holder.name);
        if (name === undefined) return undefined;
        parts.unshift(name);
        parent = holder;
        continue;
      }
      return undefined;
    }
    if (tsApi.isVariableDeclaration(parent)) continue;
    return undefined;
  }
  return parts.join('.');
}
