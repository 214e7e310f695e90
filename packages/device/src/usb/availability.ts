// Whether this browser can reach a board over WebUSB, and if not, why (spec 001 §8: electron,
// notimpl, oldwindows, security). Windows before 8.1 (NT 6.3) needs signed drivers WebUSB
// cannot use (spec 001 §9); a frame without permission to use USB throws on getDevices.

import type { UsbUnavailableReason } from '../device-error.ts';
import type { UsbLike } from './webusb.ts';

export interface UsbEnvironment {
  usb: UsbLike | null | undefined;
  userAgent: string;
}

export async function usbUnavailableReason(environment: UsbEnvironment): Promise<UsbUnavailableReason | null> {
  if (/\bElectron\//.test(environment.userAgent)) return 'electron';
  const usb = environment.usb;
  if (!usb) return 'notimpl';
  const windows = /Windows NT (\d+\.\d+)/.exec(environment.userAgent);
  if (windows && parseFloat(windows[1]!) < 6.3) return 'oldwindows';
  try {
    await usb.getDevices();
  } catch {
    return 'security';
  }
  return null;
}
