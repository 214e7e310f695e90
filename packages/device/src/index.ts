// @blockyard/device: real micro:bit boards over WebUSB (CMSIS-DAP through DAPLink), flashing that
// checks its work and recovers by itself, and the board's serial output. The emulated board is
// in `@blockyard/device/emulator`; Node-only test helpers in `@blockyard/device/testing`.
export type { BoardVariant, FlashImage } from './flash/flash-image.ts';
export { flashImageFor } from './flash/flash-image.ts';
export type { DeviceErrorCode, UsbUnavailableReason } from './device-error.ts';
export { DeviceError, isDeviceError, SPEC_MESSAGES } from './device-error.ts';
export { plainDeviceError } from './plain-words.ts';
export type { FlashProgress, FlashStage, ProgressListener, RecoveryReason } from './flash/flash-progress.ts';
export type { FlashMode } from './flash/flash-plan.ts';
export type { FlashOutcome } from './flash/usb-flasher.ts';
export type { DeviceInfo } from './usb/usb-board.ts';
export type {
  BoardMode,
  FlashOptions,
  FlashResult,
  UsbConnectionOptions,
  UsbConnectionState,
  UsbState,
} from './usb/usb-connection.ts';
export { UsbConnection } from './usb/usb-connection.ts';
export type { UsbEnvironment } from './usb/availability.ts';
export { usbUnavailableReason } from './usb/availability.ts';
export type { UsbDeviceLike, UsbLike } from './usb/webusb.ts';
export { MICROBIT_USB_FILTERS } from './usb/webusb.ts';
export type {
  BluetoothConnectionOptions,
  BluetoothFlashProgress,
  BluetoothFlashResult,
  BluetoothLinkState,
  PartialFlashState,
} from './bluetooth/bluetooth-connection.ts';
export { BLUETOOTH_TIMING, BluetoothConnection } from './bluetooth/bluetooth-connection.ts';
export type { BluetoothDeviceLike, BluetoothLike } from './bluetooth/gatt-like.ts';
export { PARTIAL_FLASH_CHARACTERISTIC, PARTIAL_FLASH_SERVICE } from './bluetooth/partial-flash-packets.ts';
export type { BluetoothBoardOptions } from './bluetooth/bluetooth-board.ts';
export { BluetoothBoard, bluetoothProgress } from './bluetooth/bluetooth-board.ts';
