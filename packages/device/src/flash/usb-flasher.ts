// One flash of one opened board over USB, start to finish, with nothing left to chance:
//   1. hold the processor at reset ("bootloader mode"), load the helpers into RAM and read them
//      back;
//   2. hash the board's pages where the file has data (hash_pages, on the board) and plan;
//   3. spoil the start pages, then write the pages (write_page, on the board), uploading the next
//      page while the board writes the current one; the start pages go last;
//   4. write the settings words (UICR) the file sets, when flash allows it without an erase;
//   5. hash everything again and rewrite what differs (twice at most); then a probe proves the
//      answers were in step, or the check runs again;
//   6. reset into the application and confirm it runs (retrying the reset, then DAPLink's).
// A file whose settings need an erase goes through DAPLink's own flashing (the interface chip
// erases and writes), then is checked the same way.

import type { Clock } from '@blockyard/core';
import { DeviceError } from '../device-error.ts';
import { FLASH_HELPERS_ENTRY, FLASH_HELPERS_WORDS } from '../target-code/flash-helpers.generated.ts';
import { pageHash } from '../target-code/page-hash.ts';
import type { UsbBoard } from '../usb/usb-board.ts';
import type { FlashImage } from './flash-image.ts';
import { pageRuns, planFlash, startPages, type FlashMode } from './flash-plan.ts';
import type { ProgressTracker } from './flash-progress.ts';

/** Where the helpers, their stack, the hash results and the two page buffers go in RAM. */
const RAM_LAYOUT = {
  helpers: 0x20000000,
  stackTop: 0x20001000,
  results: 0x20001000,
  slots: 0x20002000,
} as const;
const MAX_PAGES_PER_HASH = (RAM_LAYOUT.slots - RAM_LAYOUT.results) / 8;
const NVMC_READY = 0x4001e400;
const NVMC_CONFIG = 0x4001e504;
const CHIP_TIMING = {
  v1: { eraseMs: 21, wordUs: 41, hz: 16_000_000 },
  v2: { eraseMs: 85, wordUs: 41, hz: 64_000_000 },
} as const;
const MAX_REPAIRS = 2;

export interface FlashOutcome {
  /** 'full' when every page of the file was written, 'partial' when fewer were. */
  mode: 'full' | 'partial';
  /** Nothing differed: nothing was written. */
  unchanged: boolean;
  pagesWritten: number;
  bytesWritten: number;
  /** Pages rewritten because the check after writing found them different. */
  repaired: number;
  /** DAPLink's own flashing was used (the settings area needed an erase). */
  throughInterfaceChip: boolean;
}

export interface FlashOnceOptions {
  mode: FlashMode;
  clock: Clock;
  tracker: ProgressTracker;
  /** The file itself, for DAPLink's own flashing when it is needed. */
  hexText: () => Uint8Array;
  isCancelled?: () => boolean;
}

function words(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i += 4) {
    out.push((bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0);
  }
  return out;
}

export class UsbFlasher {
  private readonly timing;

  constructor(
    private readonly board: UsbBoard,
    private readonly image: FlashImage,
    private readonly options: FlashOnceOptions,
  ) {
    this.timing = CHIP_TIMING[board.info.variant];
  }

  private get pageSize(): number {
    return this.image.pageSize;
  }

  private checkCancelled(): void {
    if (this.options.isCancelled?.())
      throw new DeviceError('cancelled', 'the flash was cancelled', { recoverable: false });
  }

  /** Writes and checks the file; leaves the processor halted (call `restart` next). */
  async write(): Promise<FlashOutcome> {
    const { tracker } = this.options;
    const { cortex } = this.board;
    tracker.stage('checking');
    await cortex.resetAndHalt();
    await this.loadHelpers();
    const uicrWrites = await this.uicrPlan();
    if (uicrWrites === 'needs-erase') return this.throughInterfaceChip();

    const addresses = [...this.image.pages.keys()];
    const plan = planFlash(this.image, await this.hashes(addresses), this.options.mode);
    const mode: 'full' | 'partial' = plan.pages.length === addresses.length ? 'full' : 'partial';
    tracker.plan(plan.pages.length * this.pageSize, mode);
    this.checkCancelled();
    tracker.stage('writing');
    for (const page of plan.spoilFirst) await this.spoil(page);
    let written = 0;
    await this.writePages(plan.pages, (count) => {
      written = count;
      tracker.wrote(count * this.pageSize);
    });
    for (const { address, value } of uicrWrites) await this.writeWordByNvmc(address, value);

    tracker.stage('verifying');
    const repaired = await this.verifyAndRepair(addresses);
    return {
      mode,
      unchanged: plan.unchanged,
      pagesWritten: written,
      bytesWritten: written * this.pageSize,
      repaired,
      throughInterfaceChip: false,
    };
  }

