// MakeCode's `//%` annotation lines: `key=value`, `key="quoted value"` (or 'quoted'), `key.sub=value` and bare
// flags, several per line, several lines per declaration. This parser is shared by the compiler
// (which reads `async`, `helper`, `waitHelper`) and the API metadata built on top of it.

export type Annotations = Readonly<Record<string, string>>;

/** Parses the text after `//%` on one line into `into` (later keys win). */
function parseLine(line: string, into: Record<string, string>): void {
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i]!)) i++;
    if (i >= line.length) break;
    const keyStart = i;
    while (i < line.length && !/[\s=]/.test(line[i]!)) i++;
    const key = line.slice(keyStart, i);
    if (line[i] !== '=') {
      if (key) into[key] = 'true';
      continue;
    }
    i++;
    let value = '';
    const quote = line[i];
    if (quote === '"' || quote === "'") {
      // MakeCode writes JSON lists in single quotes: groups='["A", "B"]'.
      i++;
      while (i < line.length && line[i] !== quote) {
        if (line[i] === '\\' && i + 1 < line.length) {
          value += line[i]! + line[i + 1]!;
          i += 2;
        } else value += line[i++];
      }
      i++;
    } else {
      const valueStart = i;
      while (i < line.length && !/\s/.test(line[i]!)) i++;
      value = line.slice(valueStart, i);
    }
    if (key) into[key] = value;
  }
}

/** All `//%` attributes in a comment block (the text before a declaration). */
export function parseAnnotations(commentText: string): Annotations {
  const result: Record<string, string> = {};
  for (const raw of commentText.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('//%')) parseLine(line.slice(3), result);
  }
  return result;
}

/** True for flags written as `key`, `key=true` or `key=1`. */
export function isFlagSet(annotations: Annotations, key: string): boolean {
  const value = annotations[key];
  return value === 'true' || value === '1';
}
