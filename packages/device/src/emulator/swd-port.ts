// The target's debug port as the interface chip's SWD engine meets it (ARM ADIv5): the DP
// (IDCODE, ABORT, CTRL/STAT with power-up handshake and sticky errors, SELECT, RDBUFF) and the
// MEM-AP (CSW, TAR, DRW, banked data, IDR) in front of the target's bus. TAR auto-increments
// within 1 KB only, as the ADI guarantees and no further, so a host that streams across a 1 KB
// boundary without setting TAR again reads the wrong words here too. Nordic's CTRL-AP (APSEL 1,
// nRF52 only) answers its IDR and reset/erase-all registers.

import { BusFault } from './thumb-cpu.ts';
import type { NrfTarget } from './nrf-target.ts';

export const ACK = { ok: 1, wait: 2, fault: 4, none: 7 } as const;

const CTRL_STAT = {
  stickyOverrun: 1 << 1,
  stickyCompare: 1 << 4,
  stickyError: 1 << 5,
  writeDataError: 1 << 7,
  debugPowerUpRequest: 1 << 28,
  debugPowerUpAck: 1 << 29,
  systemPowerUpRequest: 1 << 30,
  systemPowerUpAck: 1 << 31,
} as const;

export interface SwdResult {
  ack: number;
  value: number;
}

export class SwdPort {
  private select = 0;
  private ctrlStat = 0;
  private csw = 0;
  private tar = 0;
  private lastRead = 0;
  /** DAP_Connect done and the line switched to SWD. */
  connected = false;

  constructor(
    private readonly target: NrfTarget,
    private readonly dpidr: number,
    private readonly apIdr: number,
  ) {}

  reset(): void {
    this.select = 0;
    this.ctrlStat = 0;
    this.csw = 0;
    this.tar = 0;
  }

  /** One DAP_Transfer operation: `request` bit 0 AP/DP, bit 1 read, bits 2-3 register A[3:2]. */
  transfer(request: number, value: number): SwdResult {
    if (!this.connected || !this.target.powered) return { ack: ACK.none, value: 0 };
    const ap = (request & 1) !== 0;
    const read = (request & 2) !== 0;
    const register = request & 0x0c;
    if (!ap) return this.dp(read, register, value >>> 0);
    if (this.ctrlStat & CTRL_STAT.stickyError) return { ack: ACK.fault, value: 0 };
    if ((this.ctrlStat & CTRL_STAT.debugPowerUpAck) === 0) return { ack: ACK.fault, value: 0 };
    const address = (this.select & 0xf0) | register;
    const apsel = this.select >>> 24;
    try {
      const result = apsel === 0 ? this.memAp(read, address, value >>> 0) : this.ctrlAp(apsel, read, address);
      if (read) this.lastRead = result;
      return { ack: ACK.ok, value: result >>> 0 };
    } catch (error) {
      if (!(error instanceof BusFault)) throw error;
      this.ctrlStat |= CTRL_STAT.stickyError;
      return { ack: ACK.fault, value: 0 };
    }
  }

  private dp(read: boolean, register: number, value: number): SwdResult {
    switch (register) {
      case 0x0:
        if (read) return { ack: ACK.ok, value: this.dpidr };
        if (value & (1 << 2)) this.ctrlStat &= ~CTRL_STAT.stickyError;
        if (value & (1 << 1)) this.ctrlStat &= ~CTRL_STAT.stickyCompare;
        if (value & (1 << 3)) this.ctrlStat &= ~CTRL_STAT.writeDataError;
        if (value & (1 << 4)) this.ctrlStat &= ~CTRL_STAT.stickyOverrun;
        return { ack: ACK.ok, value: 0 };
      case 0x4:
        if (read) return { ack: ACK.ok, value: this.ctrlStat >>> 0 };
        {
          const sticky = this.ctrlStat & 0xbe;
          let next = (value & 0x50000000) | sticky;
          // The power domains answer their requests at once.
          if (value & CTRL_STAT.debugPowerUpRequest) next |= CTRL_STAT.debugPowerUpAck;
          if (value & CTRL_STAT.systemPowerUpRequest) next |= CTRL_STAT.systemPowerUpAck;
          this.ctrlStat = next >>> 0;
        }
        return { ack: ACK.ok, value: 0 };
      case 0x8:
        if (read) return { ack: ACK.ok, value: this.lastRead };
        this.select = value;
        return { ack: ACK.ok, value: 0 };
      default:
        return { ack: ACK.ok, value: read ? this.lastRead : 0 };
    }
  }

  private memAp(read: boolean, address: number, value: number): number {
    switch (address) {
      case 0x00:
        if (read) return (this.csw | (1 << 6)) >>> 0;
        this.csw = value;
        return 0;
      case 0x04:
        if (read) return this.tar;
        this.tar = value;
        return 0;
      case 0x0c: {
        const size = this.csw & 7;
        const result = this.access(this.tar, size, read, value);
        if ((this.csw & 0x30) === 0x10) {
          const step = size === 0 ? 1 : size === 1 ? 2 : 4;
          this.tar = ((this.tar & ~0x3ff) | ((this.tar + step) & 0x3ff)) >>> 0;
        }
        return result;
      }
      case 0x10:
      case 0x14:
      case 0x18:
      case 0x1c:
        return this.access(((this.tar & ~0xf) | (address & 0xc)) >>> 0, 2, read, value);
      case 0xfc:
        return read ? this.apIdr : 0;
      case 0xf8:
        return read ? 0xe00ff003 : 0; // ROM table base
      default:
        return 0;
    }
  }

  private access(address: number, size: number, read: boolean, value: number): number {
    const t = this.target;
    if (size === 2) {
      if (address & 3) throw new BusFault(address);
      if (read) return t.debugRead32(address);
      t.debugWrite32(address, value);
      return 0;
    }
    if (size === 1) {
      // Halfword data sits in the lane of the address (ADI byte lanes).
      const shift = (address & 2) * 8;
      if (read) return (t.debugRead16(address & ~1) << shift) >>> 0;
      t.debugWrite16(address & ~1, (value >>> shift) & 0xffff);
      return 0;
    }
    const shift = (address & 3) * 8;
    if (read) return (t.debugRead8(address) << shift) >>> 0;
    t.debugWrite8(address, (value >>> shift) & 0xff);
    return 0;
  }

  private ctrlAp(apsel: number, read: boolean, address: number): number {
    if (apsel !== 1 || this.target.facts.variant !== 'v2') return 0; // nothing there
    if (!read) {
      if (address === 0x000) this.target.systemReset();
      return 0;
    }
    if (address === 0xfc) return 0x02880000;
    if (address === 0x00c) return 1; // APPROTECTSTATUS: not protected
    return 0;
  }
}
