// @blockyard/device: real micro:bit boards over WebUSB (CMSIS-DAP through DAPLink), flashing that
// checks its work and recovers by itself, and the board's serial output. The emulated board is
// in `@blockyard/device/emulator`; Node-only test helpers in `@blockyard/device/testing`.
export type { FlashImage } from './flash/flash-image.ts';
export { flashImageFor } from './flash/flash-image.ts';
export type { DeviceErrorCode } from './device-error.ts';
export { DeviceError, isDeviceError, SPEC_MESSAGES } from './device-error.ts';
export { plainDeviceError } from './plain-words.ts';
export type { FlashProgress } from './flash/flash-progress.ts';
export type { DeviceInfo } from './usb/usb-board.ts';
export type { FlashOptions, FlashResult, UsbConnectionState } from './usb/usb-connection.ts';
export { UsbConnection } from './usb/usb-connection.ts';
export { usbUnavailableReason } from './usb/availability.ts';
export type { UsbLike } from './usb/webusb.ts';
export type { BluetoothLike } from './bluetooth/gatt-like.ts';
export { BluetoothBoard } from './bluetooth/bluetooth-board.ts';
