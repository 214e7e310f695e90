// Joins the emitted files into one program text and builds its position table (the format the
// runtime reads, see @blockyard/runtime's PositionTable) and a standard v3 source map.

import { decodeMappings, encodeMappings } from './vlq.ts';

export interface PositionTableData {
  readonly files: readonly string[];
  readonly lines: readonly (readonly number[])[];
}

export interface EmittedFile {
  /** Index of the learner file in `files`. */
  fileIndex: number;
  js: string;
  /** The source map TypeScript wrote for `js`. */
  mapText: string;
}

export interface LinkedProgram {
  js: string;
  positions: PositionTableData;
  sourceMap: string | undefined;
}

const mapComment = /^\/\/# sourceMappingURL=.*$/;

/**
 * Program text layout (the runtime evaluates it as the body of `function ($rt, $h, $api)`):
 *   const { basic, input, … } = $api;
 *   return function* $main() {
 *   …each learner file's code, in order…
 *   };
 */
export function linkProgram(
  files: readonly string[],
  emitted: readonly EmittedFile[],
  hostNames: readonly string[],
  withSourceMap: boolean,
): LinkedProgram {
  const lines: string[] = [
    hostNames.length > 0 ? `const { ${hostNames.join(', ')} } = $api;` : '',
    'return function* $main() {',
  ];
  const table: number[][] = [[], []];
  const mapLines: number[][][] = [[], []];
  for (const part of emitted) {
    const offset = lines.length;
    const jsLines = part.js.split('\n');
    while (
      jsLines.length > 0 &&
      (jsLines[jsLines.length - 1] === '' || mapComment.test(jsLines[jsLines.length - 1]!))
    ) {
      jsLines.pop();
    }
    lines.push(...jsLines);
    const decoded = decodeMappings((JSON.parse(part.mapText) as { mappings: string }).mappings);
    for (let i = 0; i < jsLines.length; i++) {
      const segments = decoded[i] ?? [];
      const flat: number[] = [];
      const mapped: number[][] = [];
      for (const segment of segments) {
        if (segment.length < 4) continue;
        flat.push(segment[0]!, part.fileIndex, segment[2]! + 1, segment[3]! + 1);
        mapped.push([segment[0]!, part.fileIndex, segment[2]!, segment[3]!]);
      }
      table[offset + i] = flat;
      mapLines[offset + i] = mapped;
    }
  }
  lines.push('};');
  table.push([]);
  mapLines.push([]);
  const sourceMap = withSourceMap
    ? JSON.stringify({
        version: 3,
        file: 'blockyard-program.js',
        sources: files,
        names: [],
        mappings: encodeMappings(mapLines),
      })
    : undefined;
  return { js: lines.join('\n'), positions: { files, lines: table }, sourceMap };
}
