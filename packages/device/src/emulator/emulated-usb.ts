// The emulated board's USB side: a `navigator.usb` and a USBDevice that carry 64-byte packets to
// and from the emulated DAPLink, on the clock's time with full-speed USB's 1 ms frames: a packet
// goes out at the next frame boundary, one per frame each way, and its answer comes back in a
// later frame once the interface chip has finished (flash programming keeps it busy). Answers
// come back in order, like the real IN pipe, so one late answer holds up the rest.

import type { Clock } from '@blockyard/core';
import type {
  UsbConfigurationLike,
  UsbConnectionListener,
  UsbControlSetup,
  UsbDeviceFilter,
  UsbDeviceLike,
  UsbInResult,
  UsbInterfaceLike,
  UsbLike,
  UsbOutResult,
} from '../usb/webusb.ts';
import { PACKET_SIZE } from './daplink-firmware.ts';

/** What the USB device asks of the board behind it. */
export interface UsbBoardSide {
  readonly attached: boolean;
  /** Another tab or program holds the interface (the busy fault). */
  readonly heldElsewhere: boolean;
  /** Every transfer fails (the usb-error fault). */
  readonly transfersFail: boolean;
  readonly uniqueId: string;
  readonly bulk: boolean;
  /** One command packet in; its answers (usually one) out, each with extra delay in ms. */
  handle(packet: Uint8Array, nowMs: number): { response: Uint8Array; delayMs: number }[];
}

/** Traffic counters, for the benchmark and the tests. */
export interface UsbTraffic {
  packetsOut: number;
  packetsIn: number;
  /** Bytes the host handed over / received (without padding). */
  bytesOut: number;
  bytesIn: number;
  /** Bytes on the wire: a HID report is always 64 bytes; a bulk packet is as long as its data. */
  wireBytesOut: number;
  wireBytesIn: number;
}

