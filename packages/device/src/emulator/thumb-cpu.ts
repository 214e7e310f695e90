// An ARMv6-M (Cortex-M0, Thumb) interpreter: the emulated board's processor for code a debugger
// loads into RAM and runs (flash helpers, checksum routines), MakeCode's and ours alike. Every
// ARMv6-M instruction is here; exceptions are not: a fault stops the core (lock-up) instead of
// vectoring, which is what a debugger-run routine would see on a halted-by-debug board anyway.

/** Memory as the processor sees it. An access to nothing throws BusFault. */
export interface CpuBus {
  read32(address: number): number;
  read16(address: number): number;
  read8(address: number): number;
  write32(address: number, value: number): void;
  write16(address: number, value: number): void;
  write8(address: number, value: number): void;
}

export class BusFault extends Error {
  override readonly name = 'BusFault';
  constructor(readonly address: number) {
    super(`bus fault at 0x${(address >>> 0).toString(16)}`);
  }
}

/** Why `run` returned. */
export type CpuStop =
  { kind: 'breakpoint'; imm: number } | { kind: 'budget' } | { kind: 'fault'; message: string } | { kind: 'sleep' };

export const REG_SP = 13;
const REG_LR = 14;
export const REG_PC = 15;

/** Register numbers as the debugger's DCRSR selects them. */
const DEBUG_REG = { xpsr: 16, msp: 17, psp: 18, special: 20 } as const;

export class ThumbCpu {
  /** r0-r15; r15 holds the address of the next instruction to execute. */
  readonly r = new Uint32Array(16);
  n = false;
  z = false;
  c = false;
  v = false;
  primask = 0;
  control = 0;
  /** Cycles executed, plus any stall the bus added (the bus may add to it directly). */
  cycles = 0;
  /** Instructions retired since the debugger last read DHCSR. */
  retired = 0;

  constructor(readonly bus: CpuBus) {}

  get xpsr(): number {
    return (
      ((this.n ? 1 : 0) << 31) |
      ((this.z ? 1 : 0) << 30) |
      ((this.c ? 1 : 0) << 29) |
      ((this.v ? 1 : 0) << 28) |
      (1 << 24)
    );
  }

  set xpsr(value: number) {
    this.n = (value & (1 << 31)) !== 0;
    this.z = (value & (1 << 30)) !== 0;
    this.c = (value & (1 << 29)) !== 0;
    this.v = (value & (1 << 28)) !== 0;
  }

  /** Reads a register by its debug number (r0-r15, xPSR, MSP, PSP, CONTROL/PRIMASK). */
  readDebugRegister(index: number): number {
    if (index <= 15) return this.r[index]!;
    if (index === DEBUG_REG.xpsr) return this.xpsr >>> 0;
    if (index === DEBUG_REG.msp || index === DEBUG_REG.psp) return this.r[REG_SP]!;
    if (index === DEBUG_REG.special) return ((this.control & 0xff) << 24) | (this.primask & 1);
    return 0;
  }

  writeDebugRegister(index: number, value: number): void {
    if (index <= 15) this.r[index] = index === REG_PC ? value & ~1 : value;
    else if (index === DEBUG_REG.xpsr) this.xpsr = value;
    else if (index === DEBUG_REG.msp || index === DEBUG_REG.psp) this.r[REG_SP] = value & ~3;
    else if (index === DEBUG_REG.special) {
      this.primask = value & 1;
      this.control = (value >>> 24) & 0x3;
    }
  }

  /** Runs until a breakpoint, a fault, a sleep instruction, or `cycleLimit` is reached. */
  run(cycleLimit: number): CpuStop {
    try {
      while (this.cycles < cycleLimit) {
        const stop = this.step();
        if (stop) return stop;
      }
      return { kind: 'budget' };
    } catch (error) {
      if (error instanceof BusFault) return { kind: 'fault', message: error.message };
      throw error;
    }
  }

