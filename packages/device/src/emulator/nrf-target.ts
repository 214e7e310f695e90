// The emulated nRF51/nRF52 as the debugger and its own code see it: flash behind the NVMC, RAM,
// FICR and UICR, a UART into the interface chip, the Cortex-M debug registers (halt, step,
// register access, vector catch, system reset) and the processor. Time is the injected clock's:
// code the debugger runs executes in step with it (cycles = time × clock rate), so a routine that
// erases a page takes as long as the real chip would, and an unplug half-way leaves what the real
// chip would have written by then.

import type { Clock } from '@blockyard/core';
import type { ApplicationFactory, RunningApplication } from './application.ts';
import type { EmulatedBoardFacts } from './board-facts.ts';
import { EmulatedBleUart } from './emulated-ble-uart.ts';
import { EMULATED_BLE_TIMING } from './ble-timing.ts';
import { FlashMemory, NVMC, NVMC_BASE } from './flash-memory.ts';
import { checkProgram, type ProgramCheck } from './program-check.ts';
import { BusFault, ThumbCpu, type CpuBus, REG_PC, REG_SP } from './thumb-cpu.ts';
import { PROGRAM_BAUD, type UartBuffer } from './uart-buffer.ts';

export const DEBUG_REGS = {
  cpuid: 0xe000ed00,
  aircr: 0xe000ed0c,
  dfsr: 0xe000ed30,
  dhcsr: 0xe000edf0,
  dcrsr: 0xe000edf4,
  dcrdr: 0xe000edf8,
  demcr: 0xe000edfc,
} as const;

export const DHCSR = {
  debugEnable: 1 << 0,
  halt: 1 << 1,
  step: 1 << 2,
  maskInts: 1 << 3,
  regReady: 1 << 16,
  halted: 1 << 17,
  sleeping: 1 << 18,
  lockup: 1 << 19,
  retired: 1 << 24,
  wasReset: 1 << 25,
  key: 0xa05f0000,
} as const;

const FICR_BASE = 0x10000000;
const PERIPHERALS = 0x40000000;
const PPB = 0xe0000000;
const UART = {
  startTx: 0x40002008,
  stopTx: 0x4000200c,
  stopTxE: 0x4000210c,
  txReady: 0x4000211c,
  endTx: 0x40002120,
  txStopped: 0x40002158,
  enable: 0x40002500,
  txd: 0x4000251c,
  txdPtr: 0x40002544,
  txdMaxCount: 0x40002548,
} as const;

export type TargetRunState = 'off' | 'halted' | 'running-code' | 'running-application' | 'sleeping' | 'lockup';

export class NrfTarget implements CpuBus {
  readonly flash: FlashMemory;
  readonly ram: Uint8Array;
  readonly cpu: ThumbCpu;
  private readonly registers = new Map<number, number>();
  powered = false;
  private halted = true;
  private lockup = false;
  private sleeping = false;
  private mode: 'code' | 'application' = 'application';
  private debugEnabled = false;
  private maskInts = false;
  private demcr = 0;
  private dfsr = 0;
  private dcrdr = 0;
  private resetSinceRead = false;
  private application: RunningApplication | null = null;
  /** Fault: resets leave the core halted in the bootloader until the power is cycled. */
  stuckInBootloader = false;
  /** Fault: the core ignores halt requests until the power is cycled. */
  refusesHalt = false;
  /**
   * The firmware starts in Bluetooth pairing mode (a partial flash asked for it): it shows the
   * pairing pattern and runs no program until reset into application mode. Survives resets;
   * a power cycle (unplug, batteries out) clears it.
   */
  pairingMode = false;
  /** The Bluetooth UART service, while the running program has started it. */
  bleUart: EmulatedBleUart | null = null;
  /** Called when the core resets or loses power: the radio and its link go with it. */
  readonly onReset = new Set<() => void>();
  /** Called when the debugger halts a running core: the radio stack stops answering with it. */
  readonly onHalt = new Set<() => void>();
  /** The firmware's verdict at the last reset. */
  lastCheck: ProgramCheck = { kind: 'no-firmware' };
  resets = 0;
  /** A debug access met a busy NVMC: the interface chip waits (in ms of clock time) until here. */
  private stallUntilMs = 0;

