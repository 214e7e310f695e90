// The emulated board's Bluetooth side: a navigator.bluetooth-shaped object whose one device
// offers the partial flashing service (bluetooth/partial-flash-packets.ts), answering from and
// writing to the same nRF flash the USB side uses, and the UART service while the running
// program has started it (emulated-ble-uart.ts). Resets, whatever causes them, drop the link (the
// board reboots and advertises again), as a real micro:bit's do. As in a browser, only services
// named in requestDevice's optionalServices can be opened. Faults: a lost write, a lost answer,
// every answer lost, the link dropping (and coming back), a board that never answers a connect.

import type { Clock } from '@blockyard/core';
import type {
  BluetoothDeviceLike,
  BluetoothLike,
  GattCharacteristicLike,
  GattServerLike,
  GattServiceLike,
} from '../bluetooth/gatt-like.ts';
import {
  encodeRegionInfo,
  PARTIAL_FLASH_CHARACTERISTIC,
  PARTIAL_FLASH_SERVICE,
  PF_COMMAND,
  PF_MODE,
  PF_REGION,
  PF_WRITE,
} from '../bluetooth/partial-flash-packets.ts';
import { UART_SERVICE } from '../bluetooth/uart-service.ts';
import type { EmulatedBoardFacts } from './board-facts.ts';
import { EmulatedCharacteristic } from './emulated-characteristic.ts';
import type { NrfTarget } from './nrf-target.ts';
import { runtimeMarker } from './program-check.ts';
import { EMULATED_BLE_TIMING } from './ble-timing.ts';

export type BluetoothFault =
  /** The next 20-byte data write never arrives (the board answers "out of order"). */
  | 'lose-write'
  /** The next answer to a block never arrives (the host's deadlock check resends). */
  | 'lose-answer'
  /** No answer to any block arrives any more. */
  | 'lose-all-answers'
  /** The link drops now; the board can be connected again at once. */
  | 'drop-link'
  /** Connects are never answered (out of range, switched off). */
  | 'unreachable';

export class EmulatedBluetooth implements BluetoothLike {
  readonly device: EmulatedBluetoothDevice;

  constructor(target: NrfTarget, facts: EmulatedBoardFacts, clock: Clock) {
    this.device = new EmulatedBluetoothDevice(target, facts, clock);
  }

  requestDevice(options: { optionalServices: string[] }): Promise<BluetoothDeviceLike> {
    this.device.allowedServices = new Set(options.optionalServices);
    return Promise.resolve(this.device);
  }
}

export class EmulatedBluetoothDevice implements BluetoothDeviceLike, GattServerLike, GattServiceLike {
  readonly id = 'emulated-microbit';
  readonly name = 'BBC micro:bit [zotip]';
  readonly gatt: GattServerLike = this;
  connected = false;
  /** Times (board clock) at which a host asked to connect: the tests check the backoff. */
  readonly connectAttempts: number[] = [];
  readonly counters = { writes: 0, blocksWritten: 0, outOfOrder: 0, answersLost: 0 };
  private readonly characteristic: EmulatedCharacteristic;
  private readonly disconnectListeners = new Set<() => void>();
  private rebootingUntil = -1;
  private faults = new Set<BluetoothFault>();
  /** The services the page asked for when it chose the device (a browser allows only those). */
  allowedServices = new Set<string>();
  // The block being received.
  private expected = 0;
  private bad = false;
  private low = 0;
  private high = 0;
  private readonly block = new Uint8Array(64);
  /** One past the highest byte this transfer wrote; 0 when it wrote nothing yet. */
  private writtenEnd = 0;