  /** Executes one instruction; returns a stop when it is a breakpoint or sleep, else undefined. */
  step(): CpuStop | undefined {
    const r = this.r;
    const pc = r[REG_PC]!;
    if (pc & 1) throw new BusFault(pc);
    const hw = this.bus.read16(pc);
    this.retired++;
    this.cycles++;
    // Thumb-2 32-bit encodings: 0b11101, 0b11110, 0b11111 in the top five bits.
    if (hw >>> 11 >= 0b11101) return this.step32(pc, hw);
    r[REG_PC] = pc + 2;
    const top = hw >>> 12;
    switch (top) {
      case 0b0000:
      case 0b0001:
        this.shiftAddSub(hw);
        return undefined;
      case 0b0010:
      case 0b0011:
        this.immediateOps(hw);
        return undefined;
      case 0b0100:
        if ((hw & 0xfc00) === 0x4000) this.dataProcessing(hw);
        else if ((hw & 0xfc00) === 0x4400) this.specialData(hw, pc);
        else {
          // LDR Rt, [PC, #imm8*4]
          const rt = (hw >>> 8) & 7;
          const base = (pc + 4) & ~3;
          r[rt] = this.load32(base + (hw & 0xff) * 4);
        }
        return undefined;
      case 0b0101:
        this.loadStoreRegister(hw);
        return undefined;
      case 0b0110:
      case 0b0111:
      case 0b1000:
      case 0b1001:
        this.loadStoreImmediate(hw);
        return undefined;
      case 0b1010: {
        const rd = (hw >>> 8) & 7;
        const imm = (hw & 0xff) * 4;
        r[rd] = hw & 0x0800 ? r[REG_SP]! + imm : ((pc + 4) & ~3) + imm;
        return undefined;
      }
      case 0b1011:
        return this.misc(hw, pc);
      case 0b1100:
        this.multiple(hw);
        return undefined;
      case 0b1101: {
        const cond = (hw >>> 8) & 0xf;
        if (cond === 0xe) throw new BusFault(pc); // UDF: undefined instruction
        if (cond === 0xf) throw new BusFault(pc); // SVC: no exception model here
        if (this.condition(cond)) {
          const offset = ((hw & 0xff) << 24) >> 23;
          r[REG_PC] = pc + 4 + offset;
          this.cycles += 2;
        }
        return undefined;
      }
      case 0b1110: {
        const offset = ((hw & 0x7ff) << 21) >> 20;
        r[REG_PC] = pc + 4 + offset;
        this.cycles += 2;
        return undefined;
      }
      default:
        throw new BusFault(pc);
    }
  }

  private step32(pc: number, hw1: number): CpuStop | undefined {
    const r = this.r;
    const hw2 = this.bus.read16(pc + 2);
    r[REG_PC] = pc + 4;
    this.cycles++;
    if ((hw1 & 0xf800) === 0xf000 && (hw2 & 0xd000) === 0xd000) {
      // BL
      const s = (hw1 >>> 10) & 1;
      const j1 = (hw2 >>> 13) & 1;
      const j2 = (hw2 >>> 11) & 1;
      const i1 = ~(j1 ^ s) & 1;
      const i2 = ~(j2 ^ s) & 1;
      let offset = (s << 24) | (i1 << 23) | (i2 << 22) | ((hw1 & 0x3ff) << 12) | ((hw2 & 0x7ff) << 1);
      offset = (offset << 7) >> 7;
      r[REG_LR] = (pc + 4) | 1;
      r[REG_PC] = pc + 4 + offset;
      this.cycles += 2;
      return undefined;
    }
    if ((hw1 & 0xfff0) === 0xf3b0 && (hw2 & 0xff00) === 0x8f00) {
      // DSB, DMB, ISB: no caches or pipelines to drain here.
      this.cycles += 2;
      return undefined;
    }
    if ((hw1 & 0xfff0) === 0xf380 && (hw2 & 0xff00) === 0x8800) {
      // MSR spec_reg, Rn
      const value = r[hw1 & 0xf]!;
      const sysm = hw2 & 0xff;
      if (sysm <= 3) this.xpsr = value;
      else if (sysm === 8 || sysm === 9) r[REG_SP] = value & ~3;
      else if (sysm === 16) this.primask = value & 1;
      else if (sysm === 20) this.control = value & 3;
      return undefined;
    }
    if (hw1 === 0xf3ef && (hw2 & 0xf000) === 0x8000) {
      // MRS Rd, spec_reg
      const rd = (hw2 >>> 8) & 0xf;
      const sysm = hw2 & 0xff;
      if (sysm <= 3) r[rd] = this.xpsr;
      else if (sysm === 8 || sysm === 9) r[rd] = r[REG_SP]!;
      else if (sysm === 16) r[rd] = this.primask;
      else if (sysm === 20) r[rd] = this.control;
      else r[rd] = 0;
      return undefined;
    }
    throw new BusFault(pc);
  }

