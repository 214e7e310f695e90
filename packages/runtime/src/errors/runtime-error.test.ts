import { describe, expect, it } from 'vitest';
import { RuntimeError, panic, toRuntimeError } from './runtime-error.ts';

const limit = 64 * 1024 * 1024;

describe('toRuntimeError', () => {
  it('turns engine null dereferences into the device message', () => {
    let caught: unknown;
    try {
      const value = null as unknown as { x: number };
      caught = value.x;
    } catch (error) {
      caught = error;
    }
    const converted = toRuntimeError(caught, limit);
    expect(converted.kind).toBe('null-dereference');
    expect(converted.message).toBe('Dereferencing null/undefined value.');
    expect(converted.jsStack).toContain('runtime-error.test.ts');
  });

  it('maps engine stack and length limits to stack overflow and out of memory', () => {
    expect(toRuntimeError(new RangeError('Maximum call stack size exceeded'), limit).message).toBe('Stack overflow');
    expect(toRuntimeError(new RangeError('Invalid string length'), limit).kind).toBe('out-of-memory');
    expect(toRuntimeError(new RangeError('Invalid array length'), limit).message).toContain('64 MB');
  });

  it('keeps messages of values the program threw', () => {
    expect(toRuntimeError(new Error('game over'), limit)).toMatchObject({ kind: 'thrown', message: 'game over' });
    expect(toRuntimeError('plain text', limit).message).toBe('plain text');
    expect(toRuntimeError(42, limit).message).toBe('42');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toRuntimeError(cyclic, limit).message).toBe('unknown error');
  });

  it('formats panics and positions', () => {
    const error = panic(42);
    expect(error.message).toBe('PANIC! Code 42');
    expect(error.panicCode).toBe(42);
    expect(error.describe()).toBe('PANIC! Code 42');
    error.position = { file: 'main.ts', line: 3, column: 5 };
    expect(error.describe()).toBe('PANIC! Code 42 at line 3');
    const other = new RuntimeError('thrown', 'x');
    other.position = { file: 'custom.ts', line: 9, column: 1 };
    expect(other.describe()).toBe('x at line 9 of custom.ts');
  });
});