function domError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** Runs `body` and reports its outcome as a promise, as the browser's methods do. */
function settle(body: () => void): Promise<void> {
  try {
    body();
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

const disconnected = () => domError('NotFoundError', 'The device was disconnected.');

interface Answer {
  bytes: Uint8Array;
  readyAt: number;
}

export class EmulatedUsbDevice implements UsbDeviceLike {
  readonly vendorId = 0x0d28;
  readonly productId = 0x0204;
  readonly productName = 'BBC micro:bit CMSIS-DAP';
  readonly manufacturerName = 'ARM';
  readonly serialNumber: string;
  readonly configurations: readonly UsbConfigurationLike[];
  opened = false;
  private configured = false;
  private claimed = new Set<number>();
  private readonly answers: Answer[] = [];
  private waiting: { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }[] = [];
  private outFree = 0;
  private inFree = 0;
  private lastReadyAt = 0;
  /** Set when the cable is pulled: this object is dead for good (a replug makes a new one). */
  gone = false;
  readonly traffic: UsbTraffic = {
    packetsOut: 0,
    packetsIn: 0,
    bytesOut: 0,
    bytesIn: 0,
    wireBytesOut: 0,
    wireBytesIn: 0,
  };
  private realYieldAt = 0;

  constructor(
    private readonly board: UsbBoardSide,
    private readonly clock: Clock,
    private readonly frameMs: number,
  ) {
    this.serialNumber = board.uniqueId;
    const dapInterface: UsbInterfaceLike = board.bulk
      ? iface(3, 0xff, 0, [
          { endpointNumber: 4, direction: 'out', type: 'bulk', packetSize: PACKET_SIZE },
          { endpointNumber: 5, direction: 'in', type: 'bulk', packetSize: PACKET_SIZE },
        ])
      : iface(3, 0xff, 0, []);
    this.configurations = [
      {
        configurationValue: 1,
        configurationName: null,
        interfaces: [
          iface(0, 0x08, 0x06, [
            { endpointNumber: 1, direction: 'in', type: 'bulk', packetSize: PACKET_SIZE },
            { endpointNumber: 1, direction: 'out', type: 'bulk', packetSize: PACKET_SIZE },
          ]),
          iface(1, 0x02, 0x02, [{ endpointNumber: 2, direction: 'in', type: 'interrupt', packetSize: 16 }]),
          iface(2, 0x0a, 0x00, [
            { endpointNumber: 3, direction: 'in', type: 'bulk', packetSize: PACKET_SIZE },
            { endpointNumber: 3, direction: 'out', type: 'bulk', packetSize: PACKET_SIZE },
          ]),
          dapInterface,
        ],
      },
    ];
  }

  get configuration(): UsbConfigurationLike | null {
    return this.configured ? this.configurations[0]! : null;
  }

  open(): Promise<void> {
    return settle(() => {
      this.check();
      this.opened = true;
    });
  }

  close(): Promise<void> {
    this.opened = false;
    this.configured = false;
    this.claimed.clear();
    // Whoever was waiting for an answer gets none: WebUSB aborts transfers on close.
    for (const waiter of this.waiting.splice(0)) waiter.reject(domError('AbortError', 'The transfer was cancelled.'));
    return Promise.resolve();
  }

  selectConfiguration(value: number): Promise<void> {
    return settle(() => {
      this.check();
      if (!this.opened) throw domError('InvalidStateError', 'The device must be opened first.');
      if (value !== 1)
        throw domError('NotFoundError', 'The configuration value provided is not supported by the device.');
      this.configured = true;
    });
  }

  claimInterface(interfaceNumber: number): Promise<void> {
    return settle(() => {
      this.check();
      if (!this.configured) throw domError('InvalidStateError', 'The device must have a configuration selected.');
      if (!this.configurations[0]!.interfaces.some((i) => i.interfaceNumber === interfaceNumber)) {
        throw domError(
          'NotFoundError',
          'The interface number provided is not supported by the device in its current configuration.',
        );
      }
      if (this.board.heldElsewhere) throw domError('NetworkError', 'Unable to claim interface.');
      this.claimed.add(interfaceNumber);
    });
  }

  releaseInterface(interfaceNumber: number): Promise<void> {
    this.claimed.delete(interfaceNumber);
    return Promise.resolve();
  }

  async transferOut(endpointNumber: number, data: Uint8Array<ArrayBuffer>): Promise<UsbOutResult> {
    this.checkClaimed();
    if (!this.board.bulk || endpointNumber !== 4)
      throw domError(
        'NotFoundError',
        'The specified endpoint is not part of a claimed and selected alternate interface.',
      );
    if (this.board.transfersFail) return { bytesWritten: 0, status: 'stall' };
    return this.send(data, data.byteLength);
  }

  async transferIn(endpointNumber: number, length: number): Promise<UsbInResult> {
    this.checkClaimed();
    if (!this.board.bulk || endpointNumber !== 5)
      throw domError(
        'NotFoundError',
        'The specified endpoint is not part of a claimed and selected alternate interface.',
      );
    if (this.board.transfersFail) return { status: 'stall' };
    const bytes = await this.receive();
    return { status: 'ok', data: new DataView(bytes.buffer, 0, Math.min(length, bytes.length)) };
  }

  /** CMSIS-DAP v1 (the V1's DAPLink): HID reports through SET_REPORT / GET_REPORT. */
  async controlTransferOut(setup: UsbControlSetup, data?: Uint8Array<ArrayBuffer>): Promise<UsbOutResult> {
    this.checkClaimed();
    if (setup.requestType !== 'class' || setup.request !== 0x09 || !data || this.board.transfersFail)
      return { bytesWritten: 0, status: 'stall' };
    return this.send(data, PACKET_SIZE);
  }

  async controlTransferIn(setup: UsbControlSetup, length: number): Promise<UsbInResult> {
    this.checkClaimed();
    if (setup.requestType !== 'class' || setup.request !== 0x01 || this.board.transfersFail) return { status: 'stall' };
    const bytes = await this.receive();
    const report = new Uint8Array(Math.min(length, PACKET_SIZE));
    report.set(bytes.subarray(0, report.length));
    this.traffic.wireBytesIn += PACKET_SIZE - bytes.length;
    return { status: 'ok', data: new DataView(report.buffer) };
  }

  /** The cable came out: every waiting transfer fails, and so will every later call. */
  unplug(): void {
    this.gone = true;
    this.opened = false;
    for (const waiter of this.waiting.splice(0)) waiter.reject(disconnected());
    this.answers.length = 0;
  }

  private check(): void {
    if (this.gone) throw disconnected();
  }

  private checkClaimed(): void {
    this.check();
    if (!this.opened) throw domError('InvalidStateError', 'The device must be opened first.');
    if (!this.claimed.has(3)) throw domError('InvalidStateError', 'The interface is not claimed.');
  }

  private nextFrame(time: number): number {
    if (this.frameMs <= 0) return time;
    return Math.ceil(time / this.frameMs - 1e-9) * this.frameMs;
  }

  private async send(data: Uint8Array, wireBytes: number): Promise<UsbOutResult> {
    if (data.byteLength > PACKET_SIZE) throw new TypeError(`a CMSIS-DAP packet is at most ${PACKET_SIZE} bytes`);
    const packet = new Uint8Array(data.byteLength);
    packet.set(data);
    const now = this.clock.now();
    const slot = Math.max(this.nextFrame(now), this.outFree);
    this.outFree = slot + this.frameMs;
    await this.at(slot);
    this.check();
    this.traffic.packetsOut++;
    this.traffic.bytesOut += packet.byteLength;
    this.traffic.wireBytesOut += wireBytes;
    for (const answer of this.board.handle(packet, slot)) {
      const readyAt = Math.max(slot + answer.delayMs, this.lastReadyAt);
      this.lastReadyAt = readyAt;
      this.answers.push({ bytes: answer.response, readyAt });
    }
    this.deliver();
    return { bytesWritten: packet.byteLength, status: 'ok' };
  }

  private receive(): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.deliver();
    });
  }

  /** Hands queued answers to waiting readers, each in its own IN frame. */
  private deliver(): void {
    while (this.waiting.length > 0 && this.answers.length > 0) {
      const answer = this.answers.shift()!;
      const waiter = this.waiting.shift()!;
      const frame =
        this.frameMs > 0
          ? Math.floor(answer.readyAt / this.frameMs + 1e-9) * this.frameMs + this.frameMs
          : answer.readyAt;
      const at = Math.max(frame, this.inFree, this.clock.now());
      this.inFree = at + this.frameMs;
      void this.at(at).then(() => {
        if (this.gone) {
          waiter.reject(disconnected());
          return;
        }
        this.traffic.packetsIn++;
        this.traffic.bytesIn += answer.bytes.length;
        this.traffic.wireBytesIn += answer.bytes.length;
        waiter.resolve(answer.bytes);
      });
    }
  }

  /**
   * Resolves at clock time `time`. What is due now resolves in a microtask, but at least every
   * 10 ms of clock time through a timer, so a real page keeps its event loop turning.
   */
  private at(time: number): Promise<void> {
    const now = this.clock.now();
    if (time <= now && now - this.realYieldAt < 10) return Promise.resolve();
    if (time <= now) this.realYieldAt = now;
    return new Promise((resolve) => this.clock.setTimeout(resolve, Math.max(0, time - now)));
  }
}