  private shiftAddSub(hw: number): void {
    const r = this.r;
    const op = (hw >>> 11) & 3;
    const rd = hw & 7;
    const rm = (hw >>> 3) & 7;
    if (op === 3) {
      // ADDS/SUBS register or 3-bit immediate
      const rn = rm;
      const operand = hw & 0x0400 ? (hw >>> 6) & 7 : r[(hw >>> 6) & 7]!;
      r[rd] = hw & 0x0200 ? this.sub(r[rn]!, operand) : this.add(r[rn]!, operand, 0);
      return;
    }
    const imm = (hw >>> 6) & 0x1f;
    const value = r[rm]!;
    let result: number;
    if (op === 0) {
      // LSLS #imm (imm 0 is MOVS)
      if (imm === 0) result = value;
      else {
        this.c = ((value >>> (32 - imm)) & 1) === 1;
        result = value << imm;
      }
    } else if (op === 1) {
      const shift = imm === 0 ? 32 : imm;
      this.c = ((value >>> (shift - 1)) & 1) === 1;
      result = shift === 32 ? 0 : value >>> shift;
    } else {
      const shift = imm === 0 ? 32 : imm;
      this.c = ((value >>> Math.min(31, shift - 1)) & 1) === 1;
      result = shift === 32 ? (value & 0x80000000 ? 0xffffffff : 0) : (value | 0) >> shift;
    }
    r[rd] = result;
    this.setNZ(result);
  }

  private immediateOps(hw: number): void {
    const r = this.r;
    const op = (hw >>> 11) & 3;
    const rd = (hw >>> 8) & 7;
    const imm = hw & 0xff;
    if (op === 0) {
      r[rd] = imm;
      this.setNZ(imm);
    } else if (op === 1) this.sub(r[rd]!, imm);
    else if (op === 2) r[rd] = this.add(r[rd]!, imm, 0);
    else r[rd] = this.sub(r[rd]!, imm);
  }

  private dataProcessing(hw: number): void {
    const r = this.r;
    const op = (hw >>> 6) & 0xf;
    const rdn = hw & 7;
    const rm = (hw >>> 3) & 7;
    const a = r[rdn]!;
    const b = r[rm]!;
    let result: number;
    switch (op) {
      case 0x0:
        result = a & b;
        break;
      case 0x1:
        result = a ^ b;
        break;
      case 0x2:
        result = this.shiftByRegister(a, b & 0xff, 'lsl');
        break;
      case 0x3:
        result = this.shiftByRegister(a, b & 0xff, 'lsr');
        break;
      case 0x4:
        result = this.shiftByRegister(a, b & 0xff, 'asr');
        break;
      case 0x5:
        r[rdn] = this.add(a, b, this.c ? 1 : 0);
        return;
      case 0x6:
        r[rdn] = this.add(a, ~b >>> 0, this.c ? 1 : 0);
        return;
      case 0x7:
        result = this.shiftByRegister(a, b & 0xff, 'ror');
        break;
      case 0x8:
        this.setNZ(a & b);
        return;
      case 0x9:
        r[rdn] = this.sub(0, b);
        return;
      case 0xa:
        this.sub(a, b);
        return;
      case 0xb:
        this.add(a, b, 0);
        return;
      case 0xc:
        result = a | b;
        break;
      case 0xd:
        result = Math.imul(a, b);
        break;
      case 0xe:
        result = a & ~b;
        break;
      default:
        result = ~b;
        break;
    }
    r[rdn] = result;
    this.setNZ(r[rdn]);
  }

  private shiftByRegister(value: number, shift: number, kind: 'lsl' | 'lsr' | 'asr' | 'ror'): number {
    if (shift === 0) return value;
    switch (kind) {
      case 'lsl':
        if (shift < 32) {
          this.c = ((value >>> (32 - shift)) & 1) === 1;
          return value << shift;
        }
        this.c = shift === 32 ? (value & 1) === 1 : false;
        return 0;
      case 'lsr':
        if (shift < 32) {
          this.c = ((value >>> (shift - 1)) & 1) === 1;
          return value >>> shift;
        }
        this.c = shift === 32 ? value >>> 31 === 1 : false;
        return 0;
      case 'asr':
        if (shift < 32) {
          this.c = (((value | 0) >> (shift - 1)) & 1) === 1;
          return (value | 0) >> shift;
        }
        this.c = value >>> 31 === 1;
        return value & 0x80000000 ? 0xffffffff : 0;
      default: {
        const amount = shift & 31;
        const result = amount === 0 ? value : (value >>> amount) | (value << (32 - amount));
        this.c = result >>> 31 === 1;
        return result;
      }
    }
  }

