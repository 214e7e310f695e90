// The memory budget of one program (64 MB by default). JavaScript gives pure code no way to
// measure live memory, so the budget is enforced where programs grow without bound: lists,
// strings and buffers. Growth goes through the helpers the compiler routes it to; the checks
// are cheap (a length compare, and a running size estimate per list).
//
// Each object is also counted in a ledger of what the program holds (issue 21: a program kept
// 4 GB of buffers of 60 MB each, every one under the budget): buffers of 1 KiB and more and
// lists of 4 KiB and more are entered with their size, and leave it when the engine collects
// them (WeakRef, FinalizationRegistry). A new entry that would take the ledger over the budget
// first drops entries already collected, then fails with "out of memory". What a program keeps
// always counts; garbage counts only until the engine collects it.

import { RuntimeError, runtimeMessages } from '../errors/runtime-error.ts';

/** Bytes counted per list slot and per string character (a rope node can cost more). */
const SLOT_BYTES = 8;
const STRING_CHAR_BYTES = 16;
const OBJECT_BYTES = 16;
/** Buffers from this size on are entered in the ledger (smaller ones count in their lists). */
const LEDGER_MIN_BUFFER_BYTES = 1024;
/** Lists from this estimated size on are entered in the ledger. */
const LEDGER_MIN_LIST_BYTES = 4096;

interface LedgerEntry {
  readonly ref: WeakRef<object>;
  bytes: number;
}

/** Anything with a byte length (the runtime's buffers), without importing them. */
function byteLength(value: object): number | undefined {
  const data = (value as { data?: unknown }).data;
  return data instanceof Uint8Array ? data.byteLength : undefined;
}

export class MemoryBudget {
  readonly maxListLength: number;
  readonly maxStringLength: number;
  private live = 0;
  private readonly entries = new Set<LedgerEntry>();
  private readonly byOwner = new WeakMap<object, LedgerEntry>();
  private readonly listBytes = new WeakMap<object, number>();
  private readonly registry = new FinalizationRegistry<LedgerEntry>((entry) => this.forget(entry));

  constructor(readonly limitBytes: number) {
    this.maxListLength = Math.floor(limitBytes / SLOT_BYTES);
    this.maxStringLength = Math.floor(limitBytes / STRING_CHAR_BYTES);
  }

  /** Bytes the ledger counts now (entries whose owners may already be gone included). */
  get heldBytes(): number {
    return this.live;
  }

  /** Fails before `bytes` more are allocated when they cannot fit next to what is held. */
  reserve(bytes: number): void {
    this.checkBytes(bytes);
    if (this.live + bytes <= this.limitBytes) return;
    this.sweep();
    if (this.live + bytes > this.limitBytes) throw this.outOfMemory();
  }

  /** Enters (or updates) `owner` in the ledger as holding `bytes`; fails past the budget. */
  hold(owner: object, bytes: number): void {
    const entry = this.byOwner.get(owner);
    const previous = entry?.bytes ?? 0;
    if (bytes > previous) this.reserve(bytes - previous);
    if (entry) {
      this.live += bytes - previous;
      entry.bytes = bytes;
      return;
    }
    const added: LedgerEntry = { ref: new WeakRef(owner), bytes };
    this.entries.add(added);
    this.byOwner.set(owner, added);
    this.registry.register(owner, added);
    this.live += bytes;
  }

  /** A buffer the program made: counted when it is big enough to matter on its own. */
  holdBuffer(buffer: object, bytes: number): void {
    if (bytes >= LEDGER_MIN_BUFFER_BYTES) this.hold(buffer, bytes);
  }

  /** A list grew by `values`: its running size estimate goes up, and into the ledger. */
  grewList(list: readonly unknown[], values: readonly unknown[]): void {
    let added = 0;
    for (const value of values) added += this.estimate(value);
    this.grewListBy(list, added);
  }

  /** A list grew by one value (the common push). */
  grewListWith(list: readonly unknown[], value: unknown): void {
    this.grewListBy(list, this.estimate(value));
  }

  private grewListBy(list: readonly unknown[], added: number): void {
    const bytes = (this.listBytes.get(list) ?? OBJECT_BYTES) + added;
    this.listBytes.set(list, bytes);
    if (bytes >= LEDGER_MIN_LIST_BYTES) this.hold(list, bytes);
  }

  private forget(entry: LedgerEntry): void {
    if (!this.entries.delete(entry)) return;
    this.live -= entry.bytes;
  }

  /** Drops the entries whose owners the engine has collected. */
  private sweep(): void {
    for (const entry of this.entries) if (entry.ref.deref() === undefined) this.forget(entry);
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
    if (Array.isArray(value)) {
      return SLOT_BYTES + Math.max(OBJECT_BYTES + value.length * SLOT_BYTES, this.listBytes.get(value) ?? 0);
    }
    if (typeof value === 'object' && value !== null) {
      const bytes = byteLength(value);
      if (bytes !== undefined) return SLOT_BYTES + OBJECT_BYTES + bytes;
      return SLOT_BYTES + OBJECT_BYTES + Object.keys(value).length * SLOT_BYTES;
    }
    return SLOT_BYTES;
  }
}
