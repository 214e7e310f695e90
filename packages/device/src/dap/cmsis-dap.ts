// CMSIS-DAP commands over a PacketLink, and DAPLink's vendor commands: each request built to
// the protocol, each answer checked (length, status, transfer count and ACK) before use. Facts
// from the CMSIS-DAP documentation and DAPLink's vendor command list, as used by MakeCode and the
// Foundation's libraries.

import { readU32LE, writeU32LE } from '@blockyard/core';
import { DeviceError, SPEC_MESSAGES } from '../device-error.ts';
import { PACKET_SIZE, type PacketLink } from '../link/packet-link.ts';

const DAP_COMMAND = {
  info: 0x00,
  connect: 0x02,
  disconnect: 0x03,
  transferConfigure: 0x04,
  transfer: 0x05,
  transferBlock: 0x06,
  writeAbort: 0x08,
  resetTarget: 0x0a,
  swjClock: 0x11,
  swjSequence: 0x12,
} as const;

const DAPLINK_COMMAND = {
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

export const DAP_INFO = {
  vendor: 0x01,
  product: 0x02,
  serialNumber: 0x03,
  firmwareVersion: 0x04,
  targetDevice: 0x06,
  capabilities: 0xf0,
  packetCount: 0xfe,
  packetSize: 0xff,
} as const;

/** A DAP_Transfer operation: port DP or AP, A[3:2] register address, read or write. */
export interface DapOperation {
  ap: boolean;
  read: boolean;
  /** 0x0, 0x4, 0x8 or 0xC. */
  register: number;
  value?: number;
}

const ACK_OK = 1;
const ACK_WAIT = 2;
const ACK_FAULT = 4;

/** Most words one DAP_TransferBlock packet carries (a read answer: 4 header bytes + 60). */
export const BLOCK_WORDS = Math.floor((PACKET_SIZE - 5) / 4);

/** A transfer the target refused (FAULT: a bus error; WAIT: still busy after the retries). */
export class TransferError extends DeviceError {
  constructor(
    readonly ack: number,
    readonly completed: number,
  ) {
    super('execution-error', `${SPEC_MESSAGES.executionError}: transfer ${ackName(ack)} after ${completed}`, {
      recoverable: true,
    });
  }
}

function ackName(ack: number): string {
  if (ack === ACK_WAIT) return 'WAIT';
  if (ack === ACK_FAULT) return 'FAULT';
  if (ack === 7 || ack === 0) return 'no answer';
  return `error ${ack}`;
}

/** An answer too short for what it claims is a corrupted or foreign packet. */
function need(answer: Uint8Array, length: number): void {
  if (answer.length < length) throw new DeviceError('out-of-sync', SPEC_MESSAGES.outOfSync);
}

export class CmsisDap {
  constructor(readonly link: PacketLink) {}

  private send(...bytes: number[]): Promise<Uint8Array> {
    return this.link.command(Uint8Array.from(bytes));
  }

  /** A status-only command: answer [command, 0] means done, anything else "execution error". */
  private async status(request: Uint8Array): Promise<void> {
    const answer = await this.link.command(request);
    need(answer, 2);
    if (answer[1] !== 0) throw new DeviceError('execution-error', SPEC_MESSAGES.executionError, { recoverable: false });
  }

  async info(id: number): Promise<Uint8Array> {
    const answer = await this.send(DAP_COMMAND.info, id);
    need(answer, 2);
    const length = answer[1]!;
    need(answer, 2 + length);
    return answer.slice(2, 2 + length);
  }

  async infoString(id: number): Promise<string> {
    const bytes = await this.info(id);
    let text = '';
    for (const byte of bytes) {
      if (byte === 0) break;
      text += byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '';
    }
    return text;
  }

  async infoNumber(id: number): Promise<number> {
    const bytes = await this.info(id);
    if (bytes.length === 1) return bytes[0]!;
    if (bytes.length === 2) return bytes[0]! | (bytes[1]! << 8);
    if (bytes.length === 4) return readU32LE(bytes, 0);
    return 0;
  }

  async connectSwd(): Promise<void> {
    const answer = await this.send(DAP_COMMAND.connect, 1);
    need(answer, 2);
    if (answer[1] !== 1) throw new DeviceError('cannot-enter-bootloader', SPEC_MESSAGES.bootloader);
  }

  async disconnect(): Promise<void> {
    await this.status(Uint8Array.of(DAP_COMMAND.disconnect));
  }

  async transferConfigure(idleCycles: number, waitRetry: number, matchRetry: number): Promise<void> {
    await this.status(
      Uint8Array.of(
        DAP_COMMAND.transferConfigure,
        idleCycles,
        waitRetry & 0xff,
        waitRetry >>> 8,
        matchRetry & 0xff,
        matchRetry >>> 8,
      ),
    );
  }

  async swjClock(hz: number): Promise<void> {
    const request = new Uint8Array(5);
    request[0] = DAP_COMMAND.swjClock;
    writeU32LE(request, 1, hz);
    await this.status(request);
  }

  async swjSequence(bits: number, data: readonly number[]): Promise<void> {
    await this.status(Uint8Array.of(DAP_COMMAND.swjSequence, bits, ...data));
  }

  async writeAbort(mask: number): Promise<void> {
    const request = new Uint8Array(6);
    request[0] = DAP_COMMAND.writeAbort;
    writeU32LE(request, 2, mask);
    await this.status(request);
  }

  async resetTarget(): Promise<void> {
    const answer = await this.send(DAP_COMMAND.resetTarget);
    need(answer, 2);
  }

  /** DAP_Transfer: the values read, in order. Every operation must complete with OK. */
  async transfer(operations: readonly DapOperation[]): Promise<number[]> {
    const request = new Uint8Array(3 + operations.length * 5);
    request[0] = DAP_COMMAND.transfer;
    request[2] = operations.length;
    let at = 3;
    let reads = 0;
    for (const op of operations) {
      request[at++] = (op.ap ? 1 : 0) | (op.read ? 2 : 0) | (op.register & 0x0c);
      if (op.read) reads++;
      else {
        writeU32LE(request, at, op.value ?? 0);
        at += 4;
      }
    }
    if (at > PACKET_SIZE) throw new RangeError('too many operations for one packet');
    const answer = await this.link.command(request.subarray(0, at));
    need(answer, 3);
    const completed = answer[1]!;
    const ack = answer[2]! & 0x1f;
    if (ack !== ACK_OK || completed !== operations.length) throw new TransferError(ack, completed);
    need(answer, 3 + reads * 4);
    const values: number[] = [];
    for (let i = 0; i < reads; i++) values.push(readU32LE(answer, 3 + i * 4));
    return values;
  }

  async transferBlockRead(ap: boolean, register: number, count: number): Promise<Uint32Array> {
    if (count < 1 || count > BLOCK_WORDS) throw new RangeError(`a block read is 1 to ${BLOCK_WORDS} words`);
    const answer = await this.send(
      DAP_COMMAND.transferBlock,
      0,
      count & 0xff,
      count >>> 8,
      (ap ? 1 : 0) | 2 | (register & 0x0c),
    );
    need(answer, 4);
    const completed = answer[1]! | (answer[2]! << 8);
    const ack = answer[3]! & 0x1f;
    if (ack !== ACK_OK || completed !== count) throw new TransferError(ack, completed);
    need(answer, 4 + count * 4);
    const words = new Uint32Array(count);
    for (let i = 0; i < count; i++) words[i] = readU32LE(answer, 4 + i * 4);
    return words;
  }

  async transferBlockWrite(ap: boolean, register: number, words: ArrayLike<number>): Promise<void> {
    const count = words.length;
    if (count < 1 || count > BLOCK_WORDS) throw new RangeError(`a block write is 1 to ${BLOCK_WORDS} words`);
    const request = new Uint8Array(5 + count * 4);
    request[0] = DAP_COMMAND.transferBlock;
    request[2] = count & 0xff;
    request[3] = count >>> 8;
    request[4] = (ap ? 1 : 0) | (register & 0x0c);
    for (let i = 0; i < count; i++) writeU32LE(request, 5 + i * 4, words[i]!);
    const answer = await this.link.command(request);
    need(answer, 4);
    const completed = answer[1]! | (answer[2]! << 8);
    const ack = answer[3]! & 0x1f;
    if (ack !== ACK_OK || completed !== count) throw new TransferError(ack, completed);
  }

  // ---- DAPLink vendor commands ----------------------------------------------------------------

  /** The interface chip's unique id (the USB serial number, which browsers may hide). */
  async uniqueId(): Promise<string> {
    const answer = await this.send(DAPLINK_COMMAND.uniqueId);
    need(answer, 2);
    const length = Math.min(answer[1]!, PACKET_SIZE - 2);
    need(answer, 2 + length);
    let text = '';
    for (const byte of answer.subarray(2, 2 + length))
      if (byte >= 0x20 && byte < 0x7f) text += String.fromCharCode(byte);
    return text;
  }

  async readBaud(): Promise<number> {
    const answer = await this.send(DAPLINK_COMMAND.readSettings);
    need(answer, 5);
    return readU32LE(answer, 1);
  }

  async writeBaud(baud: number): Promise<void> {
    const request = new Uint8Array(5);
    request[0] = DAPLINK_COMMAND.writeSettings;
    writeU32LE(request, 1, baud);
    await this.link.command(request);
  }

  /** Up to 62 bytes the program wrote to its serial port since the last read. */
  async serialRead(): Promise<Uint8Array> {
    const answer = await this.send(DAPLINK_COMMAND.serialRead);
    need(answer, 2);
    const length = Math.min(answer[1]!, PACKET_SIZE - 2);
    need(answer, 2 + length);
    return answer.slice(2, 2 + length);
  }

  async serialWrite(bytes: Uint8Array): Promise<number> {
    if (bytes.length > PACKET_SIZE - 2) throw new RangeError('at most 62 bytes per serial write');
    const answer = await this.send(DAPLINK_COMMAND.serialWrite, bytes.length, ...bytes);
    need(answer, 2);
    return answer[1]!;
  }

  /** Starts DAPLink's own flashing of an Intel HEX stream. */
  async flashOpen(): Promise<void> {
    await this.status(Uint8Array.of(DAPLINK_COMMAND.flashOpen, 1, 0, 0, 0));
  }

  /** Sends up to 62 bytes of the stream; true when DAPLink has seen the end-of-file record. */
  async flashWrite(chunk: Uint8Array): Promise<boolean> {
    if (chunk.length > PACKET_SIZE - 2) throw new RangeError('at most 62 bytes per flash write');
    const answer = await this.send(DAPLINK_COMMAND.flashWrite, chunk.length, ...chunk);
    need(answer, 2);
    if (answer[1] === 18) return true;
    if (answer[1] !== 0)
      throw new DeviceError('execution-error', `${SPEC_MESSAGES.executionError} (${answer[1]})`, {
        recoverable: false,
      });
    return false;
  }

  async flashClose(): Promise<void> {
    await this.status(Uint8Array.of(DAPLINK_COMMAND.flashClose));
  }

  async flashReset(): Promise<void> {
    const answer = await this.send(DAPLINK_COMMAND.flashReset);
    need(answer, 2);
  }
}