  /** Resets into the application and makes sure it runs. */
  async restart(): Promise<void> {
    const { cortex, dap } = this.board;
    this.options.tracker.stage('restarting');
    const attempts: (() => Promise<void>)[] = [
      () => cortex.resetToApplication(),
      () => cortex.resetToApplication(),
      () => dap.resetTarget(),
      () => dap.flashReset(),
    ];
    let last = '';
    for (const attempt of attempts) {
      await attempt().catch(() => undefined);
      const status = await cortex.confirmRunning(400).catch(() => null);
      if (status && !status.halted && !status.lockup) return;
      last = status?.lockup ? 'it stopped with a fault' : 'it stayed in its bootloader';
    }
    throw new DeviceError('not-started', `the new program is on the board but ${last}`, { recoverable: false });
  }

  private async loadHelpers(): Promise<void> {
    const { memory } = this.board;
    await memory.writeBlock(RAM_LAYOUT.helpers, FLASH_HELPERS_WORDS);
    const back = await memory.readBlock(RAM_LAYOUT.helpers, FLASH_HELPERS_WORDS.length);
    if (!FLASH_HELPERS_WORDS.every((word, i) => back[i] === word)) {
      throw new DeviceError('out-of-sync', 'the flash helpers did not arrive intact', { recoverable: true });
    }
  }

  private async run(entry: number, args: number[], expectedMs: number): Promise<number> {
    const { cortex } = this.board;
    await cortex.start(RAM_LAYOUT.helpers + entry, args, RAM_LAYOUT.stackTop, RAM_LAYOUT.helpers);
    return cortex.wait(expectedMs, expectedMs * 3 + 1000);
  }

  /** The board's hashes of the given pages. */
  async hashes(addresses: readonly number[]): Promise<Map<number, readonly [number, number]>> {
    const result = new Map<number, readonly [number, number]>();
    const pageWords = this.pageSize / 4;
    for (const run of pageRuns(addresses, this.pageSize)) {
      for (let done = 0; done < run.count; done += MAX_PAGES_PER_HASH) {
        const count = Math.min(MAX_PAGES_PER_HASH, run.count - done);
        const start = run.start + done * this.pageSize;
        const expectedMs = Math.ceil((count * pageWords * 14 * 1000) / this.timing.hz);
        const status = await this.run(
          FLASH_HELPERS_ENTRY.hashPages,
          [RAM_LAYOUT.results, start, this.pageSize, count],
          expectedMs,
        );
        if (status !== 0)
          throw new DeviceError('execution-error', 'execution error: the page check failed', { recoverable: true });
        const values = await this.board.memory.readBlock(RAM_LAYOUT.results, count * 2);
        for (let i = 0; i < count; i++) result.set(start + i * this.pageSize, [values[2 * i]!, values[2 * i + 1]!]);
      }
    }
    return result;
  }

  private async writePages(pages: readonly number[], onPage: (written: number) => void): Promise<void> {
    if (pages.length === 0) return;
    const { memory } = this.board;
    const slot = (i: number) => RAM_LAYOUT.slots + (i % 2) * this.pageSize;
    const expectedMs = this.timing.eraseMs + Math.ceil(((this.pageSize / 4) * this.timing.wordUs) / 1000);
    await memory.writeBlock(slot(0), words(this.image.pages.get(pages[0]!)!));
    for (let i = 0; i < pages.length; i++) {
      this.checkCancelled();
      const { cortex } = this.board;
      await cortex.start(
        RAM_LAYOUT.helpers + FLASH_HELPERS_ENTRY.writePage,
        [pages[i]!, slot(i), this.pageSize / 4],
        RAM_LAYOUT.stackTop,
        RAM_LAYOUT.helpers,
      );
      const started = this.options.clock.now();
      // The next page travels while the board erases and writes this one.
      if (i + 1 < pages.length) await memory.writeBlock(slot(i + 1), words(this.image.pages.get(pages[i + 1]!)!));
      const waited = this.options.clock.now() - started;
      const status = await cortex.wait(Math.max(0, expectedMs - waited), expectedMs * 3 + 1000);
      if (status !== 0)
        throw new DeviceError('execution-error', 'execution error: a page did not write', { recoverable: true });
      onPage(i + 1);
    }
  }