  private specialData(hw: number, pc: number): void {
    const r = this.r;
    const op = (hw >>> 8) & 3;
    const rm = (hw >>> 3) & 0xf;
    const rdn = (hw & 7) | ((hw >>> 4) & 8);
    const read = (reg: number) => (reg === REG_PC ? pc + 4 : r[reg]!);
    if (op === 0) {
      const value = (read(rdn) + read(rm)) >>> 0;
      this.writeRegister(rdn, value);
    } else if (op === 1) this.sub(read(rdn), read(rm));
    else if (op === 2) this.writeRegister(rdn, read(rm));
    else {
      // BX / BLX register
      const target = read(rm);
      if ((target & 1) === 0) throw new BusFault(target); // ARM state does not exist on M0
      if (hw & 0x80) r[REG_LR] = (pc + 2) | 1;
      r[REG_PC] = target & ~1;
      this.cycles += 2;
    }
  }

  private writeRegister(reg: number, value: number): void {
    if (reg === REG_PC) {
      this.r[REG_PC] = value & ~1;
      this.cycles += 2;
    } else if (reg === REG_SP) this.r[REG_SP] = value & ~3;
    else this.r[reg] = value;
  }

  private loadStoreRegister(hw: number): void {
    const r = this.r;
    const op = (hw >>> 9) & 7;
    const rt = hw & 7;
    const address = (r[(hw >>> 3) & 7]! + r[(hw >>> 6) & 7]!) >>> 0;
    switch (op) {
      case 0:
        this.store32(address, r[rt]!);
        break;
      case 1:
        this.store16(address, r[rt]!);
        break;
      case 2:
        this.bus.write8(address, r[rt]! & 0xff);
        break;
      case 3:
        r[rt] = (this.bus.read8(address) << 24) >> 24;
        break;
      case 4:
        r[rt] = this.load32(address);
        break;
      case 5:
        r[rt] = this.load16(address);
        break;
      case 6:
        r[rt] = this.bus.read8(address);
        break;
      default:
        r[rt] = (this.load16(address) << 16) >> 16;
        break;
    }
    this.cycles++;
  }

  private loadStoreImmediate(hw: number): void {
    const r = this.r;
    const top = hw >>> 11;
    const load = (hw & 0x0800) !== 0;
    if (top >>> 1 === 0b1001) {
      // SP-relative word
      const rt = (hw >>> 8) & 7;
      const address = r[REG_SP]! + (hw & 0xff) * 4;
      if (load) r[rt] = this.load32(address);
      else this.store32(address, r[rt]!);
    } else {
      const rt = hw & 7;
      const base = r[(hw >>> 3) & 7]!;
      const imm = (hw >>> 6) & 0x1f;
      if (top >>> 1 === 0b0110) {
        const address = base + imm * 4;
        if (load) r[rt] = this.load32(address);
        else this.store32(address, r[rt]!);
      } else if (top >>> 1 === 0b0111) {
        const address = base + imm;
        if (load) r[rt] = this.bus.read8(address);
        else this.bus.write8(address, r[rt]! & 0xff);
      } else {
        const address = base + imm * 2;
        if (load) r[rt] = this.load16(address);
        else this.store16(address, r[rt]!);
      }
    }
    this.cycles++;
  }

  private misc(hw: number, pc: number): CpuStop | undefined {
    const r = this.r;
    if ((hw & 0xff00) === 0xb000) {
      const imm = (hw & 0x7f) * 4;
      r[REG_SP] = hw & 0x80 ? r[REG_SP]! - imm : r[REG_SP]! + imm;
      return undefined;
    }
    if ((hw & 0xff00) === 0xb200) {
      const rd = hw & 7;
      const value = r[(hw >>> 3) & 7]!;
      const op = (hw >>> 6) & 3;
      r[rd] =
        op === 0 ? (value << 16) >> 16 : op === 1 ? (value << 24) >> 24 : op === 2 ? value & 0xffff : value & 0xff;
      return undefined;
    }
    if ((hw & 0xfe00) === 0xb400) {
      // PUSH {registers, lr?}
      let sp = r[REG_SP]!;
      const list = (hw & 0xff) | (hw & 0x100 ? 1 << REG_LR : 0);
      const count = bitCount(list);
      sp -= count * 4;
      let address = sp;
      for (let reg = 0; reg <= REG_LR; reg++) {
        if (list & (1 << reg)) {
          this.store32(address, r[reg]!);
          address += 4;
        }
      }
      r[REG_SP] = sp;
      this.cycles += count;
      return undefined;
    }
    if ((hw & 0xfe00) === 0xbc00) {
      // POP {registers, pc?}
      let address = r[REG_SP]!;
      const list = hw & 0xff;
      for (let reg = 0; reg < 8; reg++) {
        if (list & (1 << reg)) {
          r[reg] = this.load32(address);
          address += 4;
        }
      }
      let count = bitCount(list);
      if (hw & 0x100) {
        const target = this.load32(address);
        address += 4;
        count++;
        if ((target & 1) === 0) throw new BusFault(target);
        r[REG_PC] = target & ~1;
        this.cycles += 2;
      }
      r[REG_SP] = address;
      this.cycles += count;
      return undefined;
    }
    if ((hw & 0xffe8) === 0xb660) {
      // CPSIE / CPSID i
      this.primask = hw & 0x10 ? 1 : 0;
      return undefined;
    }
    if ((hw & 0xff00) === 0xba00) {
      const rd = hw & 7;
      const value = r[(hw >>> 3) & 7]!;
      const op = (hw >>> 6) & 3;
      if (op === 0) r[rd] = byteSwap32(value);
      else if (op === 1) r[rd] = ((value & 0xff00ff00) >>> 8) | ((value & 0x00ff00ff) << 8);
      else if (op === 3) r[rd] = (((value & 0xff) << 24) >> 16) | ((value >>> 8) & 0xff);
      else throw new BusFault(pc);
      return undefined;
    }
    if ((hw & 0xff00) === 0xbe00) {
      // BKPT: the debugger takes over; the PC stays on the breakpoint.
      r[REG_PC] = pc;
      return { kind: 'breakpoint', imm: hw & 0xff };
    }
    if ((hw & 0xff00) === 0xbf00) {
      const hint = (hw >>> 4) & 0xf;
      if (hw & 0xf) throw new BusFault(pc); // IT does not exist on v6-M
      if (hint === 2 || hint === 3) return { kind: 'sleep' }; // WFE, WFI
      return undefined; // NOP, YIELD, SEV
    }
    throw new BusFault(pc);
  }

