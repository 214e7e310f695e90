import { describe, expect, it } from 'vitest';
import { isFlagSet, parseAnnotations } from './parse-annotations.ts';

describe('parseAnnotations', () => {
  it('reads keys, quoted values, dotted keys and flags over several lines', () => {
    const annotations = parseAnnotations(
      [
        '/** Shows a number. */',
        '//% blockId=device_show_number block="show|number %number" blockGap=8',
        '//% async',
        '//% interval.defl=150 icon="\\uf00a" advanced=true',
        '// not an annotation=1',
      ].join('\n'),
    );
    expect(annotations).toEqual({
      blockId: 'device_show_number',
      block: 'show|number %number',
      blockGap: '8',
      async: 'true',
      'interval.defl': '150',
      icon: '\\uf00a',
      advanced: 'true',
    });
    expect(isFlagSet(annotations, 'async')).toBe(true);
    expect(isFlagSet(annotations, 'blockGap')).toBe(false);
  });

  it('keeps spaces inside quotes and lets later lines win', () => {
    expect(parseAnnotations('//% block="a b  c" weight=1\n//% weight=2')).toEqual({ block: 'a b  c', weight: '2' });
    expect(parseAnnotations('')).toEqual({});
    expect(parseAnnotations(`//% groups='["A", "B c"]' x=1`)).toEqual({ groups: '["A", "B c"]', x: '1' });
  });
});
