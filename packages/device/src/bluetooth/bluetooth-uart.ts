// The host's side of the micro:bit's Bluetooth UART service (uart-service.ts): after every
// connect it looks for the service, turns indications on and hands the text that arrives to its
// listeners; it writes text in 20-byte packets. The service is there only while the board runs
// a program that started it (not in pairing mode, not during a flash), so `attach` finding
// nothing is normal: the board is then simply not listening.

import { DeviceError } from '../device-error.ts';
import type { GattCharacteristicLike, GattServerLike } from './gatt-like.ts';
import {
  UART_MAX_LINE_BYTES,
  UART_RX_CHARACTERISTIC,
  UART_SERVICE,
  UART_TX_CHARACTERISTIC,
  uartPackets,
} from './uart-service.ts';

export class BluetoothUart {
  private tx: GattCharacteristicLike | null = null;
  private rx: GattCharacteristicLike | null = null;
  private readonly listeners = new Set<(text: string) => void>();
  private readonly encoder = new TextEncoder();
  // One decoder across indications: a character's bytes may be split between two.
  private decoder = new TextDecoder('utf-8');
  /** Counts detaches: an attach that a drop overtook does not take hold. */
  private generation = 0;
  private readonly onIndication = (event: { target: unknown }) => {
    const value = (event.target as { value?: DataView | null }).value;
    if (!value) return;
    const text = this.decoder.decode(new Uint8Array(value.buffer, value.byteOffset, value.byteLength), {
      stream: true,
    });
    if (text !== '') for (const listener of [...this.listeners]) listener(text);
  };

  /** Whether the board's program has the service open now (text can go to it). */
  get listening(): boolean {
    return this.rx !== null;
  }

  /** Called on each connect: true when the running program offers the service. */
  async attach(server: GattServerLike): Promise<boolean> {
    this.detach();
    const generation = this.generation;
    try {
      const service = await server.getPrimaryService(UART_SERVICE);
      const tx = await service.getCharacteristic(UART_TX_CHARACTERISTIC);
      const rx = await service.getCharacteristic(UART_RX_CHARACTERISTIC);
      await tx.startNotifications();
      if (generation !== this.generation) return false;
      tx.addEventListener('characteristicvaluechanged', this.onIndication);
      this.tx = tx;
      this.rx = rx;
      return true;
    } catch {
      // No service (no program started it, pairing mode) or the link went while looking.
      return false;
    }
  }

  /** The link dropped: nothing can be sent until the next attach. */
  detach(): void {
    this.generation++;
    this.tx?.removeEventListener('characteristicvaluechanged', this.onIndication);
    this.tx = null;
    this.rx = null;
    this.decoder = new TextDecoder('utf-8');
  }

  onText(listener: (text: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends text to the program, in packets of 20 bytes. Rejects with 'unavailable' when the board's
   * program does not offer the service, with 'execution-error' when the text is longer than the
   * board's receive buffer takes at once (60 bytes: the rest would be lost on the board).
   */
  async write(text: string): Promise<void> {
    const bytes = this.encoder.encode(text);
    if (bytes.length > UART_MAX_LINE_BYTES) {
      throw new DeviceError(
        'execution-error',
        `the micro:bit takes at most ${UART_MAX_LINE_BYTES} bytes at once over Bluetooth (this is ${bytes.length})`,
        { recoverable: false },
      );
    }
    for (const packet of uartPackets(bytes)) {
      const rx = this.rx;
      if (!rx) {
        throw new DeviceError('unavailable', 'the program on the micro:bit does not listen over Bluetooth', {
          reason: 'notimpl',
          recoverable: false,
        });
      }
      try {
        await rx.writeValueWithoutResponse(packet);
      } catch (error) {
        throw new DeviceError('disconnected', `a Bluetooth write failed (${String(error)})`, { cause: error });
      }
    }
  }
}
