// Public surface of @blockyard/board-microbit: named exports only.
export { createMicrobitCompiler } from './compiler.ts';
export { microbitLibraryFiles } from './generated/api-library.ts';
export { Board, boardStateKeys, checkBoardState, gestureNames } from './board/board.ts';
export type { ButtonName } from './state/buttons.ts';
export { defaultSensorValues } from './state/sensors.ts';
export type { SensorValues } from './state/sensors.ts';
export type { TouchTargetName } from './state/touch-sensors.ts';
export type { RadioPayload } from './state/radio-medium.ts';
export { bufferPayload, numberPayload, packetJson, stringPayload, valuePayload } from './api/radio-packet.ts';
export { LedImage } from './images/led-image.ts';
export { arrowImage, iconImage } from './images/icons.ts';
export { runHeadless } from './headless/run-headless.ts';
export type { ScriptedPress, ScriptedSerialInput, ScriptedSetting } from './headless/run-headless.ts';
