import { describe, expect, it } from 'vitest';
import { RuntimeError } from '../errors/runtime-error.ts';
import { forbiddenPropertyKeys, propertyKey } from './property-key.ts';

describe('propertyKey', () => {
  it('passes numbers, symbols and ordinary names through', () => {
    const symbol = Symbol('s');
    expect(propertyKey(3)).toBe(3);
    expect(propertyKey(symbol)).toBe(symbol);
    expect(propertyKey('score')).toBe('score');
    expect(propertyKey(null)).toBe('null');
  });

  it('refuses every forbidden name, however it was built', () => {
    for (const name of forbiddenPropertyKeys) {
      expect(() => propertyKey(name)).toThrow(RuntimeError);
      expect(() => propertyKey({ toString: () => name })).toThrow(`"${name}"`);
    }
    expect(() => propertyKey(['constr' + 'uctor'])).toThrow(/reaches into JavaScript itself/);
  });

  it('converts a key once and returns the converted text', () => {
    let calls = 0;
    const sly = { toString: () => (++calls === 1 ? 'length' : 'constructor') };
    expect(propertyKey(sly)).toBe('length');
    expect(calls).toBe(1);
  });
});
