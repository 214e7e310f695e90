// The interface chip's firmware (DAPLink): it takes one 64-byte command packet at a time and
// answers it, for the standard CMSIS-DAP commands (DAP_Info, connect, transfers, block transfers,
// SWJ sequences, abort, reset) and DAPLink's vendor commands (unique id, UART settings, serial
// read/write, and flashing an Intel HEX stream). Unknown commands get 0xFF: "invalid command".

import { readU32LE, writeU32LE } from '@blockyard/core';
import type { EmulatedBoardFacts } from './board-facts.ts';
import { HexStream, STREAM_STATUS } from './hex-stream.ts';
import type { NrfTarget } from './nrf-target.ts';
import { ACK, SwdPort } from './swd-port.ts';
import type { UartBuffer } from './uart-buffer.ts';

const DAP = {
  info: 0x00,
  hostStatus: 0x01,
  connect: 0x02,
  disconnect: 0x03,
  transferConfigure: 0x04,
  transfer: 0x05,
  transferBlock: 0x06,
  writeAbort: 0x08,
  delay: 0x09,
  resetTarget: 0x0a,
  swjPins: 0x10,
  swjClock: 0x11,
  swjSequence: 0x12,
  swdConfigure: 0x13,
  invalid: 0xff,
} as const;

const VENDOR = {
  uniqueId: 0x80,
  readSettings: 0x81,
  writeSettings: 0x82,
  serialRead: 0x83,
  serialWrite: 0x84,
  flashReset: 0x89,
  flashOpen: 0x8a,
  flashClose: 0x8b,
  flashWrite: 0x8c,
} as const;

export const PACKET_SIZE = 64;

export interface ProcessedCommand {
  response: Uint8Array;
  /** How long the command kept the interface chip busy, in ms (flash programming, waits). */
  busyMs: number;
}

export class DaplinkFirmware {
  readonly swd: SwdPort;
  private stream: HexStream | null = null;
  private erasedThisStream = new Set<number>();
  private waitRetry = 100;
  /** Commands handled since power-up, by command byte (for tests and the benchmark). */
  readonly commandCounts = new Map<number, number>();

  constructor(
    private readonly facts: EmulatedBoardFacts,
    private readonly target: NrfTarget,
    private readonly uart: UartBuffer,
    readonly uniqueId: string,
  ) {
    this.swd = new SwdPort(target, facts.dpidr, facts.ahbApIdr);
  }

  powerCycle(): void {
    this.swd.connected = false;
    this.swd.reset();
    this.stream = null;
    this.uart.clear();
    this.uart.baud = this.facts.variant === 'v1' ? 9600 : 115200;
  }

