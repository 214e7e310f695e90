// The emulated micro:bit, for tests, the e2e page flag device=emulated and `blockyard flash
// --emulated`: a navigator.usb-shaped board speaking CMSIS-DAP/DAPLink down to the nRF's flash
// controller, and a GATT-level Bluetooth partial flashing service.
export type { ApplicationContext, ApplicationFactory, RunningApplication } from './application.ts';
export { countingApplication } from './application.ts';
export type { BoardVariant, EmulatedBoardFacts } from './board-facts.ts';
export { EMULATED_BOARD_FACTS } from './board-facts.ts';
export type { EmulatedBoardOptions } from './emulated-board.ts';
export { EmulatedBoard } from './emulated-board.ts';
export type { UsbTraffic } from './emulated-usb.ts';
export { EmulatedUsb, EmulatedUsbDevice } from './emulated-usb.ts';
export type { FaultKind, FaultSpec } from './faults.ts';
export type { FaultTarget } from './faults.ts';
export { armFault, FAULT_KINDS, FaultSpecError, LATE_RESPONSE_MS, parseFaultSpec, REPLUG_AFTER_MS } from './faults.ts';
export type { DemoImages } from './demo-images.ts';
export { buildDemoImages, demoProgramObject, factorySegments } from './demo-images.ts';
export type { ProgramCheck } from './program-check.ts';
export { checkProgram } from './program-check.ts';
export type { BluetoothFault } from './emulated-bluetooth.ts';
export { EMULATED_BLE_TIMING } from './ble-timing.ts';
export { EmulatedBluetooth, EmulatedBluetoothDevice } from './emulated-bluetooth.ts';
