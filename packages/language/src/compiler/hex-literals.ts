// `hex` tagged template literals (MakeCode's buffer literals): hex`0a 0b` is a read-only Buffer of
// those bytes. The checker knows `hex` from the board library's declarations; this file decides
// which tagged templates are buffer literals, checks their text (pairs of hex digits, whitespace
// between pairs, no `${}`), and gives the digits the transformer passes to `$h.hexLiteral`.

import type ts from 'typescript';

/** Diagnostic code of a malformed hex literal (Blockyard's own checks are 9xxx). */
export const HEX_LITERAL_CODE = 9005;

export interface HexLiteralProblem {
  /** Absolute offset in the source file. */
  start: number;
  length: number;
  message: string;
}

/**
 * True when `node` is `hex`...`` with `hex` the library's function (a learner's own `hex`
 * function is called as written).
 */
export function isHexLiteral(
  tsApi: typeof ts,
  checker: ts.TypeChecker,
  node: ts.Node,
): node is ts.TaggedTemplateExpression {
  if (!tsApi.isTaggedTemplateExpression(node)) return false;
  const tag = node.tag;
  if (!tsApi.isIdentifier(tag) || tag.text !== 'hex') return false;
  const declarations = checker.getSymbolAtLocation(tag)?.declarations ?? [];
  return declarations.length > 0 && declarations.every((d) => d.getSourceFile().isDeclarationFile);
}

/** What the literal's digits are, or the first thing wrong with it (with its exact position). */
export function checkHexLiteral(
  tsApi: typeof ts,
  node: ts.TaggedTemplateExpression,
): { ok: true; digits: string } | { ok: false; problem: HexLiteralProblem } {
  const file = node.getSourceFile();
  const template = node.template;
  if (!tsApi.isNoSubstitutionTemplateLiteral(template)) {
    // From the `${` that ends the head to the `}` that starts the next part.
    const start = template.head.getEnd() - 2;
    const end = template.templateSpans[0]!.literal.getStart(file) + 1;
    return {
      ok: false,
      problem: {
        start,
        length: end - start,
        message: 'A hex literal holds only hexadecimal digits: ${…} cannot be used inside it.',
      },
    };
  }
  // The raw text between the backticks, so positions match the source exactly.
  const textStart = template.getStart(file) + 1;
  const raw = file.text.slice(textStart, template.getEnd() - 1);
  let digits = '';
  let pairStart = -1;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (/\s/.test(ch)) {
      if (digits.length % 2 === 1) {
        return { ok: false, problem: unpaired(textStart + pairStart) };
      }
      continue;
    }
    if (!/[0-9a-fA-F]/.test(ch)) {
      const shown = ch === '\\' ? '\\ (escapes are not allowed)' : `"${ch}"`;
      return {
        ok: false,
        problem: {
          start: textStart + i,
          length: 1,
          message: `A hex literal holds only hexadecimal digits (0-9, a-f) and spaces, but it has ${shown} here.`,
        },
      };
    }
    if (digits.length % 2 === 0) pairStart = i;
    digits += ch;
  }
  if (digits.length % 2 === 1) return { ok: false, problem: unpaired(textStart + pairStart) };
  return { ok: true, digits: digits.toLowerCase() };
}

function unpaired(start: number): HexLiteralProblem {
  return {
    start,
    length: 1,
    message: 'A hex literal needs two hexadecimal digits per byte: this digit has no partner.',
  };
}