  constructor(
    readonly facts: EmulatedBoardFacts,
    private readonly clock: Clock,
    private readonly uart: UartBuffer,
    private readonly applicationFactory: ApplicationFactory,
  ) {
    this.flash = new FlashMemory(facts);
    this.ram = new Uint8Array(facts.ramSize);
    this.cpu = new ThumbCpu(this);
    this.uart.onHostWrite = (bytes) => this.application?.serialIn(String.fromCharCode(...bytes));
  }

  get state(): TargetRunState {
    if (!this.powered) return 'off';
    this.sync();
    if (this.lockup) return 'lockup';
    if (this.halted) return 'halted';
    if (this.sleeping) return 'sleeping';
    return this.mode === 'code' ? 'running-code' : 'running-application';
  }

  /** Whether a program started by the firmware is running now. */
  get applicationRunning(): boolean {
    return this.state === 'running-application' && this.application !== null;
  }

  // ---- power and reset ----------------------------------------------------------------------

  powerOn(): void {
    if (this.powered) return;
    this.powered = true;
    this.ram.fill(0);
    this.debugEnabled = false;
    this.demcr = 0;
    this.stuckInBootloader = false;
    this.refusesHalt = false;
    this.pairingMode = false;
    this.systemReset();
  }

  powerOff(): void {
    if (!this.powered) return;
    this.sync();
    this.stopApplication();
    this.powered = false;
    this.halted = true;
    this.flash.config = 0;
  }

  /** A system reset (SYSRESETREQ, the reset button, DAPLink's reset line). */
  systemReset(): void {
    if (!this.powered) return;
    this.stopApplication();
    this.resets++;
    this.resetSinceRead = true;
    this.lockup = false;
    this.sleeping = false;
    this.registers.clear();
    this.flash.config = 0;
    const cpu = this.cpu;
    cpu.r.fill(0);
    cpu.r[REG_SP] = this.word(0) & ~3;
    cpu.r[REG_PC] = this.word(4) & ~1;
    cpu.xpsr = 0;
    cpu.primask = 0;
    cpu.cycles = Math.max(cpu.cycles, this.nowCycle());
    if (this.stuckInBootloader || (this.debugEnabled && this.demcr & 1)) {
      this.halted = true;
      this.dfsr |= 1 << 3; // VCATCH
      return;
    }
    this.halted = false;
    this.bootApplication();
  }

  private stopApplication(): void {
    this.application?.stop();
    this.application = null;
    this.bleUart?.end();
    this.bleUart = null;
    for (const listener of [...this.onReset]) listener();
  }

  private bootApplication(): void {
    this.mode = 'application';
    this.lastCheck = checkProgram(this.flash.bytes, this.facts);
    if (this.lastCheck.kind === 'no-firmware') {
      this.lockup = true;
      return;
    }
    if (this.lastCheck.kind !== 'program') return; // the runtime waits forever, showing nothing
    if (this.pairingMode) return;
    const program = this.lastCheck;
    this.application = this.applicationFactory({
      clock: this.clock,
      program,
      serialWrite: (text) => this.uart.fromTarget(asciiBytes(text), PROGRAM_BAUD),
      startUartService: () => (this.bleUart ??= new EmulatedBleUart(this.clock, EMULATED_BLE_TIMING.answerMs)),
    });
  }

  // ---- run control --------------------------------------------------------------------------

  nowCycle(): number {
    return Math.floor((this.clock.now() * this.facts.cpuHz) / 1000);
  }