  /**
   * Clears the word that makes a start page usable (no erase needed): the reset vector in page 0,
   * the program's magic in its header page. The board then will not start from it.
   */
  private async spoil(page: number): Promise<void> {
    await this.writeWordByNvmc(page === 0 ? 4 : page, 0);
  }

  private async writeWordByNvmc(address: number, value: number): Promise<void> {
    const { memory } = this.board;
    await memory.writeWord(NVMC_CONFIG, 1);
    await this.waitNvmc();
    await memory.writeWord(address, value);
    await this.waitNvmc();
    await memory.writeWord(NVMC_CONFIG, 0);
  }

  private async waitNvmc(): Promise<void> {
    for (let i = 0; i < 50; i++) if ((await this.board.memory.readWord(NVMC_READY)) & 1) return;
    throw new DeviceError('execution-error', 'execution error: the flash controller stayed busy', {
      recoverable: true,
    });
  }

  /** UICR words to write (only clearing bits), or 'needs-erase' when a bit must become 1. */
  private async uicrPlan(): Promise<{ address: number; value: number }[] | 'needs-erase'> {
    const writes: { address: number; value: number }[] = [];
    for (const { address, value } of this.image.uicr) {
      const current = await this.board.memory.readWord(address);
      if (current === value) continue;
      if ((value & ~current) >>> 0 !== 0) return 'needs-erase';
      writes.push({ address, value });
    }
    return writes;
  }

  private async verifyAndRepair(addresses: number[]): Promise<number> {
    let repaired = 0;
    for (let round = 0; ; round++) {
      const stale = this.board.link.counters.staleAnswers;
      const hashes = await this.hashes(addresses);
      const wrong = addresses.filter((address) => {
        const [h0, h1] = pageHash(this.image.pages.get(address)!);
        const board = hashes.get(address);
        return !board || board[0] !== h0 || board[1] !== h1;
      });
      // A probe proves the answers were in step all along; otherwise the check is not trusted.
      await this.board.link.resync();
      const trustworthy = this.board.link.counters.staleAnswers === stale;
      if (wrong.length === 0 && trustworthy) return repaired;
      if (round >= MAX_REPAIRS) {
        throw new DeviceError('verify-failed', `${wrong.length} page(s) still differ from the file after writing`, {
          recoverable: true,
        });
      }
      if (wrong.length === 0) continue;
      const last = startPages(this.image);
      const order = [...wrong.filter((p) => !last.includes(p)), ...wrong.filter((p) => last.includes(p))];
      await this.writePages(order, () => undefined);
      repaired += order.length;
    }
  }

  /** DAPLink's drag-and-drop flashing, for files whose settings area needs an erase first. */
  private async throughInterfaceChip(): Promise<FlashOutcome> {
    const { dap, memory, cortex } = this.board;
    const { tracker } = this.options;
    const text = this.options.hexText();
    tracker.plan(text.length, 'full');
    tracker.stage('writing');
    await dap.flashOpen();
    let sent = 0;
    let done = false;
    while (sent < text.length && !done) {
      this.checkCancelled();
      const chunk = text.subarray(sent, sent + 62);
      done = await dap.flashWrite(chunk);
      sent += chunk.length;
      tracker.wrote(sent);
    }
    await dap.flashClose();
    tracker.stage('verifying');
    await memory.connect();
    await cortex.resetAndHalt();
    await this.loadHelpers();
    const addresses = [...this.image.pages.keys()];
    await this.verifyAndRepair(addresses);
    const uicr = await this.uicrPlan();
    if (uicr === 'needs-erase' || uicr.length > 0)
      throw new DeviceError('verify-failed', 'the settings area did not take the file’s values', {
        recoverable: false,
      });
    return {
      mode: 'full',
      unchanged: false,
      pagesWritten: addresses.length,
      bytesWritten: addresses.length * this.pageSize,
      repaired: 0,
      throughInterfaceChip: true,
    };
  }
}
