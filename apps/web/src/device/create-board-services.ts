// Chooses the board behind Connect, Connect by Bluetooth and Download (called by the composition
// root only): navigator.usb and navigator.bluetooth, or one emulated board's USB and GATT sides. The
// emulator is loaded only when the page asks for it, so ordinary pages never download it.

import type { Clock } from '@blockyard/core';
import {
  BluetoothBoard,
  UsbConnection,
  usbUnavailableReason,
  type BluetoothLike,
  type UsbLike,
} from '@blockyard/device';
import type { BoardServices } from './board-link.ts';

/** Where an end-to-end test finds the emulated board (device=emulated only). */
const EMULATED_BOARD_GLOBAL = '__blockyardEmulatedBoard';

export async function createBoardServices(kind: 'real' | 'emulated', clock: Clock): Promise<BoardServices> {
  if (kind === 'emulated') return createEmulatedBoard(clock);
  const usb = (navigator as Navigator & { usb?: UsbLike }).usb ?? null;
  const unavailable = await usbUnavailableReason({ usb, userAgent: navigator.userAgent });
  const bluetooth = (navigator as Navigator & { bluetooth?: BluetoothLike }).bluetooth ?? null;
  return {
    kind: 'webusb',
    link: new UsbConnection({ usb, clock, unavailable }),
    bluetooth: new BluetoothBoard({ bluetooth, clock }),
  };
}

/**
 * A V2 board as it leaves the factory: the pinned firmware with a small program called "factory"
 * (the same images the device tests use, from the firmware the app serves). Without the images
 * (offline, say) the board starts blank; a blank board cannot start a file without firmware.
 */
async function createEmulatedBoard(clock: Clock): Promise<BoardServices> {
  const [{ EmulatedBoard, buildDemoImages }, { FirmwareStore }, { FetchFirmwareLoader }] = await Promise.all([
    import('@blockyard/device/emulator'),
    import('@blockyard/native'),
    import('@blockyard/platform'),
  ]);
  const loader = new FetchFirmwareLoader({ baseUrl: new URL('/firmware/', window.location.href).href });
  const flash = await buildDemoImages(new FirmwareStore(loader), 'factory').then(
    (images) => images.v2.segments,
    () => [],
  );
  const board = new EmulatedBoard({ clock, variant: 'v2', flash });
  (window as unknown as Record<string, unknown>)[EMULATED_BOARD_GLOBAL] = board;
  return {
    kind: 'emulated',
    link: new UsbConnection({ usb: board.usb, clock }),
    bluetooth: new BluetoothBoard({ bluetooth: board.bluetooth, clock }),
  };
}