  /** Runs debugger-loaded code up to the clock's present. */
  sync(): void {
    if (!this.powered || this.halted || this.lockup || this.sleeping || this.mode !== 'code') return;
    const stop = this.cpu.run(this.nowCycle());
    if (stop.kind === 'breakpoint') {
      this.halted = true;
      this.dfsr |= 1 << 1; // BKPT
    } else if (stop.kind === 'fault') this.lockup = true;
    else if (stop.kind === 'sleep') this.sleeping = true;
  }

  private halt(): void {
    this.sync();
    if (!this.powered || this.refusesHalt) return;
    // A halt request takes a locked-up core out of lock-up into debug state (ARMv6-M).
    if (this.lockup) {
      this.lockup = false;
      this.halted = true;
      this.dfsr |= 1 << 0;
      return;
    }
    if (this.halted) return;
    if (this.mode === 'application') {
      this.application?.pause();
      // The program's own registers are of no use to the debugger: it sees the reset vector.
      this.cpu.r[REG_PC] = this.word(4) & ~1;
    }
    this.halted = true;
    this.sleeping = false;
    this.dfsr |= 1 << 0; // HALTED
    for (const listener of [...this.onHalt]) listener();
  }

  private resume(step: boolean): void {
    if (!this.halted || this.lockup || !this.powered) return;
    const pc = this.cpu.r[REG_PC]!;
    const inRam = pc >= this.facts.ramStart && pc < this.facts.ramStart + this.facts.ramSize;
    if (!inRam) {
      if (this.stuckInBootloader) return; // the bootloader does not let go
      this.halted = false;
      this.mode = 'application';
      if (this.application) this.application.resume();
      else if (pc === (this.word(4) & ~1)) this.bootApplication();
      return;
    }
    this.mode = 'code';
    this.cpu.cycles = Math.max(this.cpu.cycles, this.nowCycle());
    this.halted = false;
    this.sleeping = false;
    if (step) {
      try {
        this.cpu.step();
      } catch (error) {
        if (!(error instanceof BusFault)) throw error;
        this.lockup = true;
      }
      this.halted = true;
    }
  }

  // ---- debugger access (through the AHB-AP) ----------------------------------------------------

  /** Takes (and clears) how long the last debug accesses had to wait for the NVMC, in clock ms. */
  takeStall(): number {
    const until = this.stallUntilMs;
    this.stallUntilMs = 0;
    return until;
  }

  debugRead32(address: number): number {
    this.sync();
    this.noteFlashWait(address);
    return this.read32(address, true);
  }

  debugWrite32(address: number, value: number): void {
    this.sync();
    this.noteFlashWait(address);
    this.write32(address, value, true);
  }

  debugRead16(address: number): number {
    this.sync();
    return this.read16(address);
  }

  debugRead8(address: number): number {
    this.sync();
    return this.read8(address);
  }

  debugWrite16(address: number, value: number): void {
    this.sync();
    this.write16(address, value);
  }

  debugWrite8(address: number, value: number): void {
    this.sync();
    this.write8(address, value);
  }

  private noteFlashWait(address: number): void {
    if (!(this.flash.inFlash(address) || this.flash.inUicr(address) || (address & ~0xfff) === NVMC_BASE)) return;
    const busy = this.flash.busyUntil;
    if (busy > this.nowCycle()) {
      this.stallUntilMs = Math.max(this.stallUntilMs, (busy * 1000) / this.facts.cpuHz);
    }
  }

  // ---- the bus ----------------------------------------------------------------------------------

  private word(address: number): number {
    const b = this.flash.bytes;
    return (b[address]! | (b[address + 1]! << 8) | (b[address + 2]! << 16) | (b[address + 3]! << 24)) >>> 0;
  }

