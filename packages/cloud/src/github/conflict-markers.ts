// Merge conflict markers in a file (spec 000 §5: seven < or > in a row start a line). A merged
// file keeps both sides of each clash between the markers; the learner picks a side per clash.

const START = /^<{7}(?: .*)?$/;
const MIDDLE = /^={7}$/;
const END = /^>{7}(?: .*)?$/;

/** Whether the text has merge conflict markers (a line starting with seven < or >). */
export function hasConflictMarkers(text: string): boolean {
  return /^(<{7}|>{7})/m.test(text);
}

export type ConflictPart = { kind: 'same'; lines: string[] } | { kind: 'conflict'; ours: string[]; theirs: string[] };

/**
 * The file cut into shared lines and clashes. Markers that do not close (a start without its
 * end) are kept as ordinary lines, so nothing is lost.
 */
export function parseConflicts(text: string): ConflictPart[] {
  const lines = text.split('\n');
  const parts: ConflictPart[] = [];
  const same = (line: string) => {
    const last = parts.at(-1);
    if (last?.kind === 'same') last.lines.push(line);
    else parts.push({ kind: 'same', lines: [line] });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!START.test(line)) {
      same(line);
      continue;
    }
    const middle = lines.findIndex((l, j) => j > i && MIDDLE.test(l));
    const end = middle < 0 ? -1 : lines.findIndex((l, j) => j > middle && END.test(l));
    if (end < 0) {
      same(line);
      continue;
    }
    parts.push({ kind: 'conflict', ours: lines.slice(i + 1, middle), theirs: lines.slice(middle + 1, end) });
    i = end;
  }
  return parts;
}

export type MarkerChoice = 'ours' | 'theirs' | 'both';

/** The text with each clash replaced by the chosen side (clashes without a choice stay). */
export function resolveConflicts(text: string, choices: readonly MarkerChoice[]): string {
  let index = 0;
  const out: string[] = [];
  for (const part of parseConflicts(text)) {
    if (part.kind === 'same') {
      out.push(...part.lines);
      continue;
    }
    const choice = choices[index++];
    if (choice === 'ours') out.push(...part.ours);
    else if (choice === 'theirs') out.push(...part.theirs);
    else if (choice === 'both') out.push(...part.ours, ...part.theirs);
    else out.push('<<<<<<<', ...part.ours, '=======', ...part.theirs, '>>>>>>>');
  }
  return out.join('\n');
}
