// The editor's board, as the screens see it: pair through the browser's chooser, connect, flash
// with progress, serial. There are two links, one per way of connecting: USB and Bluetooth. The
// composition root picks what stands behind them: a real board over navigator.usb and
// navigator.bluetooth, or the emulated micro:bit (page flag device=emulated). Either way they are
// @blockyard/device's UsbConnection and BluetoothBoard, so the emulated board exercises the same
// code as a real one.

import type { DeviceInfo, FlashOptions, FlashResult, UsbConnectionState } from '@blockyard/device';

export interface BoardLink {
  getState(): UsbConnectionState;
  subscribe(listener: () => void): () => void;
  /** Opens the browser's chooser, then connects to the board picked there. */
  pair(): Promise<DeviceInfo | null>;
  disconnect(): Promise<void>;
  /** Flashes a .hex file; resolves only when the board holds it and runs it. */
  flash(file: Uint8Array | string, options?: FlashOptions): Promise<FlashResult>;
  cancel(): void;
  onSerial(listener: (text: string) => void): () => void;
  /**
   * Writes text to the board's serial port (over Bluetooth, to its UART service: rejects with
   * code 'unavailable' when the running program does not offer it).
   */
  writeSerial(text: string): Promise<void>;
  /** The most bytes one writeSerial takes (Bluetooth: the board's receive buffer); none for USB. */
  readonly maxSerialBytes?: number;
}

/** How a link reaches the board: the help after a failure differs. */
export type BoardTransport = 'usb' | 'bluetooth';

export interface BoardServices {
  /** The board on the USB cable (WebUSB). */
  link: BoardLink;
  /** The board over Bluetooth (partial flashing); null where the editor offers none. */
  bluetooth: BoardLink | null;
  /** 'emulated' when the page flag device=emulated chose the emulated board. */
  kind: 'webusb' | 'emulated';
}

const NO_BOARD_STATE: UsbConnectionState = {
  state: 'disconnected',
  mode: null,
  info: null,
  flashing: false,
  progress: null,
  error: null,
  unavailable: 'notimpl',
};

/** Where no board service was given (tests): never connected, so Download always saves the file. */
export const NO_BOARD: BoardLink = {
  getState: () => NO_BOARD_STATE,
  subscribe: () => () => undefined,
  pair: () => Promise.reject(new Error('no board service')),
  disconnect: () => Promise.resolve(),
  flash: () => Promise.reject(new Error('no board service')),
  cancel: () => undefined,
  onSerial: () => () => undefined,
  writeSerial: () => Promise.reject(new Error('no board service')),
};
