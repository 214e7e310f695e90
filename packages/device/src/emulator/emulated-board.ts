// One emulated micro:bit: the nRF target, the DAPLink interface chip in front of it, the serial
// line between them, its USB side (a `navigator.usb` to hand to the device code) and its
// Bluetooth side, with the cable and the faults under the test's control.

import type { Clock } from '@blockyard/core';
import type { FlashImage } from '../flash/flash-image.ts';
import { countingApplication, type ApplicationFactory } from './application.ts';
import { EMULATED_BOARD_FACTS, type BoardVariant, type EmulatedBoardFacts } from './board-facts.ts';
import { DaplinkFirmware } from './daplink-firmware.ts';
import { EmulatedBluetooth } from './emulated-bluetooth.ts';
import { EmulatedUsb, EmulatedUsbDevice, type UsbBoardSide, type UsbTraffic } from './emulated-usb.ts';
import { LATE_RESPONSE_MS, type FaultSpec } from './faults.ts';
import { NrfTarget } from './nrf-target.ts';
import { UartBuffer } from './uart-buffer.ts';

export interface EmulatedBoardOptions {
  clock: Clock;
  variant?: BoardVariant;
  /**
   * USB frame length in ms (1: full speed). 0 runs as fast as the host asks and also drops the
   * time flash programming keeps the interface chip busy: for tests on the real clock.
   */
  frameMs?: number;
  application?: ApplicationFactory;
  /** The interface chip's unique id; made up from the board id when absent. */
  uniqueId?: string;
  /** Flash contents at the factory: address → bytes. */
  flash?: readonly { address: number; data: Uint8Array }[];
  /** Plugged in from the start (default true). */
  plugged?: boolean;
}

export class EmulatedBoard implements UsbBoardSide {
  readonly facts: EmulatedBoardFacts;
  readonly target: NrfTarget;
  readonly daplink: DaplinkFirmware;
  readonly uart: UartBuffer;
  readonly usb = new EmulatedUsb();
  /** The Bluetooth side (partial flashing service), a navigator.bluetooth to hand to the host. */
  readonly bluetooth: EmulatedBluetooth;
  readonly uniqueId: string;
  attached = false;
  heldElsewhere = false;
  /** The usb-error fault: every transfer fails until the cable is pulled. */
  transfersFail = false;
  /** The error-response fault: DAPLink answers every command with its error status. */
  private answersWithError = false;
  private readonly frameMs: number;
  /** Faults waiting for their moment (armed by whoever watches the flash). */
  private pendingAnswerFault: 'late-response' | 'duplicate-response' | null = null;
  /** Every USB device object this board has had (one per plug-in), for their traffic. */
  private readonly devices: EmulatedUsbDevice[] = [];
  private replugTimer: number | undefined;

  constructor(readonly options: EmulatedBoardOptions) {
    this.facts = EMULATED_BOARD_FACTS[options.variant ?? 'v2'];
    this.frameMs = options.frameMs ?? 1;
    this.uniqueId =
      options.uniqueId ?? `${this.facts.boardId}${this.facts.familyId}${'0'.repeat(32)}9b2a3c4d`.slice(0, 48);
    this.uart = new UartBuffer(this.facts.uartBufferSize, this.facts.variant === 'v1' ? 9600 : 115200);
    this.target = new NrfTarget(this.facts, options.clock, this.uart, options.application ?? countingApplication);
    this.daplink = new DaplinkFirmware(this.facts, this.target, this.uart, this.uniqueId);
    for (const { address, data } of options.flash ?? []) this.target.flash.load(address, data);
    this.bluetooth = new EmulatedBluetooth(this.target, this.facts, options.clock);
    if (options.plugged ?? true) this.plugIn();
  }

  get bulk(): boolean {
    return this.facts.bulk;
  }

  get clock(): Clock {
    return this.options.clock;
  }