  private multiple(hw: number): void {
    const r = this.r;
    const rn = (hw >>> 8) & 7;
    const list = hw & 0xff;
    let address = r[rn]!;
    if (hw & 0x0800) {
      for (let reg = 0; reg < 8; reg++) {
        if (list & (1 << reg)) {
          r[reg] = this.load32(address);
          address += 4;
        }
      }
      // Write-back unless the base was loaded.
      if ((list & (1 << rn)) === 0) r[rn] = address;
    } else {
      for (let reg = 0; reg < 8; reg++) {
        if (list & (1 << reg)) {
          this.store32(address, r[reg]!);
          address += 4;
        }
      }
      r[rn] = address;
    }
    this.cycles += bitCount(list);
  }

  private condition(cond: number): boolean {
    switch (cond) {
      case 0x0:
        return this.z;
      case 0x1:
        return !this.z;
      case 0x2:
        return this.c;
      case 0x3:
        return !this.c;
      case 0x4:
        return this.n;
      case 0x5:
        return !this.n;
      case 0x6:
        return this.v;
      case 0x7:
        return !this.v;
      case 0x8:
        return this.c && !this.z;
      case 0x9:
        return !this.c || this.z;
      case 0xa:
        return this.n === this.v;
      case 0xb:
        return this.n !== this.v;
      case 0xc:
        return !this.z && this.n === this.v;
      case 0xd:
        return this.z || this.n !== this.v;
      default:
        return true;
    }
  }

  /** a + b + carry with all four flags (the ARM AddWithCarry). */
  private add(a: number, b: number, carry: number): number {
    const unsigned = (a >>> 0) + (b >>> 0) + carry;
    const result = unsigned >>> 0;
    const signed = (a | 0) + (b | 0) + carry;
    this.setNZ(result);
    this.c = unsigned > 0xffffffff;
    this.v = signed !== (result | 0);
    return result;
  }

  private sub(a: number, b: number): number {
    return this.add(a, ~b >>> 0, 1);
  }

  private setNZ(value: number): void {
    this.n = (value & 0x80000000) !== 0;
    this.z = value >>> 0 === 0;
  }

  private load32(address: number): number {
    if (address & 3) throw new BusFault(address); // unaligned: a fault on v6-M
    return this.bus.read32(address >>> 0) >>> 0;
  }

  private load16(address: number): number {
    if (address & 1) throw new BusFault(address);
    return this.bus.read16(address >>> 0) & 0xffff;
  }

  private store32(address: number, value: number): void {
    if (address & 3) throw new BusFault(address);
    this.bus.write32(address >>> 0, value >>> 0);
  }

  private store16(address: number, value: number): void {
    if (address & 1) throw new BusFault(address);
    this.bus.write16(address >>> 0, value & 0xffff);
  }
}

function bitCount(value: number): number {
  let count = 0;
  for (let v = value; v; v &= v - 1) count++;
  return count;
}

function byteSwap32(value: number): number {
  return ((value & 0xff) << 24) | ((value & 0xff00) << 8) | ((value >>> 8) & 0xff00) | (value >>> 24);
}
