// Chooses the board behind Connect, Connect by Bluetooth and Download (called by the composition
// root only): navigator.usb and navigator.bluetooth, or one emulated board's USB and GATT sides. The
// emulator is loaded only when the page asks for it, so ordinary pages never download it; the
// real board's connection code loads on first use (lazy-board-link.ts), so the home page's start
// does not either.

import type { Clock } from '@blockyard/core';
import { UART_MAX_LINE_BYTES, usbUnavailableReason, type BluetoothLike, type UsbLike } from '@blockyard/device';
import { lazyLoad } from '../app/lazy-load.ts';
import { runWhenIdle } from '../ui/run-when-idle.ts';
import type { BoardServices } from './board-link.ts';
import { LazyBoardLink, unconnectedState } from './lazy-board-link.ts';

/** Where an end-to-end test finds the emulated board (device=emulated only). */
const EMULATED_BOARD_GLOBAL = '__blockyardEmulatedBoard';

export async function createBoardServices(kind: 'real' | 'emulated', clock: Clock): Promise<BoardServices> {
  if (kind === 'emulated') return createEmulatedBoard(clock);
  const usb = (navigator as Navigator & { usb?: UsbLike }).usb ?? null;
  const unavailable = await usbUnavailableReason({ usb, userAgent: navigator.userAgent });
  const bluetooth = (navigator as Navigator & { bluetooth?: BluetoothLike }).bluetooth ?? null;
  const connections = lazyLoad('the board connection', () =>
    import('./board-connections.ts').then(({ boardConnections }) =>
      boardConnections({ usb, bluetooth, clock, unavailable }),
    ),
  );
  // Once a screen shows the board, its code loads in idle time: the chooser then opens at once.
  const prepare = (load: () => void) => void runWhenIdle(load, { afterMs: 1000, idleTimeoutMs: 5000 }, window);
  return {
    kind: 'webusb',
    link: new LazyBoardLink(
      () => connections().then(({ link }) => link),
      unconnectedState(usb ? unavailable : (unavailable ?? 'notimpl')),
      { prepare },
    ),
    bluetooth: new LazyBoardLink(
      () => connections().then((loaded) => loaded.bluetooth),
      unconnectedState(bluetooth ? null : 'notimpl'),
      { maxSerialBytes: UART_MAX_LINE_BYTES, prepare },
    ),
  };
}

/**
 * A V2 board as it leaves the factory: the pinned firmware with a small program called "factory"
 * (the same images the device tests use, from the firmware the app serves). Without the images
 * (offline, say) the board starts blank; a blank board cannot start a file without firmware.
 */
async function createEmulatedBoard(clock: Clock): Promise<BoardServices> {
  const [{ EmulatedBoard, buildDemoImages }, { FirmwareStore }, { FetchFirmwareLoader }, { boardConnections }] =
    await Promise.all([
      import('@blockyard/device/emulator'),
      import('@blockyard/native'),
      import('@blockyard/platform'),
      import('./board-connections.ts'),
    ]);
  const loader = new FetchFirmwareLoader({ baseUrl: new URL('/firmware/', window.location.href).href });
  const flash = await buildDemoImages(new FirmwareStore(loader), 'factory').then(
    (images) => images.v2.segments,
    () => [],
  );
  const board = new EmulatedBoard({ clock, variant: 'v2', flash });
  (window as unknown as Record<string, unknown>)[EMULATED_BOARD_GLOBAL] = board;
  return { kind: 'emulated', ...boardConnections({ usb: board.usb, bluetooth: board.bluetooth, clock }) };
}
