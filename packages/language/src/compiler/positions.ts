// Joins the emitted files into one program text and builds its position table (the format the
// runtime reads, see @blockyard/runtime's PositionTable) and, on request, a v3 source map.
//
// Positions are statement-level: the transformer puts a marker comment before each emitted
// statement (`/*\u2063<id>*/`, an invisible separator no one types), and linking reads and
// removes the markers line by line. This costs a fraction of TypeScript's full source maps.

import { encodeMappings } from './vlq.ts';

export interface PositionTableData {
  readonly files: readonly string[];
  readonly lines: readonly (readonly number[])[];
}

export interface EmittedFile {
  js: string;
}

export interface LinkedProgram {
  js: string;
  positions: PositionTableData;
  sourceMap: string | undefined;
}

const markerPrefix = '\u2063';
const markerPattern = /\/\*\u2063(\d+)\*\/ ?/g;

/** The text of the marker comment for position `id` (without the comment delimiters). */
export function positionMarker(id: number): string {
  return `${markerPrefix}${id}`;
}

/**
 * Program text layout (the runtime evaluates it as the body of `function ($rt, $h, $api)`):
 *   const { basic, input, … } = $api;
 *   return function* $main() {
 *   …each learner file's code, in order…
 *   };
 * `markers[id]` is the [fileIndex, line, column] of marker `id`.
 */
export function linkProgram(
  files: readonly string[],
  emitted: readonly EmittedFile[],
  hostNames: readonly string[],
  markers: readonly (readonly [number, number, number])[],
  withSourceMap: boolean,
): LinkedProgram {
  const lines: string[] = [
    hostNames.length > 0 ? `const { ${hostNames.join(', ')} } = $api;` : '',
    'return function* $main() {',
  ];
  const table: number[][] = [[], []];
  for (const part of emitted) {
    for (const raw of part.js.split('\n')) {
      if (raw === '' || raw.startsWith('//# sourceMappingURL=')) continue;
      const segments: number[] = [];
      let removed = 0;
      const line = raw.replace(markerPattern, (match: string, id: string, offset: number) => {
        const position = markers[Number(id)];
        if (position) segments.push(offset - removed, position[0], position[1], position[2]);
        removed += match.length;
        return '';
      });
      lines.push(line);
      table.push(segments);
    }
  }
  lines.push('};');
  table.push([]);
  const sourceMap = withSourceMap ? sourceMapOf(files, table) : undefined;
  return { js: lines.join('\n'), positions: { files, lines: table }, sourceMap };
}

/** A v3 source map of a position table (each line flat [generated column, file, line, column] quads). */
export function sourceMapOf(files: readonly string[], table: readonly number[][]): string {
  return JSON.stringify({
    version: 3,
    file: 'blockyard-program.js',
    sources: files,
    names: [],
    mappings: encodeMappings(
      table.map((flat) => {
        const segments: number[][] = [];
        for (let i = 0; i + 3 < flat.length; i += 4) {
          segments.push([flat[i]!, flat[i + 1]!, flat[i + 2]! - 1, flat[i + 3]! - 1]);
        }
        return segments;
      }),
    ),
  });
}
