// Python string literals <-> their values, and values -> TypeScript / Python literals. Python's
// escapes are decoded here (not by JavaScript's rules), so `'\x41'`, raw strings and triple
// quotes mean what they mean in Python.

export interface PythonStringParts {
  prefix: string; // lower case: '', 'r', 'f', 'rf', 'b'...
  quote: string; // ', ", ''' or """
  body: string; // between the quotes, undecoded
}

export function splitStringLiteral(text: string): PythonStringParts | undefined {
  const match = /^([A-Za-z]*)('''|"""|'|")/.exec(text);
  if (!match) return undefined;
  const quote = match[2]!;
  if (!text.endsWith(quote) || text.length < match[0].length + quote.length) return undefined;
  return { prefix: match[1]!.toLowerCase(), quote, body: text.slice(match[0].length, text.length - quote.length) };
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\n': '',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\u0007',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** The value of a (non-raw) Python string body; `undefined` when an escape is malformed. */
export function decodeEscapes(body: string, raw: boolean): string | undefined {
  if (raw) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) return undefined;
    if (next in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[next];
      i++;
    } else if (next === 'x' || next === 'u' || next === 'U') {
      const size = next === 'x' ? 2 : next === 'u' ? 4 : 8;
      const hex = body.slice(i + 2, i + 2 + size);
      if (!new RegExp(`^[0-9A-Fa-f]{${size}}$`).test(hex)) return undefined;
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) return undefined;
      out += String.fromCodePoint(code);
      i += 1 + size;
    } else if (/[0-7]/.test(next)) {
      const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1))![0];
      out += String.fromCharCode(parseInt(octal, 8));
      i += octal.length;
    } else {
      out += '\\'; // Python keeps unknown escapes as written
    }
  }
  return out;
}

/** A TypeScript string literal in double quotes, as MakeCode writes them. */
export function typeScriptString(value: string): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** The text of a TypeScript template literal part (between backticks, outside `${}`). */
export function templateText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

/** A Python string literal in double quotes. */
export function pythonString(value: string): string {
  return typeScriptString(value);
}

/** A triple-quoted Python string (LED pictures, multi-line text). */
export function pythonTripleString(value: string): string {
  const body = value.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"').replace(/"$/, '\\"');
  return `"""${body}"""`;
}

/** Literal text of an f-string part: braces doubled, the rest escaped like a string. */
export function pythonFormatText(value: string): string {
  return typeScriptString(value).slice(1, -1).replace(/\{/g, '{{').replace(/\}/g, '}}');
}
