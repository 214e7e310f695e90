// JSDoc of an API declaration: the description (block tooltips), `@param` descriptions and their
// `eg:` examples (the first one is the block's default value) and `[min-max]` ranges.

interface ParamDoc {
  readonly description: string;
  /** Example values after `eg:`, as written (`"Hello!"`, `150`, `IconNames.Heart`). */
  readonly examples: readonly string[];
  readonly min?: number;
  readonly max?: number;
}

export interface JsDoc {
  readonly description: string;
  readonly params: Readonly<Record<string, ParamDoc>>;
}

/** Reads the last `/** ... *\/` block of the comment text before a declaration. */
export function parseJsDoc(commentText: string): JsDoc {
  const start = commentText.lastIndexOf('/**');
  if (start < 0) return { description: '', params: {} };
  const end = commentText.indexOf('*/', start + 3);
  const body = commentText.slice(start + 3, end < 0 ? undefined : end);
  const lines = body.split('\n').map((line) => line.replace(/^\s*\*?\s?/, '').trimEnd());
  const description: string[] = [];
  const params: Record<string, ParamDoc> = {};
  let current: { name: string; text: string[] } | undefined;
  let inTag = false;
  const finish = () => {
    if (current) params[current.name] = parseParamText(current.text.join(' '));
    current = undefined;
  };
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (tag) {
      finish();
      inTag = true;
      if (tag[1] === 'param') {
        const param = /^(?:\{[^}]*\}\s*)?\[?([A-Za-z_$][\w$]*)\]?\s*(.*)$/.exec(tag[2] ?? '');
        if (param) current = { name: param[1]!, text: [param[2] ?? ''] };
      }
    } else if (current) {
      current.text.push(line.trim());
    } else if (!inTag) {
      description.push(line);
    }
  }
  finish();
  return {
    description: description
      .join('\n')
      .trim()
      .replace(/\s*\n\s*/g, ' '),
    params,
  };
}

function parseParamText(text: string): ParamDoc {
  let description = text.trim();
  let min: number | undefined;
  let max: number | undefined;
  const range = /^\[(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)\]\s*/.exec(description);
  if (range) {
    min = Number(range[1]);
    max = Number(range[2]);
    description = description.slice(range[0].length);
  }
  let examples: string[] = [];
  const eg = /(?:^|[\s,;.])eg:\s*(.*)$/.exec(description);
  if (eg) {
    examples = splitExamples(eg[1] ?? '');
    description = description.slice(0, eg.index).replace(/[\s,;]+$/, '');
  }
  return { description, examples, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/** Splits `1, "a, b", Foo.Bar` at commas outside quotes. */
function splitExamples(text: string): string[] {
  const result: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const c of text) {
    if (quote) {
      current += c;
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c;
      current += c;
    } else if (c === ',') {
      if (current.trim()) result.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) result.push(current.trim());
  return result;
}

/** A default value from an example: quotes removed from strings, the rest as written. */
export function exampleValue(example: string): string {
  const quoted = /^(["'`])([\s\S]*)\1$/.exec(example);
  return quoted ? quoted[2]! : example;
}
