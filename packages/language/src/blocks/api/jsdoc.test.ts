import { describe, expect, it } from 'vitest';
import { exampleValue, parseJsDoc } from './jsdoc.ts';

describe('parseJsDoc', () => {
  it('reads the description, @param texts, eg: examples and [min-max] ranges', () => {
    const doc = parseJsDoc(
      [
        '// a line comment before',
        '/**',
        ' * Scrolls a number on the screen.',
        ' * It stays still when it fits.',
        ' * @param value the number to show, eg: 0, -1',
        ' * @param text what to say, eg: "Hello, you!", "x"',
        ' * @param power [0-7] how strong, eg: 7',
        ' * @param plain no example here',
        ' * @returns nothing',
        ' */',
      ].join('\n'),
    );
    expect(doc.description).toBe('Scrolls a number on the screen. It stays still when it fits.');
    expect(doc.params['value']).toEqual({ description: 'the number to show', examples: ['0', '-1'] });
    expect(doc.params['text']).toEqual({ description: 'what to say', examples: ['"Hello, you!"', '"x"'] });
    expect(doc.params['power']).toEqual({ description: 'how strong', examples: ['7'], min: 0, max: 7 });
    expect(doc.params['plain']).toEqual({ description: 'no example here', examples: [] });
  });

  it('is empty without a JSDoc block', () => {
    expect(parseJsDoc('//% block="x"')).toEqual({ description: '', params: {} });
  });

  it('takes quotes off examples', () => {
    expect(exampleValue('"Hello!"')).toBe('Hello!');
    expect(exampleValue('IconNames.Heart')).toBe('IconNames.Heart');
  });
});
