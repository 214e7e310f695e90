// One USB board's command channel: 64-byte packets (a command byte and up to 63 bytes), one
// command at a time, each answer awaited for at most 1000 ms and checked to be the answer to that
// command. A late answer is not lost track of: the IN transfer that timed out stays the one the
// next read waits for, so answers are always read in order. After a timeout or a mismatched
// answer the link is out of sync; before the next command it resynchronises by sending DAP_Info
// probes and reading until the probe's own answer comes back. Traffic is counted for the meter
// and the benchmark.

import type { Clock } from '@blockyard/core';
import { DeviceError, SPEC_MESSAGES } from '../device-error.ts';
import type { UsbDeviceLike, UsbEndpointLike, UsbInResult } from '../usb/webusb.ts';

export const PACKET_SIZE = 64;
const COMMAND_TIMEOUT_MS = 1000;
/** CMSIS-DAP's vendor-specific interface class (WebUSB sees it; the HID one is hidden). */
const VENDOR_CLASS = 0xff;
const DAP_INFO = 0x00;
const DAP_INVALID = 0xff;
/** DAP_Info ids used as resynchronisation probes: each has an answer of its own. */
const PROBE_IDS = [0x02, 0x04, 0xff, 0x01, 0xfe];
const RESYNC_ROUNDS = 5;

export interface LinkCounters {
  commands: number;
  packetsOut: number;
  packetsIn: number;
  /** Payload bytes (command byte included), before padding. */
  bytesOut: number;
  bytesIn: number;
  timeouts: number;
  resyncs: number;
  /** Answers read and thrown away while resynchronising. */
  staleAnswers: number;
}

export interface PacketLinkOptions {
  clock: Clock;
  timeoutMs?: number;
}

type ReadOutcome = { kind: 'packet'; bytes: Uint8Array } | { kind: 'timeout' };

export class PacketLink {
  private endpointIn: UsbEndpointLike | undefined;
  private endpointOut: UsbEndpointLike | undefined;
  private interfaceNumber = -1;
  /** An IN transfer that is still outstanding (its reader timed out); the next read takes it. */
  private pendingIn: Promise<Uint8Array> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private probeAnswers = new Map<number, string>();
  inSync = true;
  closed = false;
  readonly counters: LinkCounters = {
    commands: 0,
    packetsOut: 0,
    packetsIn: 0,
    bytesOut: 0,
    bytesIn: 0,
    timeouts: 0,
    resyncs: 0,
    staleAnswers: 0,
  };
  private readonly timeoutMs: number;

  constructor(
    readonly device: UsbDeviceLike,
    private readonly options: PacketLinkOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? COMMAND_TIMEOUT_MS;
  }

  get deviceName(): string {
    return cleanName(this.device.productName) || 'micro:bit';
  }

  /** Opens the device and claims the CMSIS-DAP interface (bulk endpoints, or control transfers). */
  async open(): Promise<void> {
    const device = this.device;
    try {
      if (!device.opened) await device.open();
      if (!device.configuration) await device.selectConfiguration(1);
    } catch (error) {
      throw this.usbError(error, 'open');
    }
    const candidates = (device.configuration?.interfaces ?? []).filter(
      (i) => i.alternates[0]?.interfaceClass === VENDOR_CLASS,
    );
    const chosen =
      candidates.find((i) => (i.alternates[0]?.endpoints.length ?? 0) >= 2) ??
      candidates.find((i) => (i.alternates[0]?.endpoints.length ?? 0) === 0);
    if (!chosen) {
      throw new DeviceError('device-not-found', SPEC_MESSAGES.deviceNotFound, { recoverable: false });
    }
    const endpoints = chosen.alternates[0]!.endpoints;
    this.endpointIn = endpoints.find((e) => e.direction === 'in');
    this.endpointOut = endpoints.find((e) => e.direction === 'out');
    this.interfaceNumber = chosen.interfaceNumber;
    try {
      await device.claimInterface(chosen.interfaceNumber);
    } catch (error) {
      // Chromium: "Unable to claim interface." when another tab or program has it.
      throw new DeviceError('device-locked', SPEC_MESSAGES.deviceLocked, { cause: error, recoverable: false });
    }
    this.closed = false;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pendingIn = null;
    try {
      if (this.interfaceNumber >= 0) await this.device.releaseInterface(this.interfaceNumber);
    } catch {
      // Already gone.
    }
    try {
      await this.device.close();
    } catch {
      // Already gone.
    }
  }