  process(packet: Uint8Array, nowMs: number): ProcessedCommand {
    const command = packet[0]!;
    this.commandCounts.set(command, (this.commandCounts.get(command) ?? 0) + 1);
    const reply = (...bytes: number[]): ProcessedCommand => ({ response: Uint8Array.from(bytes), busyMs: 0 });
    switch (command) {
      case DAP.info:
        return { response: this.info(packet[1] ?? 0), busyMs: 0 };
      case DAP.hostStatus:
        return reply(command, 0);
      case DAP.connect: {
        const port = packet[1] ?? 0;
        if (port === 2) return reply(command, 0); // JTAG: not on this board
        this.swd.connected = true;
        return reply(command, 1);
      }
      case DAP.disconnect:
        this.swd.connected = false;
        return reply(command, 0);
      case DAP.transferConfigure:
        this.waitRetry = (packet[2] ?? 0) | ((packet[3] ?? 0) << 8);
        return reply(command, 0);
      case DAP.transfer:
        return this.transfer(packet, nowMs);
      case DAP.transferBlock:
        return this.transferBlock(packet, nowMs);
      case DAP.writeAbort:
        this.swd.transfer(0x00, readU32LE(packet, 2));
        return reply(command, 0);
      case DAP.delay:
        return { response: Uint8Array.of(command, 0), busyMs: ((packet[1] ?? 0) | ((packet[2] ?? 0) << 8)) / 1000 };
      case DAP.resetTarget:
        this.target.systemReset();
        return reply(command, 0, 1);
      case DAP.swjPins:
        return reply(command, 0xff);
      case DAP.swjClock:
      case DAP.swjSequence:
      case DAP.swdConfigure:
        return reply(command, 0);
      case VENDOR.uniqueId:
        return { response: withString(command, this.uniqueId), busyMs: 0 };
      case VENDOR.readSettings: {
        const baud = this.uart.baud;
        return reply(command, baud & 0xff, (baud >>> 8) & 0xff, (baud >>> 16) & 0xff, baud >>> 24);
      }
      case VENDOR.writeSettings: {
        const baud = readU32LE(packet, 1);
        if (baud !== this.uart.baud) {
          this.uart.baud = baud;
          // DAPLink resets the target when the UART is reconfigured.
          this.target.systemReset();
        }
        return reply(command, 0);
      }
      case VENDOR.serialRead: {
        const data = this.uart.take(PACKET_SIZE - 2);
        const response = new Uint8Array(2 + data.length);
        response[0] = command;
        response[1] = data.length;
        response.set(data, 2);
        return { response, busyMs: 0 };
      }
      case VENDOR.serialWrite: {
        const length = Math.min(packet[1] ?? 0, PACKET_SIZE - 2);
        this.uart.onHostWrite?.(packet.subarray(2, 2 + length));
        return reply(command, length);
      }
      case VENDOR.flashOpen:
        return reply(command, this.flashOpen(readU32LE(packet, 1)));
      case VENDOR.flashWrite: {
        if (!this.stream) return reply(command, STREAM_STATUS.failure);
        const length = Math.min(packet[1] ?? 0, PACKET_SIZE - 2);
        const status = this.stream.write(packet.subarray(2, 2 + length));
        return { response: Uint8Array.of(command, status), busyMs: this.stream.busyMs };
      }
      case VENDOR.flashClose: {
        if (!this.stream) return reply(command, STREAM_STATUS.failure);
        const status = this.stream.status === STREAM_STATUS.success ? STREAM_STATUS.success : this.stream.status;
        this.stream = null;
        this.target.flash.config = 0;
        // DAPLink lets the new program run as soon as the stream is closed.
        this.target.systemReset();
        return reply(command, status);
      }
      case VENDOR.flashReset:
        this.target.systemReset();
        return reply(command, 0);
      default:
        return reply(DAP.invalid);
    }
  }

  private info(id: number): Uint8Array {
    switch (id) {
      case 0x01:
        return withString(0, 'ARM');
      case 0x02:
        return withString(0, 'DAPLink CMSIS-DAP');
      case 0x03:
        return withString(0, this.uniqueId);
      case 0x04:
        return withString(0, this.facts.daplinkVersion);
      case 0x05:
        return withString(0, 'Nordic Semiconductor');
      case 0x06:
        return withString(0, this.facts.variant === 'v1' ? 'nRF51822' : 'nRF52833');
      case 0x07:
        return withString(0, 'BBC');
      case 0x08:
        return withString(0, 'micro:bit');
      case 0xf0:
        return Uint8Array.of(0, 1, 0x01); // capabilities: SWD
      case 0xfe:
        return Uint8Array.of(0, 1, 1); // packet count
      case 0xff:
        return Uint8Array.of(0, 2, PACKET_SIZE & 0xff, PACKET_SIZE >>> 8);
      default:
        return Uint8Array.of(0, 0);
    }
  }

  private transfer(packet: Uint8Array, nowMs: number): ProcessedCommand {
    const count = packet[2] ?? 0;
    const out = new Uint8Array(PACKET_SIZE);
    out[0] = DAP.transfer;
    let at = 3;
    let offset = 3;
    let done = 0;
    let ack: number = ACK.ok;
    for (let i = 0; i < count; i++) {
      const request = packet[offset++];
      if (request === undefined) {
        ack = 0x08; // protocol error: the packet ended early
        break;
      }
      const read = (request & 2) !== 0;
      const value = read ? 0 : readU32LE(packet, offset);
      if (!read) offset += 4;
      const result = this.swd.transfer(request, value);
      ack = result.ack;
      if (ack !== ACK.ok) break;
      done++;
      if (read && at + 4 <= PACKET_SIZE) {
        writeU32LE(out, at, result.value);
        at += 4;
      }
    }
    out[1] = done;
    out[2] = ack;
    return { response: out.slice(0, at), busyMs: this.stallMs(nowMs) };
  }

