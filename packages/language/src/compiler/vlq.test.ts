import { describe, expect, it } from 'vitest';
import { decodeMappings, encodeMappings } from './vlq.ts';

describe('source map VLQ', () => {
  it('round-trips absolute segments, including negative steps and empty lines', () => {
    const lines = [
      [[0, 0, 0, 0]],
      [],
      [
        [4, 0, 3, 2],
        [10, 1, 0, 0],
      ],
      [[2, 0, 1, 7]],
    ];
    const text = encodeMappings(lines);
    expect(text).toBe('AAAA;;IAGE,MCHF;EDCO');
    expect(decodeMappings(text)).toEqual(lines);
  });

  it('rejects characters outside base64', () => {
    expect(() => decodeMappings('A!')).toThrow('Invalid source map character !');
  });
});
