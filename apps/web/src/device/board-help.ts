// What a learner reads when sending a program to the board goes wrong: a plain title, the steps
// that fix it, and which ways out to offer (try again, save the file instead). Keys into the
// translations under "board.help"; the spec's own text stays available as the detail. Over
// Bluetooth the same errors mean other things (no cable to replug, a board out of reach, a board
// that needs one USB flash first), so they have their own topics.

import type { DeviceError, DeviceErrorCode } from '@blockyard/device';
import type { BoardTransport } from './board-link.ts';

/** Recognised by shape, so the editor does not load the device package before a board is used. */
function isDeviceError(error: unknown): error is DeviceError {
  return error instanceof Error && error.name === 'DeviceError' && 'code' in error && 'details' in error;
}

type HelpTopic =
  | 'inUse'
  | 'notFound'
  | 'unplugged'
  | 'noAnswer'
  | 'notStarted'
  | 'wrongFile'
  | 'noWebUsb'
  | 'oldWindows'
  | 'failed'
  | 'noBluetooth'
  | 'bleNoAnswer'
  | 'bleLost'
  | 'usbFirst';

export interface BoardHelp {
  topic: HelpTopic;
  /** Translation keys of the steps, in order. */
  steps: string[];
  /** Offer "Try again" (connecting or flashing again may work). */
  retry: boolean;
  /** Offer saving the .hex file instead (dragging it to the MICROBIT drive always works). */
  saveFile: boolean;
  /** The technical text, for a teacher or a bug report. */
  detail: string | undefined;
}

const TOPICS: Readonly<Record<DeviceErrorCode, HelpTopic | null>> = {
  'device-locked': 'inUse',
  'device-not-found': 'notFound',
  disconnected: 'unplugged',
  timeout: 'noAnswer',
  'out-of-sync': 'noAnswer',
  'usb-error': 'noAnswer',
  'execution-error': 'noAnswer',
  'verify-failed': 'noAnswer',
  'failed-packet-transfer': 'noAnswer',
  'cannot-enter-bootloader': 'notStarted',
  'not-started': 'notStarted',
  'invalid-file': 'wrongFile',
  'usb-flash-required': 'wrongFile',
  unavailable: 'noWebUsb',
  // The learner chose to stop: nothing to explain.
  'no-device-selected': null,
  cancelled: null,
  'invalid-command': 'failed',
};

/** Over Bluetooth, where the topic differs from USB's. */
const BLUETOOTH_TOPICS: Partial<Record<DeviceErrorCode, HelpTopic>> = {
  unavailable: 'noBluetooth',
  'device-not-found': 'bleNoAnswer',
  timeout: 'bleNoAnswer',
  'out-of-sync': 'bleLost',
  disconnected: 'bleLost',
  'failed-packet-transfer': 'bleLost',
  'usb-flash-required': 'usbFirst',
  'device-locked': 'failed',
};

const STEPS: Readonly<Record<HelpTopic, string[]>> = {
  inUse: ['closeOthers', 'replug', 'tryAgain'],
  notFound: ['checkCable', 'replug', 'updateFirmware'],
  unplugged: ['plugBackIn', 'nothingHalf', 'tryAgain'],
  noAnswer: ['replug', 'tryAgain'],
  notStarted: ['pressReset', 'replug'],
  wrongFile: ['otherBoard', 'saveInstead'],
  noWebUsb: ['useChrome', 'saveInstead'],
  oldWindows: ['newerWindows', 'saveInstead'],
  failed: ['replug', 'tryAgain', 'saveInstead'],
  noBluetooth: ['useChromeBluetooth', 'useCable'],
  // A micro:bit takes one Bluetooth connection: held by a phone or another tab, it is not found.
  bleNoAnswer: ['pairingMode', 'closeOthersBluetooth', 'moveCloser', 'tryAgain'],
  bleLost: ['moveCloser', 'checkPower', 'nothingHalf', 'tryAgain'],
  usbFirst: ['usbOnce', 'thenBluetooth'],
};

/** Over Bluetooth, where a shared topic's steps would speak of a cable that is not there. */
const BLUETOOTH_STEPS: Partial<Record<HelpTopic, string[]>> = {
  failed: ['checkPower', 'moveCloser', 'tryAgain', 'saveInstead'],
  noAnswer: ['checkPower', 'moveCloser', 'tryAgain'],
  notStarted: ['pressReset', 'checkPower'],
};

/** Topics where trying the same again cannot help. */
const NO_RETRY = new Set<HelpTopic>(['noWebUsb', 'oldWindows', 'wrongFile', 'noBluetooth', 'usbFirst']);

/** Help for a failure, or null when there is nothing to say (the learner cancelled). */
export function boardHelp(error: unknown, transport: BoardTransport = 'usb'): BoardHelp | null {
  const steps = (topic: HelpTopic) => (transport === 'bluetooth' ? BLUETOOTH_STEPS[topic] : undefined) ?? STEPS[topic];
  if (!isDeviceError(error)) {
    const detail = error instanceof Error ? error.message : String(error);
    return { topic: 'failed', steps: steps('failed'), retry: true, saveFile: true, detail };
  }
  let topic = TOPICS[error.code];
  if (topic === null) return null;
  if (transport === 'bluetooth') topic = BLUETOOTH_TOPICS[error.code] ?? topic;
  else if (topic === 'noWebUsb' && error.details.reason === 'oldwindows') topic = 'oldWindows';
  return { topic, steps: steps(topic), retry: !NO_RETRY.has(topic), saveFile: true, detail: error.message };
}
