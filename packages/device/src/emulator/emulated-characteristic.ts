// One GATT characteristic of the emulated board in Web Bluetooth's shape (bluetooth/gatt-like.ts):
// the host's writes go to the board's handler (a handler that throws is a rejected write, as a
// browser reports a failed GATT operation) and the board's notifications or indications reach the
// host's 'characteristicvaluechanged' listeners with `value` set. Both emulated services use it:
// partial flashing (emulated-bluetooth.ts) and the UART (emulated-ble-uart.ts).

import type { GattCharacteristicLike } from '../bluetooth/gatt-like.ts';

type Listener = (event: { target: unknown }) => void;

const notPermitted = () => new Error('NotSupportedError: GATT operation not permitted.');

export interface CharacteristicBehaviour {
  /** The board receives a host write; without it the characteristic cannot be written. */
  onWrite?: (bytes: Uint8Array) => void;
  /** Whether the host may turn notifications (or indications) on. */
  notifies: boolean;
}

export class EmulatedCharacteristic implements GattCharacteristicLike {
  value: DataView | null = null;
  /** Notifications or indications on (the host wrote the descriptor through startNotifications). */
  subscribed = false;
  private readonly listeners = new Set<Listener>();

  constructor(
    readonly uuid: string,
    private readonly behaviour: CharacteristicBehaviour,
  ) {}

  writeValueWithoutResponse(value: Uint8Array): Promise<void> {
    const { onWrite } = this.behaviour;
    if (!onWrite) return Promise.reject(notPermitted());
    try {
      onWrite(Uint8Array.from(value));
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  startNotifications(): Promise<GattCharacteristicLike> {
    if (!this.behaviour.notifies) return Promise.reject(notPermitted());
    this.subscribed = true;
    return Promise.resolve(this);
  }

  addEventListener(_type: 'characteristicvaluechanged', listener: Listener): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'characteristicvaluechanged', listener: Listener): void {
    this.listeners.delete(listener);
  }

  /** The board sends `bytes` (a notification or an indication) to every listener. */
  notify(bytes: Uint8Array): void {
    this.value = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (const listener of [...this.listeners]) listener({ target: this });
  }
}
