// The nRF's flash and UICR behind its NVMC (non-volatile memory controller), as a program (or a
// debugger through the AHB-AP) sees them: reads always work; writes only land when CONFIG allows
// them, only clear bits (flash cannot turn a 0 back into a 1 without an erase), and keep the
// controller busy for the part's real write and erase times. The emulator advances time itself,
// so "busy" is a cycle count the processor must reach.

import type { EmulatedBoardFacts } from './board-facts.ts';

export const NVMC_BASE = 0x4001e000;
export const NVMC = {
  ready: NVMC_BASE + 0x400,
  config: NVMC_BASE + 0x504,
  erasePage: NVMC_BASE + 0x508,
  eraseAll: NVMC_BASE + 0x50c,
  erasePcr0: NVMC_BASE + 0x510,
  eraseUicr: NVMC_BASE + 0x514,
} as const;

const UICR_BASE = 0x10001000;
const UICR_SIZE = 0x400;

/** CONFIG values: read only, write enabled, erase enabled. */
const NVMC_CONFIG = { read: 0, write: 1, erase: 2 } as const;

/** What the flash did, for tests and the benchmark. */
export interface FlashCounters {
  pageErases: number;
  wordWrites: number;
  /** Writes that hit a word already written since its last erase (nRF allows at most two). */
  rewrites: number;
  /** Writes refused because CONFIG did not allow them. */
  refusedWrites: number;
}

export class FlashMemory {
  readonly bytes: Uint8Array;
  readonly uicr: Uint8Array;
  private readonly writeCounts: Uint8Array;
  config = 0;
  /** The processor cycle at which the controller is ready again. */
  busyUntil = 0;
  readonly counters: FlashCounters = { pageErases: 0, wordWrites: 0, rewrites: 0, refusedWrites: 0 };
  /** Called with each page address as it is erased (tests watch the order of a flash). */
  onErase: ((address: number) => void) | undefined;

  constructor(private readonly facts: EmulatedBoardFacts) {
    this.bytes = new Uint8Array(facts.flashSize).fill(0xff);
    this.uicr = new Uint8Array(UICR_SIZE).fill(0xff);
    this.writeCounts = new Uint8Array(facts.flashSize / 4);
  }

  get pageSize(): number {
    return this.facts.pageSize;
  }

  inFlash(address: number): boolean {
    return address >= 0 && address < this.bytes.length;
  }

  inUicr(address: number): boolean {
    return address >= UICR_BASE && address < UICR_BASE + UICR_SIZE;
  }

  read8(address: number): number {
    if (this.inFlash(address)) return this.bytes[address]!;
    return this.uicr[address - UICR_BASE]!;
  }

  /**
   * A word written by the processor or the debugger. Returns the cycles the write takes.
   * `cycle` is the writer's current cycle (the controller must be ready first).
   */
  write32(address: number, value: number, cycle: number): number {
    if (this.config !== NVMC_CONFIG.write) {
      this.counters.refusedWrites++;
      return 0;
    }
    const start = Math.max(cycle, this.busyUntil);
    const target = this.inFlash(address) ? this.bytes : this.uicr;
    const offset = this.inFlash(address) ? address : address - UICR_BASE;
    for (let i = 0; i < 4; i++) target[offset + i]! &= (value >>> (8 * i)) & 0xff;
    if (this.inFlash(address)) {
      const index = address >>> 2;
      if (this.writeCounts[index]! > 0) this.counters.rewrites++;
      this.writeCounts[index] = Math.min(255, this.writeCounts[index]! + 1);
    }
    this.counters.wordWrites++;
    this.busyUntil = start + this.cycles(this.facts.wordWriteUs / 1000);
    return this.busyUntil - cycle;
  }

  /** A write to an NVMC register; returns the cycles it keeps the controller busy from `cycle`. */
  writeRegister(address: number, value: number, cycle: number): void {
    const start = Math.max(cycle, this.busyUntil);
    switch (address) {
      case NVMC.config:
        this.config = value & 3;
        return;
      case NVMC.erasePage:
      case NVMC.erasePcr0:
        if (this.config !== NVMC_CONFIG.erase || !this.inFlash(value)) return;
        this.erasePage(value - (value % this.facts.pageSize));
        this.busyUntil = start + this.cycles(this.facts.pageEraseMs);
        return;
      case NVMC.eraseAll:
        if (this.config !== NVMC_CONFIG.erase || (value & 1) === 0) return;
        for (let page = 0; page < this.bytes.length; page += this.facts.pageSize) this.erasePage(page);
        this.uicr.fill(0xff);
        this.busyUntil = start + this.cycles(this.facts.pageEraseMs * 2);
        return;
      case NVMC.eraseUicr:
        if (this.config !== NVMC_CONFIG.erase || (value & 1) === 0) return;
        this.uicr.fill(0xff);
        this.busyUntil = start + this.cycles(this.facts.pageEraseMs);
        return;
      default:
        return;
    }
  }

  readRegister(address: number, cycle: number): number {
    if (address === NVMC.ready) return cycle >= this.busyUntil ? 1 : 0;
    if (address === NVMC.config) return this.config;
    return 0;
  }

  /** Writes bytes directly, as a factory programmer would (no timing, no NVMC). */
  load(address: number, data: Uint8Array): void {
    if (this.inFlash(address) && this.inFlash(address + data.length - 1)) this.bytes.set(data, address);
    else if (this.inUicr(address) && this.inUicr(address + data.length - 1)) this.uicr.set(data, address - UICR_BASE);
  }

  private erasePage(page: number): void {
    this.bytes.fill(0xff, page, page + this.facts.pageSize);
    this.writeCounts.fill(0, page >>> 2, (page + this.facts.pageSize) >>> 2);
    this.counters.pageErases++;
    this.onErase?.(page);
  }

  private cycles(ms: number): number {
    return Math.round((ms / 1000) * this.facts.cpuHz);
  }
}