function iface(
  interfaceNumber: number,
  interfaceClass: number,
  interfaceSubclass: number,
  endpoints: UsbInterfaceLike['alternate']['endpoints'],
): UsbInterfaceLike {
  const alternate = {
    alternateSetting: 0,
    interfaceClass,
    interfaceSubclass,
    interfaceProtocol: 0,
    interfaceName: null,
    endpoints,
  };
  return { interfaceNumber, alternate, alternates: [alternate], claimed: false };
}

function matchesFilter(device: UsbDeviceLike, filter: UsbDeviceFilter): boolean {
  if (filter.vendorId !== undefined && filter.vendorId !== device.vendorId) return false;
  if (filter.productId !== undefined && filter.productId !== device.productId) return false;
  if (filter.serialNumber !== undefined && filter.serialNumber !== device.serialNumber) return false;
  return true;
}

/** `navigator.usb` with one emulated board that may be plugged in. */
export class EmulatedUsb implements UsbLike {
  private readonly listeners = {
    connect: new Set<UsbConnectionListener>(),
    disconnect: new Set<UsbConnectionListener>(),
  };
  private permitted = false;
  /** What the learner does in the browser's chooser: pick the board, or close the chooser. */
  chooser: 'pick' | 'cancel' = 'pick';
  device: EmulatedUsbDevice | null = null;

  getDevices(): Promise<UsbDeviceLike[]> {
    return Promise.resolve(this.permitted && this.device ? [this.device] : []);
  }

  requestDevice(options: { filters: UsbDeviceFilter[] }): Promise<UsbDeviceLike> {
    const device = this.device;
    const offered = device && (options.filters.length === 0 || options.filters.some((f) => matchesFilter(device, f)));
    if (!offered || this.chooser === 'cancel') return Promise.reject(domError('NotFoundError', 'No device selected.'));
    this.permitted = true;
    return Promise.resolve(device);
  }

  addEventListener(type: 'connect' | 'disconnect', listener: UsbConnectionListener): void {
    this.listeners[type].add(listener);
  }

  removeEventListener(type: 'connect' | 'disconnect', listener: UsbConnectionListener): void {
    this.listeners[type].delete(listener);
  }

  /** The board was plugged in: a new USBDevice object, as in a browser. */
  attach(device: EmulatedUsbDevice): void {
    this.device = device;
    if (this.permitted) for (const listener of [...this.listeners.connect]) listener({ device });
  }

  detach(): void {
    const device = this.device;
    if (!device) return;
    this.device = null;
    device.unplug();
    if (this.permitted) for (const listener of [...this.listeners.disconnect]) listener({ device });
  }
}
