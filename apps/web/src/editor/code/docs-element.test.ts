import { describe, expect, it } from 'vitest';
import { docsElement, parseDocs, plainDocText } from './docs-element.ts';

// What the worker sends for basic.showNumber (JSDoc paragraphs, tags as "@name text").
const showNumber = [
  'Shows a number on the LED screen. A single digit stays still; longer numbers scroll.',
  '@param value the number to show, eg: 0',
  '@param interval milliseconds per scroll step, eg: 150, 100, 200, -100',
].join('\n\n');

describe('hover docs in plain words', () => {
  it('never shows a raw JSDoc tag or MakeCode default hint', () => {
    const element = docsElement('function basic.showNumber(value: number, interval?: number): void', showNumber);
    const text = element.textContent ?? '';
    expect(text).not.toMatch(/@param|@returns|eg:/);
    expect(text).toContain('Values it takes');
    expect([...element.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['value', 'interval']);
    expect([...element.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      'the number to show (for example 0)',
      'milliseconds per scroll step (for example 150)',
    ]);
  });

  it('says what a function gives back, and shows examples as code', () => {
    const docs = parseDocs(
      'Gets the light level.\n\n@returns a number from 0 to 255\n\n@example\nlet x = input.lightLevel()',
    );
    expect(docs).toEqual({
      text: ['Gets the light level.'],
      params: [],
      returns: 'a number from 0 to 255',
      examples: ['let x = input.lightLevel()'],
    });
  });

  it('speaks the interface language', () => {
    const labels = { parameters: 'Valeurs', returns: 'Donne', example: 'Exemple', forExample: 'par exemple {{value}}' };
    expect(plainDocText('le nombre, eg: 5', labels)).toBe('le nombre (par exemple 5)');
    expect(docsElement('f()', '@param x la valeur', labels).textContent).toContain('Valeurs');
  });

  it('keeps the name of a {@link} and drops its markup', () => {
    expect(plainDocText('Like {@link basic.showString} but slower')).toBe('Like basic.showString but slower');
  });
});
