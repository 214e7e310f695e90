import { describe, expect, it } from 'vitest';
import { blockParams, defaultBlockText, parseBlockSyntax } from './block-syntax.ts';

describe('parseBlockSyntax', () => {
  it('splits labels, %params, $refs, shadows and | breaks', () => {
    const syntax = parseBlockSyntax('show|number %number=math_number');
    expect(syntax.parts).toEqual([
      { kind: 'label', text: 'show' },
      { kind: 'break' },
      { kind: 'label', text: 'number' },
      { kind: 'param', name: 'number', ref: false, shadow: 'math_number' },
    ]);
    expect(syntax.expandAt).toBeUndefined();
  });

  it('marks the parameters after || as expandable', () => {
    const syntax = parseBlockSyntax('play $note|| for $beats beats');
    expect(syntax.expandAt).toBe(2);
    expect(blockParams(syntax)).toEqual([
      { name: 'note', ref: true, expandable: false },
      { name: 'beats', ref: true, expandable: true },
    ]);
  });

  it('reads receivers with a variable name, escapes and translator ids', () => {
    expect(parseBlockSyntax('delete %this(sprite)').parts).toEqual([
      { kind: 'label', text: 'delete' },
      { kind: 'param', name: 'this', ref: false, variable: 'sprite' },
    ]);
    expect(parseBlockSyntax('100\\% of \\$x').parts).toEqual([{ kind: 'label', text: '100% of $x' }]);
    expect(parseBlockSyntax('{id:op}square root %x').parts[0]).toEqual({ kind: 'label', text: 'square root' });
    expect(parseBlockSyntax('a  |  | b |').parts).toEqual([
      { kind: 'label', text: 'a' },
      { kind: 'break' },
      { kind: 'label', text: 'b' },
    ]);
  });

  it('gives `//% block` without text a sentence from the function name', () => {
    expect(defaultBlockText('showNumber', ['value'])).toBe('show number %value');
    expect(defaultBlockText('_popStatement', [])).toBe('pop statement');
  });
});
