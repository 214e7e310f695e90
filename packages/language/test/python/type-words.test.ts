// The Python editor's words: TypeScript's parameter labels, types, return types and whole hover
// signatures as a Python learner reads them.
import { describe, expect, it } from 'vitest';
import {
  pythonDocWords,
  pythonParameterWords,
  pythonReturnWords,
  pythonSignatureWords,
  pythonTypeWords,
} from '../../src/python/python-type-words.ts';

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

  it('writes whole hover signatures in Python’s words, without TypeScript’s kind words', () => {
    expect(pythonSignatureWords('function basic.show_number(value: number, interval?: number): void')).toBe(
      'basic.show_number(value: int, interval?: int) -> None',
    );
    expect(pythonSignatureWords('(method) Array<string>.remove_at(index: number): string')).toBe(
      'List[str].remove_at(index: int) -> str',
    );
    expect(pythonSignatureWords('(method) List[number].get(index: number): number')).toBe(
      'List[int].get(index: int) -> int',
    );
    expect(pythonSignatureWords('(method) String.split(separator?: string, limit?: number): string[]')).toBe(
      'str.split(separator?: str, limit?: int) -> List[str]',
    );
    expect(
      pythonSignatureWords('(method) Array<number>.map<U>(callbackfn: (value: number, index: number) => U): U[]'),
    ).toBe('List[int].map(callbackfn: Callable[[int, int], U]) -> List[U]');
    expect(pythonSignatureWords('function input.on_button_pressed(button: Button, body: () => void): void')).toBe(
      'input.on_button_pressed(button: Button, body: Callable[[], None]) -> None',
    );
    expect(pythonSignatureWords('(property) game.LedSprite.x: number')).toBe('game.LedSprite.x: int');
    expect(pythonSignatureWords('const enum IconNames')).toBe('enum IconNames');
    expect(pythonSignatureWords('(enum member) IconNames.HEART = 0')).toBe('IconNames.HEART = 0');
    expect(pythonSignatureWords('namespace basic')).toBe('namespace basic');
    expect(pythonSignatureWords('interface Buffer')).toBe('class Buffer');
    expect(pythonSignatureWords('type Handler = (n: number) => void')).toBe('Handler = Callable[[int], None]');
    expect(pythonSignatureWords('let score: number')).toBe('score: int');
    expect(pythonSignatureWords('names: boolean[]')).toBe('names: List[bool]');
    expect(pythonSignatureWords('function basic.show_number(value: number): void (+1 overload)')).toBe(
      'basic.show_number(value: int) -> None (+1 overload)',
    );
  });

  it('snake_cases the API’s parameters and keeps the learner’s own', () => {
    expect(pythonSignatureWords('(method) Image.scroll_image(frameOffset: number): void')).toBe(
      'Image.scroll_image(frame_offset: int) -> None',
    );
    expect(pythonSignatureWords('def jump(myHeight: number): void', true)).toBe('def jump(myHeight: int) -> None');
  });

  it('leaves no TypeScript word in a type it does not take apart', () => {
    expect(pythonTypeWords('{ x: number; ok: boolean }')).toBe('{ x: int; ok: bool }');
    expect(pythonTypeWords('any')).toBe('Any');
  });

  it('writes an API function’s docs with its parameters in snake_case and API names in Python', () => {
    const toPython = (name: string) => (name === 'IconNames.Heart' ? 'IconNames.HEART' : undefined);
    expect(
      pythonDocWords(
        'Moves `frameOffset` columns.\n\n@param frameOffset how far, eg: IconNames.Heart, e.g. 2',
        toPython,
      ),
    ).toBe('Moves `frame_offset` columns.\n\n@param frame_offset how far, eg: IconNames.HEART, e.g. 2');
  });
});