  /**
   * Sends one command and returns its answer (whose first byte is the command's). An answer of
   * 0xFF means the board does not know the command: DeviceError 'invalid-command'.
   */
  command(request: Uint8Array): Promise<Uint8Array> {
    const run = this.queue.then(() => this.exchange(request));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Reads and remembers the probes' answers (call once after open, while in sync). */
  async learnProbes(): Promise<void> {
    for (const id of PROBE_IDS) {
      const answer = await this.command(Uint8Array.of(DAP_INFO, id));
      this.probeAnswers.set(id, key(answer));
    }
  }

  private async exchange(request: Uint8Array): Promise<Uint8Array> {
    if (request.length < 1 || request.length > PACKET_SIZE) throw new RangeError('a command is 1 to 64 bytes');
    if (this.closed) throw new DeviceError('disconnected', 'the board is not connected');
    if (!this.inSync) await this.resync();
    this.counters.commands++;
    await this.write(request);
    const outcome = await this.read();
    if (outcome.kind === 'timeout') {
      this.inSync = false;
      this.counters.timeouts++;
      throw new DeviceError('timeout', `no answer to command 0x${hex(request[0]!)} within ${this.timeoutMs} ms`);
    }
    const answer = outcome.bytes;
    if (answer[0] === request[0]) return answer;
    if (answer[0] === DAP_INVALID && answer.length >= 1 && this.inSyncGuess(answer)) {
      throw new DeviceError('invalid-command', SPEC_MESSAGES.invalidCommand, { recoverable: false });
    }
    this.inSync = false;
    throw new DeviceError('out-of-sync', SPEC_MESSAGES.outOfSync);
  }

  /** An 0xFF answer is the board's "unknown command" only when it is the whole answer. */
  private inSyncGuess(answer: Uint8Array): boolean {
    return answer.length === 1 || answer.subarray(1).every((b) => b === 0);
  }

  /**
   * Gets the link back in step: sends a probe, reads (throwing away stale answers) until the
   * probe's own answer arrives. Different probes in turn, so a late answer to an earlier probe is
   * not taken for the new one.
   */
  async resync(): Promise<void> {
    this.counters.resyncs++;
    for (let round = 0; round < RESYNC_ROUNDS; round++) {
      const id = PROBE_IDS[round % PROBE_IDS.length]!;
      await this.write(Uint8Array.of(DAP_INFO, id));
      for (let reads = 0; reads < 8; reads++) {
        const outcome = await this.read();
        if (outcome.kind === 'timeout') break;
        const expected = this.probeAnswers.get(id);
        const isProbe = outcome.bytes[0] === DAP_INFO && (expected === undefined || key(outcome.bytes) === expected);
        if (isProbe) {
          this.inSync = true;
          return;
        }
        this.counters.staleAnswers++;
      }
    }
    throw new DeviceError('out-of-sync', SPEC_MESSAGES.outOfSync);
  }

  private async write(request: Uint8Array): Promise<void> {
    const packet = new Uint8Array(PACKET_SIZE);
    packet.set(request);
    try {
      const result = this.endpointOut
        ? await this.device.transferOut(this.endpointOut.endpointNumber, packet)
        : await this.device.controlTransferOut(
            { requestType: 'class', recipient: 'interface', request: 0x09, value: 0x200, index: this.interfaceNumber },
            packet,
          );
      if (result.status !== 'ok') throw new Error(`OUT transfer ${result.status}`);
    } catch (error) {
      throw this.usbError(error, 'OUT transfer failed');
    }
    this.counters.packetsOut++;
    this.counters.bytesOut += request.length;
  }

  private startIn(): Promise<Uint8Array> {
    const transfer: Promise<UsbInResult> = this.endpointIn
      ? this.device.transferIn(this.endpointIn.endpointNumber, PACKET_SIZE)
      : this.device.controlTransferIn(
          { requestType: 'class', recipient: 'interface', request: 0x01, value: 0x100, index: this.interfaceNumber },
          PACKET_SIZE,
        );
    return transfer.then((result) => {
      if (result.status !== 'ok' || !result.data) throw new Error(`IN transfer ${result.status}`);
      const data = result.data;
      // Never more than a packet, whatever the device sends.
      return new Uint8Array(
        data.buffer.slice(data.byteOffset, data.byteOffset + Math.min(data.byteLength, PACKET_SIZE)),
      );
    });
  }

  private async read(): Promise<ReadOutcome> {
    const transfer = this.pendingIn ?? this.startIn();
    this.pendingIn = transfer;
    // Keep an abandoned transfer from becoming an unhandled rejection.
    transfer.catch(() => undefined);
    let timer: number | undefined;
    const timeout = new Promise<ReadOutcome>((resolve) => {
      timer = this.options.clock.setTimeout(() => resolve({ kind: 'timeout' }), this.timeoutMs);
    });
    try {
      const outcome = await Promise.race([transfer.then((bytes): ReadOutcome => ({ kind: 'packet', bytes })), timeout]);
      if (outcome.kind === 'packet') {
        this.pendingIn = null;
        this.counters.packetsIn++;
        this.counters.bytesIn += outcome.bytes.length;
      }
      return outcome;
    } catch (error) {
      this.pendingIn = null;
      throw this.usbError(error, 'IN transfer failed');
    } finally {
      if (timer !== undefined) this.options.clock.clear(timer);
    }
  }

  private usbError(error: unknown, what: string): DeviceError {
    if (error instanceof DeviceError) return error;
    const name = (error as { name?: string } | null)?.name;
    const message = (error as { message?: string } | null)?.message ?? String(error);
    if (name === 'NotFoundError' || /disconnected/i.test(message)) {
      this.closed = true;
      return new DeviceError('disconnected', SPEC_MESSAGES.usbError(this.deviceName, 'disconnected'), { cause: error });
    }
    return new DeviceError('usb-error', SPEC_MESSAGES.usbError(this.deviceName, `${what}: ${cleanName(message)}`), {
      cause: error,
    });
  }
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}

function key(bytes: Uint8Array): string {
  const length = Math.min(bytes.length, 2 + (bytes[1] ?? 0));
  return Array.from(bytes.subarray(0, length), hex).join('');
}

/** A device-supplied name, safe to show: printable characters only, at most 60 of them. */
export function cleanName(text: string | undefined): string {
  return (text ?? '')
    .replace(/[^\x20-\x7e\u00a0-\uffff]/g, '')
    .slice(0, 60)
    .trim();
}
