// The `block="..."` text of an annotation: labels, `%param` (matched to the function's
// parameters in order) and `$param` (matched by name) references, `=shadowId` after a reference,
// `|` between parts and `||` before the parameters that show only when the block is expanded.
// Backslash escapes the next character (`\%`, `\$`, `\|`).

export type BlockPart =
  | { readonly kind: 'label'; readonly text: string }
  | {
      readonly kind: 'param';
      readonly name: string;
      readonly ref: boolean;
      readonly shadow?: string;
      /** `%this(sprite)`: the variable a receiver input starts with. */
      readonly variable?: string;
    }
  | { readonly kind: 'break' };

export interface BlockSyntax {
  /** The block text as annotated. */
  readonly text: string;
  readonly parts: readonly BlockPart[];
  /** Index into `parts` where the expandable section (after `||`) starts; absent without `||`. */
  readonly expandAt?: number;
}

const identifierChar = /[A-Za-z0-9_]/;
const shadowChar = /[A-Za-z0-9_.]/;

export function parseBlockSyntax(text: string): BlockSyntax {
  const parts: BlockPart[] = [];
  let expandAt: number | undefined;
  let label = '';
  const flushLabel = () => {
    // `{id:context}` marks a text for translators only.
    const trimmed = label
      .replace(/\{id:[^}]*\}/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (trimmed) parts.push({ kind: 'label', text: trimmed });
    label = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      label += text[i + 1];
      i += 2;
    } else if (c === '|') {
      flushLabel();
      if (text[i + 1] === '|') {
        if (expandAt === undefined) expandAt = parts.length;
        i += 2;
      } else {
        if (parts.length > 0 && parts[parts.length - 1]!.kind !== 'break') parts.push({ kind: 'break' });
        i++;
      }
    } else if ((c === '%' || c === '$') && identifierChar.test(text[i + 1] ?? '')) {
      flushLabel();
      let j = i + 1;
      while (j < text.length && identifierChar.test(text[j]!)) j++;
      const name = text.slice(i + 1, j);
      let shadow: string | undefined;
      if (text[j] === '=' && shadowChar.test(text[j + 1] ?? '')) {
        let k = j + 1;
        while (k < text.length && shadowChar.test(text[k]!)) k++;
        shadow = text.slice(j + 1, k);
        j = k;
      }
      let variable: string | undefined;
      const named = /^\(([A-Za-z_][A-Za-z0-9_]*)\)/.exec(text.slice(j));
      if (named) {
        variable = named[1];
        j += named[0].length;
      }
      parts.push({
        kind: 'param',
        name,
        ref: c === '$',
        ...(shadow ? { shadow } : {}),
        ...(variable ? { variable } : {}),
      });
      i = j;
    } else {
      label += c;
      i++;
    }
  }
  flushLabel();
  while (parts.length > 0 && parts[parts.length - 1]!.kind === 'break') parts.pop();
  return { text, parts, ...(expandAt === undefined ? {} : { expandAt: Math.min(expandAt, parts.length) }) };
}

/** The parameter references of a block, in block order, with whether each is expandable. */
export function blockParams(syntax: BlockSyntax): {
  readonly name: string;
  readonly ref: boolean;
  readonly shadow?: string;
  readonly variable?: string;
  readonly expandable: boolean;
}[] {
  const result: { name: string; ref: boolean; shadow?: string; variable?: string; expandable: boolean }[] = [];
  syntax.parts.forEach((part, index) => {
    if (part.kind !== 'param') return;
    const expandable = syntax.expandAt !== undefined && index >= syntax.expandAt;
    result.push({
      name: part.name,
      ref: part.ref,
      ...(part.shadow ? { shadow: part.shadow } : {}),
      ...(part.variable ? { variable: part.variable } : {}),
      expandable,
    });
  });
  return result;
}

/** Block text for `//% block` without text: the function name in words, then its parameters. */
export function defaultBlockText(functionName: string, parameterNames: readonly string[]): string {
  const words = functionName
    .replace(/^_+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return [words, ...parameterNames.map((name) => `%${name}`)].join(' ');
}
