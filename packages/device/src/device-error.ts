// Everything that can go wrong with a board, as one error type with a code. `message` is the
// specification's own text where it has one (spec 000 §8, spec 001 §8); the plain words a learner
// reads come from the code (plain-words.ts for the CLI, the web app's translations).

export type DeviceErrorCode =
  /** The board does not know a command ("invalid command"). */
  | 'invalid-command'
  /** The board knew the command and it failed ("execution error"). */
  | 'execution-error'
  /** Answers no longer match questions, and resynchronising did not help ("out of sync"). */
  | 'out-of-sync'
  /** No answer within the command timeout (1000 ms). */
  | 'timeout'
  /** The processor could not be stopped for flashing ("cannot switch into bootloader mode"). */
  | 'cannot-enter-bootloader'
  /** The new program is on the board but the board did not start it. */
  | 'not-started'
  /** A USB transfer failed ("USB error on device {0} ({1})"). */
  | 'usb-error'
  /** Another tab or program holds the board, or no board answers ("Device in use or not found."). */
  | 'device-locked'
  /** No board is plugged in or paired ("Device not found."); the help is "repair bootloader". */
  | 'device-not-found'
  /** The learner closed the browser's chooser without picking a board. */
  | 'no-device-selected'
  /** The cable came out and the board did not come back. */
  | 'disconnected'
  /** This browser or computer cannot use WebUSB or Web Bluetooth. */
  | 'unavailable'
  /** The file is not something this board can be flashed with ("Invalid file"). */
  | 'invalid-file'
  /** Bluetooth cannot change the firmware; USB must ("USB flashing required"). */
  | 'usb-flash-required'
  /** Bluetooth partial flashing stalled ("failed packet transfer"). */
  | 'failed-packet-transfer'
  /** The board's flash did not match the file after every repair. */
  | 'verify-failed'
  /** Someone pressed Cancel, or the page went away. */
  | 'cancelled';

/** Why WebUSB is not available (spec 001 §8). */
export type UsbUnavailableReason = 'electron' | 'notimpl' | 'oldwindows' | 'security';

export class DeviceError extends Error {
  override readonly name = 'DeviceError';
  constructor(
    readonly code: DeviceErrorCode,
    message: string,
    readonly details: { reason?: UsbUnavailableReason; cause?: unknown; recoverable?: boolean } = {},
  ) {
    super(message);
  }

  /** Worth reconnecting and trying again (a timeout, a lost answer, a cable that came out). */
  get recoverable(): boolean {
    if (this.details.recoverable !== undefined) return this.details.recoverable;
    return (
      this.code === 'timeout' ||
      this.code === 'out-of-sync' ||
      this.code === 'disconnected' ||
      this.code === 'usb-error'
    );
  }
}

export function isDeviceError(error: unknown): error is DeviceError {
  return error instanceof DeviceError;
}

/** The spec's texts. */
export const SPEC_MESSAGES = {
  invalidCommand: 'invalid command',
  executionError: 'execution error',
  outOfSync: 'out of sync',
  bootloader: 'cannot switch into bootloader mode',
  usbError: (device: string, detail: string) => `USB error on device ${device} (${detail})`,
  deviceLocked: 'Device in use or not found.',
  deviceNotFound: 'Device not found.',
  invalidFile: 'Invalid file',
  usbFlashRequired: 'USB flashing required',
  failedPacketTransfer: 'failed packet transfer',
} as const;