  read32(address: number, debug = false): number {
    if (this.flash.inFlash(address) || this.flash.inUicr(address)) {
      if (!debug) this.cpu.cycles = Math.max(this.cpu.cycles, this.flash.busyUntil);
      const f = this.flash;
      return (
        (f.read8(address) |
          (f.read8(address + 1) << 8) |
          (f.read8(address + 2) << 16) |
          (f.read8(address + 3) << 24)) >>>
        0
      );
    }
    const ram = this.ramOffset(address, 4);
    if (ram >= 0) {
      const m = this.ram;
      return (m[ram]! | (m[ram + 1]! << 8) | (m[ram + 2]! << 16) | (m[ram + 3]! << 24)) >>> 0;
    }
    if (address >= FICR_BASE && address < FICR_BASE + 0x400) return this.ficr(address);
    if (address >= PERIPHERALS && address < PERIPHERALS + 0x10000000) return this.readPeripheral(address, debug);
    if (address >= PPB && address < PPB + 0x100000) return this.readDebugRegister(address);
    throw new BusFault(address);
  }

  read16(address: number): number {
    const word = this.read32(address & ~3);
    return (word >>> ((address & 2) * 8)) & 0xffff;
  }

  read8(address: number): number {
    const word = this.read32(address & ~3);
    return (word >>> ((address & 3) * 8)) & 0xff;
  }

  write32(address: number, value: number, debug = false): void {
    if (this.flash.inFlash(address) || this.flash.inUicr(address)) {
      const cycle = debug ? this.nowCycle() : this.cpu.cycles;
      const took = this.flash.write32(address, value, cycle);
      if (!debug) this.cpu.cycles += took;
      return;
    }
    const ram = this.ramOffset(address, 4);
    if (ram >= 0) {
      const m = this.ram;
      m[ram] = value & 0xff;
      m[ram + 1] = (value >>> 8) & 0xff;
      m[ram + 2] = (value >>> 16) & 0xff;
      m[ram + 3] = (value >>> 24) & 0xff;
      return;
    }
    if (address >= FICR_BASE && address < FICR_BASE + 0x400) return; // read only
    if (address >= PERIPHERALS && address < PERIPHERALS + 0x10000000) {
      this.writePeripheral(address, value >>> 0, debug);
      return;
    }
    if (address >= PPB && address < PPB + 0x100000) {
      this.writeDebugRegister(address, value >>> 0);
      return;
    }
    throw new BusFault(address);
  }

  write16(address: number, value: number): void {
    const ram = this.ramOffset(address, 2);
    if (ram < 0) throw new BusFault(address); // halfword stores only make sense in RAM here
    this.ram[ram] = value & 0xff;
    this.ram[ram + 1] = (value >>> 8) & 0xff;
  }

  write8(address: number, value: number): void {
    const ram = this.ramOffset(address, 1);
    if (ram < 0) throw new BusFault(address);
    this.ram[ram] = value & 0xff;
  }

  private ramOffset(address: number, size: number): number {
    const offset = address - this.facts.ramStart;
    return offset >= 0 && offset + size <= this.ram.length ? offset : -1;
  }

  private ficr(address: number): number {
    switch (address - FICR_BASE) {
      case 0x10:
        return this.facts.pageSize;
      case 0x14:
        return this.facts.flashSize / this.facts.pageSize;
      case 0x60:
        return 0x1a2b3c4d;
      case 0x64:
        return 0x5e6f7081;
      case 0x100:
        return this.facts.variant === 'v2' ? 0x52833 : 0xffffffff;
      default:
        return 0xffffffff;
    }
  }

  private readPeripheral(address: number, debug: boolean): number {
    if ((address & ~0xfff) === NVMC_BASE) {
      const cycle = debug ? this.nowCycle() : this.cpu.cycles;
      if (address === NVMC.ready && !debug && cycle < this.flash.busyUntil) {
        // The program spins until the controller is ready: skip the spinning, keep the time.
        this.cpu.cycles = this.flash.busyUntil;
        return 1;
      }
      return this.flash.readRegister(address, cycle);
    }
    return this.registers.get(address) ?? 0;
  }

