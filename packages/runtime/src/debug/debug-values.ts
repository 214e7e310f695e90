// How the debugger shows values: a short text and a type for each, and a reference for the
// values that open (lists, objects, buffers, long strings) so a client asks for their children
// only when the learner expands them. References live while the program is halted.

import { RtBuffer } from '../buffer/rt-buffer.ts';

export interface DebugVariable {
  name: string;
  /** What the learner reads: `3`, `"hello"`, `[1, 2, 3]`, `Sprite`. */
  value: string;
  type: 'number' | 'string' | 'boolean' | 'undefined' | 'null' | 'list' | 'buffer' | 'object' | 'function';
  /** Non-zero when the value has children (`DebugValues.children`). */
  ref: number;
}

/** Children listed per expanded value, and characters shown of a string. */
export const MAX_CHILDREN = 100;
export const MAX_TEXT = 200;

export class DebugValues {
  private readonly byRef = new Map<number, unknown>();
  private nextRef = 1;

  /** Forgets every reference (the program resumed, so values may change). */
  clear(): void {
    this.byRef.clear();
  }

  describe(name: string, value: unknown): DebugVariable {
    if (value === undefined) return { name, value: 'undefined', type: 'undefined', ref: 0 };
    if (value === null) return { name, value: 'null', type: 'null', ref: 0 };
    switch (typeof value) {
      case 'number':
        return { name, value: String(value), type: 'number', ref: 0 };
      case 'boolean':
        return { name, value: String(value), type: 'boolean', ref: 0 };
      case 'string':
        return {
          name,
          value: JSON.stringify(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value),
          type: 'string',
          ref: value.length > MAX_TEXT ? this.keep(value) : 0,
        };
      case 'function':
        return { name, value: `function ${(value as { name?: string }).name || ''}`.trim(), type: 'function', ref: 0 };
      case 'object':
        break;
      case 'bigint':
        return { name, value: `${value}n`, type: 'number', ref: 0 };
      case 'symbol':
        return { name, value: value.toString(), type: 'object', ref: 0 };
    }
    if (Array.isArray(value)) {
      return { name, value: `[${summary(value)}]`, type: 'list', ref: value.length > 0 ? this.keep(value) : 0 };
    }
    if (value instanceof RtBuffer) {
      return {
        name,
        value: `buffer (${value.length} bytes)`,
        type: 'buffer',
        ref: value.length > 0 ? this.keep(value) : 0,
      };
    }
    const className = (value as { constructor?: { name?: string } }).constructor?.name;
    const label = className && className !== 'Object' ? className : 'object';
    return { name, value: label, type: 'object', ref: Object.keys(value).length > 0 ? this.keep(value) : 0 };
  }

  /** The children of an expanded value; empty for an unknown or expired reference. */
  children(ref: number): DebugVariable[] {
    const value = this.byRef.get(ref);
    if (value === undefined) return [];
    if (typeof value === 'string') {
      const out: DebugVariable[] = [];
      for (let i = 0; i < value.length && out.length < MAX_CHILDREN; i += MAX_TEXT) {
        out.push({ name: String(i), value: JSON.stringify(value.slice(i, i + MAX_TEXT)), type: 'string', ref: 0 });
      }
      return out;
    }
    if (Array.isArray(value)) return value.slice(0, MAX_CHILDREN).map((item, i) => this.describe(String(i), item));
    if (value instanceof RtBuffer) {
      const out: DebugVariable[] = [];
      for (let i = 0; i < value.length && i < MAX_CHILDREN; i++) out.push(this.describe(String(i), value.data[i]));
      return out;
    }
    return Object.keys(value as object)
      .slice(0, MAX_CHILDREN)
      .map((key) => this.describe(key, (value as Record<string, unknown>)[key]));
  }

  private keep(value: unknown): number {
    const ref = this.nextRef++;
    this.byRef.set(ref, value);
    return ref;
  }
}

function summary(list: readonly unknown[]): string {
  const shown = list.slice(0, 5).map((item) => {
    if (typeof item === 'string') return JSON.stringify(item.length > 20 ? `${item.slice(0, 20)}…` : item);
    if (Array.isArray(item)) return '[…]';
    if (item !== null && typeof item === 'object') return '{…}';
    return String(item);
  });
  return list.length > 5 ? `${shown.join(', ')}, … (${list.length} items)` : shown.join(', ');
}
