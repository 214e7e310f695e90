// The part of Web Bluetooth (navigator.bluetooth) the partial flasher uses, as interfaces, so a
// real browser's objects and the emulated board's (emulator/emulated-bluetooth.ts) both fit.

export interface GattCharacteristicLike {
  writeValueWithoutResponse(value: Uint8Array): Promise<void>;
  startNotifications(): Promise<GattCharacteristicLike>;
  addEventListener(type: 'characteristicvaluechanged', listener: (event: { target: unknown }) => void): void;
  removeEventListener(type: 'characteristicvaluechanged', listener: (event: { target: unknown }) => void): void;
  /** The last notified value (read in the listener). */
  readonly value?: DataView | null;
}

export interface GattServiceLike {
  getCharacteristic(uuid: string): Promise<GattCharacteristicLike>;
}

export interface GattServerLike {
  readonly connected: boolean;
  connect(): Promise<GattServerLike>;
  disconnect(): void;
  getPrimaryService(uuid: string): Promise<GattServiceLike>;
}

export interface BluetoothDeviceLike {
  readonly id: string;
  readonly name?: string | undefined;
  readonly gatt?: GattServerLike | undefined;
  addEventListener(type: 'gattserverdisconnected', listener: () => void): void;
  removeEventListener(type: 'gattserverdisconnected', listener: () => void): void;
}

export interface BluetoothLike {
  requestDevice(options: {
    filters: { namePrefix: string }[];
    optionalServices: string[];
  }): Promise<BluetoothDeviceLike>;
}
