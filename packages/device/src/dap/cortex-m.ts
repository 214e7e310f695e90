// The board's processor under the debugger (ARMv6-M / ARMv7-M debug registers): halt, resume,
// register access, reset with and without stopping at the first instruction, and running a routine
// the debugger loaded into RAM until it stops at its breakpoint. Every wait is bounded by the
// clock; nothing polls forever.

import type { Clock } from '@blockyard/core';
import { DeviceError, SPEC_MESSAGES } from '../device-error.ts';
import type { MemoryAccess } from './memory-access.ts';

const DHCSR = 0xe000edf0;
const DCRSR = 0xe000edf4;
const DCRDR = 0xe000edf8;
const DEMCR = 0xe000edfc;
const AIRCR = 0xe000ed0c;
const DFSR = 0xe000ed30;
const KEY = 0xa05f0000;
const C_DEBUGEN = 1 << 0;
const C_HALT = 1 << 1;
const S_REGRDY = 1 << 16;
const S_HALT = 1 << 17;
const S_SLEEP = 1 << 18;
const S_LOCKUP = 1 << 19;
const S_RETIRE = 1 << 24;
const S_RESET = 1 << 25;
const VC_CORERESET = 1 << 0;
const SYSRESETREQ = (0x05fa << 16) | (1 << 2);

const CORE_REGISTER = { sp: 13, lr: 14, pc: 15, xpsr: 16 } as const;

export interface CoreStatus {
  halted: boolean;
  lockup: boolean;
  sleeping: boolean;
  /** Instructions were retired since the last read: the core is running code. */
  retired: boolean;
  reset: boolean;
}

function decodeStatus(dhcsr: number): CoreStatus {
  return {
    halted: (dhcsr & S_HALT) !== 0,
    lockup: (dhcsr & S_LOCKUP) !== 0,
    sleeping: (dhcsr & S_SLEEP) !== 0,
    retired: (dhcsr & S_RETIRE) !== 0,
    reset: (dhcsr & S_RESET) !== 0,
  };
}

export class CortexM {
  constructor(
    private readonly memory: MemoryAccess,
    private readonly clock: Clock,
  ) {}

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.clock.setTimeout(resolve, ms));
  }

  async status(): Promise<CoreStatus> {
    return decodeStatus(await this.memory.readWord(DHCSR));
  }

  /** Stops the core ("bootloader mode": the debugger holds it). */
  async halt(): Promise<void> {
    await this.memory.writeWord(DHCSR, KEY | C_DEBUGEN | C_HALT);
    for (let i = 0; i < 20; i++) {
      if ((await this.status()).halted) return;
      await this.delay(5);
    }
    throw new DeviceError('cannot-enter-bootloader', SPEC_MESSAGES.bootloader);
  }

  async resume(): Promise<void> {
    await this.memory.writeWord(DFSR, 0x1f);
    await this.memory.writeWord(DHCSR, KEY | C_DEBUGEN);
  }

  /** Resets the chip and holds the core at its first instruction. */
  async resetAndHalt(): Promise<void> {
    await this.halt();
    const demcr = await this.memory.readWord(DEMCR);
    await this.memory.writeWord(DEMCR, demcr | VC_CORERESET);
    await this.memory.writeWord(AIRCR, SYSRESETREQ).catch(() => undefined); // the reset may eat the answer
    try {
      for (let i = 0; i < 20; i++) {
        const status = await this.status().catch(() => null);
        if (status?.halted && !status.reset) return;
        await this.delay(5);
      }
      throw new DeviceError('cannot-enter-bootloader', SPEC_MESSAGES.bootloader);
    } finally {
      await this.memory.writeWord(DEMCR, demcr & ~VC_CORERESET).catch(() => undefined);
    }
  }

  /** Resets into the application with the debugger out of the way. */
  async resetToApplication(): Promise<void> {
    const demcr = await this.memory.readWord(DEMCR);
    await this.memory.writeWord(DEMCR, demcr & ~VC_CORERESET);
    await this.memory.writeWord(DHCSR, KEY); // debug off: the program runs as on its own
    await this.memory.writeWord(AIRCR, SYSRESETREQ).catch(() => undefined);
  }

  /**
   * Whether the application runs: not halted, not locked up, and retiring instructions (or
   * asleep waiting for an event, which a running program does between its events).
   */
  async confirmRunning(timeoutMs: number): Promise<CoreStatus> {
    const deadline = this.clock.now() + timeoutMs;
    let last: CoreStatus | undefined;
    await this.status().catch(() => undefined); // clears the "was reset" and "retired" bits
    for (;;) {
      await this.delay(20);
      last = await this.status();
      if (!last.halted && !last.lockup && (last.retired || last.sleeping)) return last;
      if (this.clock.now() >= deadline) return last;
    }
  }

  async writeRegister(index: number, value: number): Promise<void> {
    await this.memory.writeWord(DCRDR, value >>> 0);
    await this.memory.writeWord(DCRSR, index | (1 << 16));
    await this.waitRegister();
  }

  async readRegister(index: number): Promise<number> {
    await this.memory.writeWord(DCRSR, index);
    await this.waitRegister();
    return this.memory.readWord(DCRDR);
  }

  private async waitRegister(): Promise<void> {
    for (let i = 0; i < 10; i++) {
      if ((await this.memory.readWord(DHCSR)) & S_REGRDY) return;
    }
    throw new DeviceError('execution-error', `${SPEC_MESSAGES.executionError}: register not ready`);
  }

  /**
   * Starts a routine already in RAM: registers r0-r3, sp, lr (a breakpoint) and pc, then lets the
   * core run. `wait` then polls until it stops, waiting `expectedMs` first.
   */
  async start(entry: number, args: readonly number[], sp: number, lr: number): Promise<void> {
    for (let i = 0; i < args.length; i++) await this.writeRegister(i, args[i]!);
    await this.writeRegister(CORE_REGISTER.sp, sp);
    await this.writeRegister(CORE_REGISTER.lr, lr | 1);
    await this.writeRegister(CORE_REGISTER.xpsr, 0x01000000);
    await this.writeRegister(CORE_REGISTER.pc, entry | 1);
    await this.resume();
  }

  /** Waits until the routine stops at its breakpoint and returns r0; fails after `timeoutMs`. */
  async wait(expectedMs: number, timeoutMs: number): Promise<number> {
    const deadline = this.clock.now() + timeoutMs;
    if (expectedMs > 2) await this.delay(expectedMs);
    for (;;) {
      const status = await this.status();
      if (status.lockup)
        throw new DeviceError(
          'execution-error',
          `${SPEC_MESSAGES.executionError}: the board's processor stopped with a fault`,
          { recoverable: true },
        );
      if (status.halted) return this.readRegister(0);
      if (this.clock.now() >= deadline) {
        await this.halt().catch(() => undefined);
        throw new DeviceError('execution-error', `${SPEC_MESSAGES.executionError}: the flash routine did not finish`, {
          recoverable: true,
        });
      }
      await this.delay(Math.min(10, Math.max(1, expectedMs / 4)));
    }
  }
}
