// The target's memory through the SWD debug port (ARM ADIv5): connect (switch the wire to SWD,
// power up the debug domain), then word reads and writes through the MEM-AP's CSW, TAR and DRW.
// Blocks are split the way the spec asks (at most 64 words per read or write) and so that no
// request crosses a 1 KB boundary, the only range the ADI promises TAR auto-increments over.
// SELECT and CSW are cached; any failed transfer forgets the cache, so the next access sets both.

import { DeviceError, SPEC_MESSAGES } from '../device-error.ts';
import type { CmsisDap } from './cmsis-dap.ts';
import { BLOCK_WORDS, TransferError, type DapOperation } from './cmsis-dap.ts';

/** At most 64 words per read or write request (spec 000 §9). */
const MAX_WORDS_PER_REQUEST = 64;
const AUTO_INCREMENT_SPAN = 1024;

const DP = { abort: 0x0, dpidr: 0x0, ctrlStat: 0x4, select: 0x8 } as const;
const AP = { csw: 0x00, tar: 0x04, drw: 0x0c } as const;
/** Word size, single auto-increment, debug access enabled, privileged data (what MakeCode uses). */
const CSW_WORD = 0x23000052;
const ABORT_ALL = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4);
const POWER_UP_REQUEST = (1 << 30) | (1 << 28);
const POWER_UP_ACK = (1 << 31) | (1 << 29);

export class MemoryAccess {
  private select: number | undefined;
  private csw: number | undefined;
  /** Words moved, for the meter. */
  wordsRead = 0;
  wordsWritten = 0;

  constructor(readonly dap: CmsisDap) {}

  /** Switches the wire to SWD and powers up the debug and system domains. */
  async connect(): Promise<number> {
    this.forget();
    await this.dap.connectSwd();
    await this.dap.swjClock(8_000_000);
    await this.dap.transferConfigure(0, 100, 0);
    // Line reset, the JTAG-to-SWD sequence (0xE79E, least significant bit first), line reset, idle.
    await this.dap.swjSequence(56, [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    await this.dap.swjSequence(16, [0x9e, 0xe7]);
    await this.dap.swjSequence(56, [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    await this.dap.swjSequence(8, [0x00]);
    const [dpidr] = await this.dap.transfer([{ ap: false, read: true, register: DP.dpidr }]);
    await this.dap.transfer([
      { ap: false, read: false, register: DP.abort, value: ABORT_ALL },
      { ap: false, read: false, register: DP.select, value: 0 },
      { ap: false, read: false, register: DP.ctrlStat, value: POWER_UP_REQUEST },
    ]);
    this.select = 0;
    for (let i = 0; i < 20; i++) {
      const [status] = await this.dap.transfer([{ ap: false, read: true, register: DP.ctrlStat }]);
      if (((status ?? 0) & POWER_UP_ACK) >>> 0 === POWER_UP_ACK >>> 0) return dpidr ?? 0;
    }
    throw new DeviceError('cannot-enter-bootloader', SPEC_MESSAGES.bootloader);
  }

  /** Clears the sticky errors a faulted transfer leaves, and forgets the cached registers. */
  async clearErrors(): Promise<void> {
    this.forget();
    await this.dap.writeAbort(ABORT_ALL);
  }

  forget(): void {
    this.select = undefined;
    this.csw = undefined;
  }

  private apSetup(ops: DapOperation[], address: number): void {
    if (this.select !== 0) ops.push({ ap: false, read: false, register: DP.select, value: 0 });
    if (this.csw !== CSW_WORD) ops.push({ ap: true, read: false, register: AP.csw, value: CSW_WORD });
    ops.push({ ap: true, read: false, register: AP.tar, value: address >>> 0 });
  }

  private async run(ops: DapOperation[]): Promise<number[]> {
    try {
      const values = await this.dap.transfer(ops);
      this.select = 0;
      this.csw = CSW_WORD;
      return values;
    } catch (error) {
      this.forget();
      if (error instanceof TransferError) await this.clearErrors().catch(() => undefined);
      throw error;
    }
  }

  async readWord(address: number): Promise<number> {
    const ops: DapOperation[] = [];
    this.apSetup(ops, address);
    ops.push({ ap: true, read: true, register: AP.drw });
    const values = await this.run(ops);
    this.wordsRead++;
    return values[values.length - 1] ?? 0;
  }

  async writeWord(address: number, value: number): Promise<void> {
    const ops: DapOperation[] = [];
    this.apSetup(ops, address);
    ops.push({ ap: true, read: false, register: AP.drw, value: value >>> 0 });
    await this.run(ops);
    this.wordsWritten++;
  }

  /** Reads `count` words from a word-aligned address, in requests of at most 64 words. */
  async readBlock(address: number, count: number): Promise<Uint32Array> {
    checkAligned(address);
    const out = new Uint32Array(count);
    let done = 0;
    while (done < count) {
      const at = address + done * 4;
      const words = Math.min(
        count - done,
        MAX_WORDS_PER_REQUEST,
        (AUTO_INCREMENT_SPAN - (at % AUTO_INCREMENT_SPAN)) / 4,
      );
      out.set(await this.readRequest(at, words), done);
      done += words;
    }
    return out;
  }

  /** Writes words to a word-aligned address, in requests of at most 64 words. */
  async writeBlock(address: number, words: ArrayLike<number>): Promise<void> {
    checkAligned(address);
    let done = 0;
    while (done < words.length) {
      const at = address + done * 4;
      const count = Math.min(
        words.length - done,
        MAX_WORDS_PER_REQUEST,
        (AUTO_INCREMENT_SPAN - (at % AUTO_INCREMENT_SPAN)) / 4,
      );
      await this.writeRequest(at, Array.prototype.slice.call(words, done, done + count) as number[]);
      done += count;
    }
  }

  private async readRequest(address: number, count: number): Promise<Uint32Array> {
    const ops: DapOperation[] = [];
    this.apSetup(ops, address);
    await this.run(ops);
    const out = new Uint32Array(count);
    for (let done = 0; done < count;) {
      const words = Math.min(BLOCK_WORDS, count - done);
      try {
        out.set(await this.dap.transferBlockRead(true, AP.drw, words), done);
      } catch (error) {
        this.forget();
        if (error instanceof TransferError) await this.clearErrors().catch(() => undefined);
        throw error;
      }
      done += words;
    }
    this.wordsRead += count;
    return out;
  }

  private async writeRequest(address: number, words: number[]): Promise<void> {
    const ops: DapOperation[] = [];
    this.apSetup(ops, address);
    await this.run(ops);
    for (let done = 0; done < words.length;) {
      const count = Math.min(BLOCK_WORDS, words.length - done);
      try {
        await this.dap.transferBlockWrite(true, AP.drw, words.slice(done, done + count));
      } catch (error) {
        this.forget();
        if (error instanceof TransferError) await this.clearErrors().catch(() => undefined);
        throw error;
      }
      done += count;
    }
    this.wordsWritten += words.length;
  }
}

function checkAligned(address: number): void {
  if (address % 4 !== 0) throw new RangeError('memory blocks start on a word boundary');
}
