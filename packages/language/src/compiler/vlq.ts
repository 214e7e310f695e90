// Base64 VLQ, the number encoding of source map "mappings" (source maps v3).

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const values = new Map([...alphabet].map((char, i) => [char, i]));

/** Decodes one mappings string into absolute segments per generated line. */
export function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  const fields = [0, 0, 0, 0, 0];
  for (const lineText of mappings.split(';')) {
    const segments: number[][] = [];
    fields[0] = 0;
    for (const segmentText of lineText.split(',')) {
      if (!segmentText) continue;
      const relative = decodeValues(segmentText);
      const segment: number[] = [];
      for (let i = 0; i < relative.length; i++) {
        fields[i] = (fields[i] ?? 0) + relative[i]!;
        segment.push(fields[i]!);
      }
      segments.push(segment);
    }
    lines.push(segments);
  }
  return lines;
}

function decodeValues(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = values.get(char);
    if (digit === undefined) throw new Error(`Invalid source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** Encodes absolute segments per line back into a mappings string. */
export function encodeMappings(lines: readonly (readonly (readonly number[])[])[]): string {
  const previous = [0, 0, 0, 0, 0];
  return lines
    .map((segments) => {
      previous[0] = 0;
      return segments
        .map((segment) =>
          segment
            .map((field, i) => {
              const delta = field - previous[i]!;
              previous[i] = field;
              return encodeValue(delta);
            })
            .join(''),
        )
        .join(',');
    })
    .join(';');
}

function encodeValue(value: number): string {
  let vlq = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = vlq & 31;
    vlq >>>= 5;
    if (vlq > 0) digit |= 32;
    out += alphabet[digit];
  } while (vlq > 0);
  return out;
}