  private transferBlock(packet: Uint8Array, nowMs: number): ProcessedCommand {
    const count = (packet[2] ?? 0) | ((packet[3] ?? 0) << 8);
    const request = packet[4] ?? 0;
    const read = (request & 2) !== 0;
    const out = new Uint8Array(PACKET_SIZE);
    out[0] = DAP.transferBlock;
    let at = 4;
    let offset = 5;
    let done = 0;
    let ack: number = ACK.ok;
    const max = read ? (PACKET_SIZE - 4) >> 2 : (PACKET_SIZE - 5) >> 2;
    if (count > max)
      ack = 0x08; // more than a packet holds: a protocol error
    else {
      for (let i = 0; i < count; i++) {
        const result = this.swd.transfer(request, read ? 0 : readU32LE(packet, offset));
        if (!read) offset += 4;
        ack = result.ack;
        if (ack !== ACK.ok) break;
        done++;
        if (read) {
          writeU32LE(out, at, result.value);
          at += 4;
        }
      }
    }
    out[1] = done & 0xff;
    out[2] = done >>> 8;
    out[3] = ack;
    return { response: out.slice(0, at), busyMs: this.stallMs(nowMs) };
  }

  /** How long the last transfers had to wait for a busy flash (DAPLink retries WAIT answers). */
  private stallMs(nowMs: number): number {
    const until = this.target.takeStall();
    return until > nowMs ? until - nowMs : 0;
  }

  private flashOpen(type: number): number {
    if (type !== 1 || !this.target.powered) return STREAM_STATUS.failure;
    this.erasedThisStream = new Set();
    const target = this.target;
    const facts = this.facts;
    this.stream = new HexStream({
      acceptsBoardId: (id) => (facts.variant === 'v1' ? id === 0x9900 || id === 0x9901 : id >= 0x9903 && id <= 0x9906),
      program: (address, data) => this.program(address, data),
    });
    // DAPLink holds the target in reset while it programs: nothing of the old program runs.
    target.systemReset();
    return STREAM_STATUS.success;
  }

  /** DAPLink's own flash algorithm: erase each page on first touch, then write word by word. */
  private program(address: number, data: Uint8Array): number {
    const flash = this.target.flash;
    const inFlash = flash.inFlash(address) && flash.inFlash(address + data.length - 1);
    const inUicr = flash.inUicr(address) && flash.inUicr(address + data.length - 1);
    if (!inFlash && !inUicr) return -1;
    let ms = 0;
    if (inUicr && !this.erasedThisStream.has(-1)) {
      // The settings area is erased once per stream before it is written (ERASEUICR).
      this.erasedThisStream.add(-1);
      flash.uicr.fill(0xff);
      ms += this.facts.pageEraseMs;
    }
    if (inFlash) {
      const first = address - (address % this.facts.pageSize);
      for (let page = first; page < address + data.length; page += this.facts.pageSize) {
        if (this.erasedThisStream.has(page)) continue;
        this.erasedThisStream.add(page);
        flash.config = 2;
        flash.writeRegister(0x4001e508, page, 0);
        ms += this.facts.pageEraseMs;
      }
    }
    flash.config = 1;
    for (let i = 0; i < data.length;) {
      const wordAddress = (address + i) & ~3;
      let word = 0xffffffff;
      for (let b = 0; b < 4; b++) {
        const at = wordAddress + b - address;
        if (at >= i && at < data.length) word = (word & ~(0xff << (8 * b))) | (data[at]! << (8 * b));
      }
      flash.write32(wordAddress, word >>> 0, 0);
      ms += this.facts.wordWriteUs / 1000;
      i = wordAddress + 4 - address;
    }
    flash.config = 0;
    flash.busyUntil = 0;
    return ms;
  }
}

/** A string answer: DAP_Info counts the terminating NUL, DAPLink's unique id does not. */
function withString(command: number, text: string, nul = command === DAP.info): Uint8Array {
  const bytes = Uint8Array.from(text.slice(0, PACKET_SIZE - 3), (c) => c.charCodeAt(0) & 0x7f);
  const out = new Uint8Array(2 + bytes.length + (nul ? 1 : 0));
  out[0] = command;
  out[1] = bytes.length + (nul ? 1 : 0);
  out.set(bytes, 2);
  return out;
}
