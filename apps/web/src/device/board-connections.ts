// The board's two connections (WebUSB and Bluetooth, @blockyard/device) with the code behind
// them: CMSIS-DAP, flashing, partial flashing over GATT. Imported on first use only
// (create-board-services.ts, lazy-board-link.ts), so the home page's start never loads it.

import type { Clock } from '@blockyard/core';
import {
  BluetoothBoard,
  UsbConnection,
  type BluetoothLike,
  type UsbConnectionState,
  type UsbLike,
} from '@blockyard/device';
import type { BoardLink } from './board-link.ts';

export interface BoardConnectionOptions {
  usb: UsbLike | null;
  bluetooth: BluetoothLike | null;
  clock: Clock;
  /** Why WebUSB cannot be used here (usbUnavailableReason), when it cannot. */
  unavailable?: UsbConnectionState['unavailable'];
}

export interface BoardConnections {
  link: BoardLink;
  bluetooth: BoardLink;
}

export function boardConnections({ usb, bluetooth, clock, unavailable }: BoardConnectionOptions): BoardConnections {
  return {
    link: new UsbConnection({ usb, clock, unavailable: unavailable ?? null }),
    bluetooth: new BluetoothBoard({ bluetooth, clock }),
  };
}
