import { describe, expect, it } from 'vitest';
import { MemoryBudget } from './memory-budget.ts';

describe('MemoryBudget', () => {
  it('lets lists grow up to the budget and no further', () => {
    const budget = new MemoryBudget(1024 * 1024); // 1 MB: 131,072 slots
    const list: number[] = [];
    expect(() => {
      for (let i = 0; i < 200_000; i++) {
        list.push(i);
        budget.checkList(list);
      }
    }).toThrow(/Out of memory/);
    expect(list.length).toBe(budget.maxListLength + 1);
  });

  it('estimates lists of lists and strings from their newest element', () => {
    const budget = new MemoryBudget(1024 * 1024);
    const rows: number[][] = [];
    let failedAt = 0;
    try {
      for (let i = 0; i < 100_000; i++) {
        rows.push(new Array<number>(100).fill(0));
        budget.checkList(rows);
      }
    } catch {
      failedAt = rows.length;
    }
    // 824 bytes per row: the 2,048th row passes 1 MB.
    expect(failedAt).toBe(2048);
  });

  it('caps string length and buffer size', () => {
    const budget = new MemoryBudget(1600);
    expect(() => budget.checkString('x'.repeat(100))).not.toThrow();
    expect(() => budget.checkString('x'.repeat(101))).toThrow(/Out of memory/);
    expect(() => budget.checkBytes(1601)).toThrow(/Out of memory/);
  });

  // Issue 21: each buffer passed the per-object check; 4 GB were held together.
  it('counts what is held together, and refuses what would pass the budget', () => {
    const budget = new MemoryBudget(1000_000);
    const kept: object[] = [];
    for (let i = 0; i < 3; i++) {
      const owner = {};
      budget.hold(owner, 300_000);
      kept.push(owner);
    }
    expect(budget.heldBytes).toBe(900_000);
    expect(() => budget.reserve(200_000)).toThrow(/^Out of memory/);
    // A list's running estimate counts what was put in it, wherever it sits.
    const list: unknown[] = [];
    const other = new MemoryBudget(1000_000);
    expect(() => {
      for (let i = 0; i < 100; i++) {
        const value = i % 3 === 1 ? 'x'.repeat(50_000) : 0;
        list.push(value);
        other.grewListWith(list, value);
      }
    }).toThrow(/^Out of memory/);
    expect(kept).toHaveLength(3);
  });
});
