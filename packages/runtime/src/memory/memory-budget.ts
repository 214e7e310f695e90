// The memory budget of one program (64 MB by default). JavaScript gives pure code no way to
// measure live memory, so the budget is enforced where programs grow without bound: lists,
// strings and buffers. Growth goes through the helpers the compiler routes it to; the checks
// are cheap (a length compare, and a sampled size estimate at each power of two).

import { RuntimeError, runtimeMessages } from '../errors/runtime-error.ts';

/** Bytes counted per list slot and per string character (a rope node can cost more). */
const SLOT_BYTES = 8;
const STRING_CHAR_BYTES = 16;
const OBJECT_BYTES = 16;

export class MemoryBudget {
  readonly maxListLength: number;
  readonly maxStringLength: number;

  constructor(readonly limitBytes: number) {
    this.maxListLength = Math.floor(limitBytes / SLOT_BYTES);
    this.maxStringLength = Math.floor(limitBytes / STRING_CHAR_BYTES);
  }

  outOfMemory(): RuntimeError {
    return new RuntimeError('out-of-memory', runtimeMessages.outOfMemory(this.limitBytes));
  }

  /** After a list grew: fails when it (with what it holds, estimated) passes the budget. */
  checkList(list: readonly unknown[]): void {
    const length = list.length;
    if (length < 1024 || (length & (length - 1)) !== 0) {
      if (length > this.maxListLength) throw this.outOfMemory();
      return;
    }
    // At each power of two, estimate the whole list from its newest element.
    if (length * this.estimate(list[length - 1]) > this.limitBytes) throw this.outOfMemory();
  }

  checkString(text: string): void {
    if (text.length > this.maxStringLength) throw this.outOfMemory();
  }

  checkBytes(size: number): void {
    if (size > this.limitBytes) throw this.outOfMemory();
  }

  /** A rough size of one value in bytes: its slot plus what it owns one level down. */
  estimate(value: unknown): number {
    if (typeof value === 'string') return SLOT_BYTES + value.length * 2;
    if (Array.isArray(value)) return SLOT_BYTES + OBJECT_BYTES + value.length * SLOT_BYTES;
    if (typeof value === 'object' && value !== null) {
      return SLOT_BYTES + OBJECT_BYTES + Object.keys(value).length * SLOT_BYTES;
    }
    return SLOT_BYTES;
  }
}