  private writePeripheral(address: number, value: number, debug: boolean): void {
    if ((address & ~0xfff) === NVMC_BASE) {
      this.flash.writeRegister(address, value, debug ? this.nowCycle() : this.cpu.cycles);
      return;
    }
    this.registers.set(address, value);
    // The UART (V1) and UARTE (V2) transmitters, so code run on the board reaches the serial line.
    if (address === UART.txd && this.registers.get(UART.enable) === 4) {
      this.uart.fromTarget(new Uint8Array([value & 0xff]), this.uartBaud());
      this.registers.set(UART.txReady, 1);
    } else if (address === UART.startTx && value && this.registers.get(UART.enable) === 8) {
      const pointer = this.registers.get(UART.txdPtr) ?? 0;
      const count = this.registers.get(UART.txdMaxCount) ?? 0;
      const start = this.ramOffset(pointer, count);
      if (start >= 0) this.uart.fromTarget(this.ram.slice(start, start + count), this.uartBaud());
      this.registers.set(UART.endTx, 1);
    } else if ((address === UART.stopTxE || address === UART.stopTx) && value) {
      this.registers.set(UART.txStopped, 1);
    }
  }

  private uartBaud(): number {
    // BAUDRATE 0x01D7E000 is 115200 on both chips; anything else is taken as another rate.
    return this.registers.get(0x40002524) === 0x01d7e000 ? PROGRAM_BAUD : 0;
  }

  private readDebugRegister(address: number): number {
    switch (address) {
      case DEBUG_REGS.cpuid:
        return this.facts.cpuid;
      case DEBUG_REGS.dhcsr: {
        this.sync();
        let value = DHCSR.regReady;
        if (this.debugEnabled) value |= DHCSR.debugEnable;
        if (this.maskInts) value |= DHCSR.maskInts;
        if (this.halted && this.powered) value |= DHCSR.halted | (this.debugEnabled ? DHCSR.halt : 0);
        if (this.sleeping) value |= DHCSR.sleeping;
        if (this.lockup) value |= DHCSR.lockup;
        const running = !this.halted && !this.lockup && !this.sleeping;
        if (running || this.cpu.retired > 0) value |= DHCSR.retired;
        this.cpu.retired = 0;
        if (this.resetSinceRead) value |= DHCSR.wasReset;
        this.resetSinceRead = false;
        return value >>> 0;
      }
      case DEBUG_REGS.dcrdr:
        return this.dcrdr >>> 0;
      case DEBUG_REGS.demcr:
        return this.demcr >>> 0;
      case DEBUG_REGS.dfsr:
        return this.dfsr;
      case DEBUG_REGS.aircr:
        return 0xfa050000;
      default:
        return 0;
    }
  }

  private writeDebugRegister(address: number, value: number): void {
    switch (address) {
      case DEBUG_REGS.dhcsr: {
        if ((value & 0xffff0000) >>> 0 !== DHCSR.key) return; // wrong key: ignored, as on the chip
        this.sync();
        this.debugEnabled = (value & DHCSR.debugEnable) !== 0;
        this.maskInts = (value & DHCSR.maskInts) !== 0;
        if (!this.debugEnabled) {
          if (this.halted) this.resume(false);
          return;
        }
        if (value & DHCSR.halt) this.halt();
        else if (this.halted) this.resume((value & DHCSR.step) !== 0);
        return;
      }
      case DEBUG_REGS.dcrsr: {
        if (!this.halted) return;
        const index = value & 0x1f;
        if (value & (1 << 16)) this.cpu.writeDebugRegister(index, this.dcrdr);
        else this.dcrdr = this.cpu.readDebugRegister(index);
        return;
      }
      case DEBUG_REGS.dcrdr:
        this.dcrdr = value;
        return;
      case DEBUG_REGS.demcr:
        this.demcr = value;
        return;
      case DEBUG_REGS.dfsr:
        this.dfsr &= ~value;
        return;
      case DEBUG_REGS.aircr:
        if (value >>> 16 === 0x05fa && value & 0b101) this.systemReset();
        return;
      default:
        return;
    }
  }
}

function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}
