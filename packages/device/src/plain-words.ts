// What went wrong with a board, in plain English, for the command line (`blockyard flash`). The
// editor has its own translated texts (apps/web/src/device/board-help.ts); these say the same
// things in one line: what happened, then what to do, then the spec's own text in brackets.

import type { DeviceError, DeviceErrorCode } from './device-error.ts';

const PLAIN: Readonly<Record<DeviceErrorCode, string>> = {
  'device-locked':
    'Another tab or program is using the micro:bit. Close other tabs or apps that use a micro:bit (another editor, MakeCode), then try again.',
  'device-not-found':
    'No micro:bit was found. Check that the USB cable is plugged in at both ends (some cables only charge), unplug the board and plug it back in, and if it is still not found update its firmware (microbit.org shows how).',
  disconnected:
    'The cable came out while sending and the micro:bit did not come back. Plug it back in and flash again: it never runs half a program.',
  timeout: 'The micro:bit stopped answering. Unplug it, plug it back in and try again.',
  'out-of-sync': 'The micro:bit stopped answering. Unplug it, plug it back in and try again.',
  'usb-error': 'The USB connection to the micro:bit failed. Unplug it, plug it back in and try again.',
  'execution-error': 'The micro:bit could not do what it was asked. Unplug it, plug it back in and try again.',
  'invalid-command':
    'The micro:bit did not understand a command: its firmware may be too old. Update it (microbit.org shows how) or copy the file onto the MICROBIT drive instead.',
  'verify-failed':
    'The program did not arrive whole after several tries. Unplug the micro:bit, plug it back in and try again.',
  'failed-packet-transfer':
    'Sending over Bluetooth stalled. Move the micro:bit closer and try again, or flash it over USB.',
  'cannot-enter-bootloader':
    'The micro:bit could not be stopped to take the new program. Press its reset button, or unplug it and plug it back in, then try again.',
  'not-started':
    'Your program is on the micro:bit but did not start. Press the reset button on its back, or unplug it and plug it back in.',
  'invalid-file': 'This file cannot go on this micro:bit.',
  'usb-flash-required':
    'This program needs newer firmware on the micro:bit than Bluetooth can send. Flash it over USB once.',
  unavailable: 'This computer cannot talk to a micro:bit over USB here. Copy the file onto the MICROBIT drive instead.',
  'no-device-selected': 'No micro:bit was chosen.',
  cancelled: 'Flashing was stopped before it finished; the micro:bit never runs half a program.',
};

/** One line for a learner: what happened and what to do, then the technical text in brackets. */
export function plainDeviceError(error: DeviceError): string {
  const plain = PLAIN[error.code];
  // The technical text says which line of a file is broken, which board it is for, …
  return error.message ? `${plain} (${error.message})` : plain;
}
