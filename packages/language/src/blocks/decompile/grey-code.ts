// Grey code blocks (`typescript_statement`): a statement blocks cannot show, kept as its exact
// text (renamed variables excepted, so the code still means the same), one mutation attribute per
// line as MakeCode does, with the variables it declares.

import type ts from 'typescript';
import { GREY_STATEMENT } from '../definitions/builtin-blocks.ts';
import type { BlockNode } from '../model/blocks-model.ts';
import { type DecompileContext, makeBlock, mutation, symbolAt, useVariable } from './decompile-context.ts';

export function greyBlock(context: DecompileContext, text: string, declared: readonly string[] = []): BlockNode {
  const lines = text.split('\n');
  const attributes: Record<string, string> = {};
  if (declared.length) attributes['declaredvars'] = declared.join(',');
  attributes['numlines'] = String(lines.length);
  lines.forEach((line, i) => {
    attributes[`line${i}`] = line;
  });
  return makeBlock(context, GREY_STATEMENT, { mutation: mutation(attributes) });
}

/** The statement's text with renamed variables renamed; notes the variables it uses. */
export function greyText(context: DecompileContext, node: ts.Node): { text: string; declared: string[] } {
  const tsApi = context.tsApi;
  const start = node.getStart(context.file);
  const replacements: { start: number; end: number; name: string }[] = [];
  const declared: string[] = [];
  const visit = (child: ts.Node): void => {
    if (tsApi.isIdentifier(child)) {
      const symbol = symbolAt(context, child);
      const name = context.variables.nameOf(symbol);
      if (name !== undefined) {
        const declaration = symbol?.valueDeclaration;
        const inside = !!declaration && declaration.pos >= node.pos && declaration.end <= node.end;
        const direct = inside && tsApi.isVariableDeclaration(declaration) && declaration.parent.parent === node;
        // Blocks variables keep their blocks names (a renamed one is renamed here too); variables
        // the grey code declares for itself keep the text as written.
        if ((!inside || direct) && name !== child.text) {
          replacements.push({ start: child.getStart(context.file), end: child.end, name });
        }
        if (!inside) useVariable(context, name);
        else if (direct && !declared.includes(name)) declared.push(name);
      }
      return;
    }
    tsApi.forEachChild(child, visit);
  };
  visit(node);
  let text = context.text.slice(start, node.end);
  for (const r of replacements.sort((a, b) => b.start - a.start)) {
    text = text.slice(0, r.start - start) + r.name + text.slice(r.end - start);
  }
  return { text, declared };
}
