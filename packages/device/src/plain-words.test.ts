import { describe, expect, it } from 'vitest';
import { DeviceError, SPEC_MESSAGES, type DeviceErrorCode } from './device-error.ts';
import { plainDeviceError } from './plain-words.ts';

const CODES: DeviceErrorCode[] = [
  'invalid-command',
  'execution-error',
  'out-of-sync',
  'timeout',
  'cannot-enter-bootloader',
  'not-started',
  'usb-error',
  'device-locked',
  'device-not-found',
  'no-device-selected',
  'disconnected',
  'unavailable',
  'invalid-file',
  'usb-flash-required',
  'failed-packet-transfer',
  'verify-failed',
  'cancelled',
];

describe('plainDeviceError', () => {
  it.each(CODES)('%s: a sentence for the learner, then the technical text in brackets', (code) => {
    const text = plainDeviceError(new DeviceError(code, 'the detail'));
    expect(text).toMatch(/^[A-Z].+[.!] \(the detail\)$/);
  });

  it('says what to do when another tab holds the board, with the spec text', () => {
    expect(plainDeviceError(new DeviceError('device-locked', SPEC_MESSAGES.deviceLocked))).toBe(
      'Another tab or program is using the micro:bit. Close other tabs or apps that use a micro:bit (another editor, MakeCode), then try again. (Device in use or not found.)',
    );
  });

  it('leaves the brackets out when there is no technical text', () => {
    expect(plainDeviceError(new DeviceError('cancelled', ''))).not.toContain('(');
  });
});
