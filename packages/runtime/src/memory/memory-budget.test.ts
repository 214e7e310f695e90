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
});
