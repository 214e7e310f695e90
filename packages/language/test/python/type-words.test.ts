// Signature help's words in Python: TypeScript's parameter labels, types and return types as a
// Python learner reads them.
import { describe, expect, it } from 'vitest';
import { pythonParameterWords, pythonReturnWords, pythonTypeWords } from '../../src/python/python-type-words.ts';

describe('Python type words', () => {
  it('names the basic types and lists as Python does', () => {
    expect(pythonTypeWords('number')).toBe('int');
    expect(pythonTypeWords('string')).toBe('str');
    expect(pythonTypeWords('boolean')).toBe('bool');
    expect(pythonTypeWords('void')).toBe('None');
    expect(pythonTypeWords('string[]')).toBe('List[str]');
    expect(pythonTypeWords('number[][]')).toBe('List[List[int]]');
    expect(pythonTypeWords('Array<boolean>')).toBe('List[bool]');
    expect(pythonTypeWords('number | undefined')).toBe('int | None');
    expect(pythonTypeWords('(number | string)[]')).toBe('List[int | str]');
    // The API's own types keep their names.
    expect(pythonTypeWords('Image')).toBe('Image');
    expect(pythonTypeWords('game.LedSprite')).toBe('game.LedSprite');
  });

  it('writes a function type as Callable', () => {
    expect(pythonTypeWords('() => void')).toBe('Callable[[], None]');
    expect(pythonTypeWords('(a: number, b: number) => number')).toBe('Callable[[int, int], int]');
    expect(pythonTypeWords('(items: string[]) => boolean')).toBe('Callable[[List[str]], bool]');
  });

  it('writes parameters in snake_case with Python types', () => {
    expect(pythonParameterWords('searchValue?: string')).toBe('search_value?: str');
    expect(pythonParameterWords('frameOffset: number')).toBe('frame_offset: int');
    expect(pythonParameterWords('...values: number[]')).toBe('*values: int');
    expect(pythonParameterWords('handler: () => void')).toBe('handler: Callable[[], None]');
    expect(pythonParameterWords('value')).toBe('value');
  });

  it('writes a return type after an arrow', () => {
    expect(pythonReturnWords('): void')).toBe(') -> None');
    expect(pythonReturnWords('): string[]')).toBe(') -> List[str]');
    expect(pythonReturnWords(')')).toBe(')');
    expect(pythonReturnWords(') -> int')).toBe(') -> int');
  });
});
