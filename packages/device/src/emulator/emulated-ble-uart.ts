// The emulated board's Bluetooth UART service (bluetooth/uart-service.ts), as the firmware runs
// it once a program calls `bluetooth.startUartService()`: a transmit ring the program writes
// into, drained as indications of at most 20 bytes, one per connection interval and one in
// flight at a time (dropped when no host has indications on, as CODAL's send reports "not
// supported"); and a 61-byte receive ring the host's writes land in (bytes past a full ring are
// lost), handed to the program's "on data received" handlers when their delimiter arrives.
// A disconnect empties the transmit ring; a reset ends the service (the program starts it again).

import type { Clock } from '@blockyard/core';
import {
  UART_PACKET_BYTES,
  UART_RX_BUFFER_BYTES,
  UART_RX_CHARACTERISTIC,
  UART_TX_BUFFER_BYTES,
  UART_TX_CHARACTERISTIC,
} from '../bluetooth/uart-service.ts';
import { EmulatedCharacteristic } from './emulated-characteristic.ts';

/** What a program sees of the service (MakeCode's bluetooth.uartWriteString / onUartDataReceived). */
export interface BluetoothUartPort {
  /** Sends text to the host; dropped while no host listens. */
  write(text: string): void;
  /** Runs `handler` with the text before `delimiter` each time one arrives (the delimiter is consumed). */
  onReceived(delimiter: string, handler: (text: string) => void): void;
}

/**
 * Text a program waits to send: the firmware blocks the program's fiber while the ring is full,
 * which the emulator stands in for with a queue. Past this much, the program is stuck, and the
 * emulator drops instead.
 */
const PENDING_CAP_BYTES = 4096;

export class EmulatedBleUart implements BluetoothUartPort {
  readonly tx: EmulatedCharacteristic;
  readonly rx: EmulatedCharacteristic;
  /** Bytes lost: written with no host listening, past the pending cap, or past a full receive ring. */
  readonly counters = { indications: 0, txDropped: 0, rxDropped: 0 };
  private connected = false;
  private pending: number[] = [];
  private inFlight = false;
  private readonly received: number[] = [];
  private readonly handlers: { delimiter: number; handler: (text: string) => void }[] = [];
  private ended = false;
  /** Whether the radio stack runs (not while a debugger halts the core): set by the GATT side. */
  radioUp: () => boolean = () => true;

  constructor(
    private readonly clock: Clock,
    /** One connection interval: an indication's or a write's time on air. */
    private readonly intervalMs: number,
  ) {
    // TX: board to host by indication only; RX: host to board by write only.
    this.tx = new EmulatedCharacteristic(UART_TX_CHARACTERISTIC, { notifies: true });
    this.rx = new EmulatedCharacteristic(UART_RX_CHARACTERISTIC, {
      notifies: false,
      onWrite: (bytes) => this.hostWrite(bytes),
    });
  }

  /** The characteristic with this UUID, or null. */
  characteristic(uuid: string): EmulatedCharacteristic | null {
    if (uuid === UART_TX_CHARACTERISTIC) return this.tx;
    if (uuid === UART_RX_CHARACTERISTIC) return this.rx;
    return null;
  }

  /** The GATT side: a host connected or went away. */
  setConnected(connected: boolean): void {
    this.connected = connected;
    if (!connected) {
      // CODAL's onDisconnect empties the transmit ring; indications are off until asked again.
      this.tx.subscribed = false;
      this.pending = [];
      this.inFlight = false;
    }
  }

  /** The program is gone (reset, power off): nothing more is sent or received. */
  end(): void {
    this.ended = true;
    this.pending = [];
    this.handlers.length = 0;
  }

  write(text: string): void {
    const bytes = new TextEncoder().encode(text);
    if (this.ended || !this.connected || !this.tx.subscribed) {
      this.counters.txDropped += bytes.length;
      return;
    }
    for (const byte of bytes) {
      if (this.pending.length >= PENDING_CAP_BYTES) this.counters.txDropped++;
      else this.pending.push(byte);
    }
    this.sendNext();
  }

  onReceived(delimiter: string, handler: (text: string) => void): void {
    if (delimiter.length !== 1) throw new Error('a delimiter is one character');
    this.handlers.push({ delimiter: delimiter.charCodeAt(0), handler });
  }

  /** The ring holds at most UART_TX_BUFFER_BYTES - 1; each indication takes up to 20 of them. */
  private sendNext(): void {
    if (this.inFlight || this.pending.length === 0 || !this.connected || !this.tx.subscribed) return;
    const size = Math.min(UART_PACKET_BYTES, UART_TX_BUFFER_BYTES - 1, this.pending.length);
    const value = Uint8Array.from(this.pending.slice(0, size));
    this.inFlight = true;
    this.clock.setTimeout(() => {
      if (!this.inFlight || !this.connected || !this.radioUp()) return;
      this.pending.splice(0, size);
      this.inFlight = false;
      this.counters.indications++;
      this.tx.notify(value);
      this.sendNext();
    }, this.intervalMs);
  }

  private hostWrite(bytes: Uint8Array): void {
    if (!this.connected) throw new Error('NetworkError: GATT server is disconnected.');
    if (bytes.length > UART_PACKET_BYTES)
      throw new Error('NotSupportedError: the value is longer than the link carries.');
    // The write reaches the board one connection interval later.
    const copy = bytes.slice();
    this.clock.setTimeout(() => {
      if (this.radioUp()) this.receive(copy); // a halted board hears nothing
    }, this.intervalMs);
  }

  private receive(bytes: Uint8Array): void {
    if (this.ended) return;
    for (const byte of bytes) {
      if (this.received.length >= UART_RX_BUFFER_BYTES - 1) {
        this.counters.rxDropped++;
        continue;
      }
      this.received.push(byte);
      for (const { delimiter, handler } of this.handlers) {
        if (byte !== delimiter) continue;
        const end = this.received.indexOf(delimiter);
        const text = new TextDecoder().decode(Uint8Array.from(this.received.splice(0, end + 1).slice(0, end)));
        handler(text);
        break;
      }
    }
  }
}