  /** USB traffic of every plug-in so far, added up. */
  get traffic(): UsbTraffic {
    const total: UsbTraffic = { packetsOut: 0, packetsIn: 0, bytesOut: 0, bytesIn: 0, wireBytesOut: 0, wireBytesIn: 0 };
    for (const device of this.devices) {
      for (const key of Object.keys(total) as (keyof UsbTraffic)[]) total[key] += device.traffic[key];
    }
    return total;
  }

  plugIn(): void {
    if (this.attached) return;
    if (this.replugTimer !== undefined) this.clock.clear(this.replugTimer);
    this.replugTimer = undefined;
    this.attached = true;
    this.transfersFail = false;
    this.answersWithError = false;
    this.daplink.powerCycle();
    this.target.powerOn();
    const device = new EmulatedUsbDevice(this, this.clock, this.frameMs);
    this.devices.push(device);
    this.usb.attach(device);
  }

  /** Pulls the cable; with `replugAfterMs`, pushes it back in that much later. */
  unplug(replugAfterMs: number | null = null): void {
    if (!this.attached) return;
    this.attached = false;
    this.target.powerOff();
    this.usb.detach();
    if (replugAfterMs !== null) this.replugTimer = this.clock.setTimeout(() => this.plugIn(), replugAfterMs);
  }

  /** The board's flash (a copy), for checks against the image. */
  flashBytes(): Uint8Array {
    return this.target.flash.bytes.slice();
  }

  /** Whether every page of `image` is in the board's flash, byte for byte. */
  holds(image: FlashImage): boolean {
    const flash = this.target.flash.bytes;
    for (const [address, page] of image.pages) {
      for (let i = 0; i < page.length; i++) if (flash[address + i] !== page[i]) return false;
    }
    return true;
  }

  /** Applies a fault that holds from now on (busy, stuck-bootloader, wont-halt). */
  applyStandingFault(fault: FaultSpec): void {
    if (fault.kind === 'busy') this.heldElsewhere = true;
    if (fault.kind === 'stuck-bootloader') this.target.stuckInBootloader = true;
    if (fault.kind === 'wont-halt') this.target.refusesHalt = true;
    if (fault.kind === 'usb-error') this.transfersFail = true;
    if (fault.kind === 'error-response') this.answersWithError = true;
  }

  /** Fires a fault that happens at a moment (unplug, a late or duplicated answer). */
  fire(fault: FaultSpec): void {
    if (fault.kind === 'unplug') this.unplug(fault.replugAfterMs);
    else if (fault.kind === 'late-response' || fault.kind === 'duplicate-response')
      this.pendingAnswerFault = fault.kind;
    else this.applyStandingFault(fault);
  }

  /** The other tab lets go of the board. */
  release(): void {
    this.heldElsewhere = false;
  }

  handle(packet: Uint8Array, nowMs: number): { response: Uint8Array; delayMs: number }[] {
    const processed = this.daplink.process(packet, nowMs);
    const response = this.answersWithError ? errorAnswer(processed.response) : processed.response;
    const busyMs = this.frameMs > 0 ? processed.busyMs : 0;
    const fault = this.pendingAnswerFault;
    this.pendingAnswerFault = null;
    if (fault === 'late-response') return [{ response, delayMs: busyMs + LATE_RESPONSE_MS }];
    if (fault === 'duplicate-response')
      return [
        { response, delayMs: busyMs },
        { response: response.slice(), delayMs: busyMs },
      ];
    return [{ response, delayMs: busyMs }];
  }
}

const DAP_TRANSFER = 0x05;
const DAP_TRANSFER_BLOCK = 0x06;
const ACK_FAULT = 4;
const DAP_ERROR = 0xff;

/**
 * The same command's answer with DAPLink's error status: a transfer that did nothing and was
 * refused with FAULT, or 0xFF ("DAP_ERROR") in the status byte of any other command.
 */
function errorAnswer(response: Uint8Array): Uint8Array {
  const command = response[0]!;
  if (command === DAP_TRANSFER) return Uint8Array.of(command, 0, ACK_FAULT);
  if (command === DAP_TRANSFER_BLOCK) return Uint8Array.of(command, 0, 0, ACK_FAULT);
  return Uint8Array.of(command, DAP_ERROR);
}