  constructor(
    readonly target: NrfTarget,
    readonly facts: EmulatedBoardFacts,
    private readonly clock: Clock,
  ) {
    this.characteristic = new EmulatedCharacteristic(PARTIAL_FLASH_CHARACTERISTIC, {
      notifies: true,
      onWrite: (bytes) => this.receive(bytes),
    });
    // A reset from anywhere (a USB flash, the reset button, a power cut) takes the radio down.
    target.onReset.add(() => {
      if (!this.connected) return;
      this.rebootingUntil = this.clock.now() + EMULATED_BLE_TIMING.rebootMs;
      this.disconnect();
    });
    // A debugger halting the core stops the radio stack with it: nothing is answered, the board
    // stops advertising, and the host sees the link drop when the supervision timeout runs out.
    target.onHalt.add(() => {
      if (!this.connected) return;
      this.clock.setTimeout(() => {
        if (this.coreHalted) this.disconnect();
      }, EMULATED_BLE_TIMING.supervisionMs);
    });
  }

  /** Whether the core is stopped by the debugger (no radio stack runs). */
  private get coreHalted(): boolean {
    return this.target.state === 'halted';
  }

  inject(fault: BluetoothFault): void {
    if (fault === 'drop-link') this.dropLink();
    else this.faults.add(fault);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  addEventListener(_type: 'gattserverdisconnected', listener: () => void): void {
    this.disconnectListeners.add(listener);
  }

  removeEventListener(_type: 'gattserverdisconnected', listener: () => void): void {
    this.disconnectListeners.delete(listener);
  }

  connect(): Promise<GattServerLike> {
    this.connectAttempts.push(this.clock.now());
    if (this.faults.has('unreachable')) return new Promise(() => undefined);
    return new Promise((resolve, reject) => {
      this.clock.setTimeout(() => {
        if (this.clock.now() < this.rebootingUntil || this.target.state === 'off' || this.coreHalted) {
          reject(new Error('NetworkError: the device is not advertising'));
          return;
        }
        this.connected = true;
        this.expected = 0;
        this.target.bleUart?.setConnected(true);
        resolve(this);
      }, EMULATED_BLE_TIMING.connectMs);
    });
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.target.bleUart?.setConnected(false);
    for (const listener of [...this.disconnectListeners]) listener();
  }

  getPrimaryService(uuid: string): Promise<GattServiceLike> {
    if (!this.connected) return Promise.reject(new Error('NetworkError: GATT server is disconnected'));
    if (!this.allowedServices.has(uuid)) {
      return Promise.reject(new Error(`SecurityError: ${uuid} is not in requestDevice's optionalServices`));
    }
    if (uuid === PARTIAL_FLASH_SERVICE) return Promise.resolve(this);
    const uart = uuid === UART_SERVICE ? this.target.bleUart : null;
    if (!uart) return Promise.reject(new Error(`NotFoundError: no service ${uuid}`));
    uart.radioUp = () => !this.coreHalted;
    uart.setConnected(true);
    return Promise.resolve({
      getCharacteristic: (id: string) => {
        const characteristic = uart.characteristic(id);
        return characteristic ? Promise.resolve(characteristic) : Promise.reject(new Error(`NotFoundError: ${id}`));
      },
    });
  }

  getCharacteristic(uuid: string): Promise<GattCharacteristicLike> {
    if (uuid !== PARTIAL_FLASH_CHARACTERISTIC) return Promise.reject(new Error(`NotFoundError: ${uuid}`));
    return Promise.resolve(this.characteristic);
  }

  private dropLink(): void {
    this.disconnect();
  }

  /** The board resets (into pairing or application mode): the link drops while it reboots. */
  private reboot(): void {
    this.rebootingUntil = this.clock.now() + EMULATED_BLE_TIMING.rebootMs;
    this.disconnect();
    this.target.systemReset();
  }

  private answer(bytes: number[] | Uint8Array): void {
    this.clock.setTimeout(() => {
      if (this.connected && !this.coreHalted) this.characteristic.notify(Uint8Array.from(bytes));
    }, EMULATED_BLE_TIMING.answerMs);
  }

  private receive(bytes: Uint8Array): void {
    if (!this.connected) throw new Error('NetworkError: GATT server is disconnected');
    // A write without response to a halted board is lost on air: nothing acts on it.
    if (this.coreHalted) return;
    this.counters.writes++;
    switch (bytes[0]) {
      case PF_COMMAND.status:
        this.answer([PF_COMMAND.status, 1, this.target.pairingMode ? PF_MODE.pairing : PF_MODE.application]);
        return;
      case PF_COMMAND.reset:
        this.target.pairingMode = bytes[1] === PF_MODE.pairing;
        this.writtenEnd = 0;
        this.reboot();
        return;
      case PF_COMMAND.region:
        this.answerRegion(bytes[1] ?? 0);
        return;
      case PF_COMMAND.data:
        this.receiveData(bytes);
        return;
      case PF_COMMAND.endOfTransmission:
        this.eraseRestOfRegion();
        this.target.pairingMode = false;
        this.reboot();
        return;
      default:
        return; // unknown commands are ignored, as the firmware does
    }
  }

  private answerRegion(region: number): void {
    const flash = this.target.flash.bytes;
    const marker = runtimeMarker(flash, this.facts);
    const start = marker?.programStart ?? 0;
    if (region === PF_REGION.dal) {
      const hash = Uint8Array.from((marker?.templateHash ?? '0000000000000000').match(/../g)!, (h) => parseInt(h, 16));
      this.answer(encodeRegionInfo({ region, start: this.facts.applicationStart, end: start, hash: '' }, hash));
    } else if (region === PF_REGION.makeCode) {
      // The hash the program's header holds (erased or spoilt: whatever is there).
      const hash = marker ? flash.slice(start + 24, start + 32) : new Uint8Array(8);
      this.answer(encodeRegionInfo({ region, start, end: this.facts.scratchPage, hash: '' }, hash));
    } else {
      this.answer(
        encodeRegionInfo({ region, start: 0, end: this.facts.applicationStart, hash: '' }, new Uint8Array(8)),
      );
    }
  }

  private receiveData(bytes: Uint8Array): void {
    if (this.faults.delete('lose-write')) return;
    const packet = bytes[3]!;
    const position = packet % 4;
    const offset = (bytes[1]! << 8) | bytes[2]!;
    if (position === 0) {
      // A block start resynchronises.
      this.bad = false;
      this.low = offset;
    } else if (packet !== this.expected) this.bad = true;
    if (position === 1) this.high = offset;
    this.block.set(bytes.subarray(4, 20), position * 16);
    this.expected = (packet + 1) & 0xff;
    if (position !== 3) return;
    if (this.bad) {
      this.counters.outOfOrder++;
      this.answer([PF_COMMAND.data, PF_WRITE.outOfOrder]);
      return;
    }
    this.writeBlock(((this.high << 16) | this.low) >>> 0);
    if (this.faults.has('lose-all-answers') || this.faults.delete('lose-answer')) {
      this.counters.answersLost++;
      return;
    }
    this.answer([PF_COMMAND.data, PF_WRITE.ok]);
  }

  /** Writes a block into the program region: a page's first block erases the page first. */
  private writeBlock(address: number): void {
    const marker = runtimeMarker(this.target.flash.bytes, this.facts);
    if (!marker || address < marker.programStart || address + 64 > this.facts.scratchPage) return;
    const flash = this.target.flash;
    if (address % this.facts.pageSize === 0) flash.load(address, new Uint8Array(this.facts.pageSize).fill(0xff));
    const merged = flash.bytes.slice(address, address + 64);
    for (let i = 0; i < 64; i++) merged[i]! &= this.block[i]!;
    flash.load(address, merged);
    this.counters.blocksWritten++;
    this.writtenEnd = Math.max(this.writtenEnd, address + 64);
  }

  /**
   * End of transmission: the runtime erases the program region's pages after the new program
   * (CODAL's partial flashing service does), so the old program's tail and its embedded source
   * are gone and cannot be mistaken for the new program's.
   */
  private eraseRestOfRegion(): void {
    if (this.writtenEnd === 0) return;
    const { pageSize, scratchPage } = this.facts;
    const from = Math.ceil(this.writtenEnd / pageSize) * pageSize;
    if (from < scratchPage) this.target.flash.load(from, new Uint8Array(scratchPage - from).fill(0xff));
    this.writtenEnd = 0;
  }
}
