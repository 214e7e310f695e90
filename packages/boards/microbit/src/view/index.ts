// The micro:bit board view (React + SVG), a separate entry (`@blockyard/board-microbit/view`)
// so headless users of the board (CLI, tests) never load React.
export { MicrobitBoard } from './MicrobitBoard.tsx';
export type { BoardButton, MicrobitBoardProps } from './MicrobitBoard.tsx';
export { SensorControls } from './SensorControls.tsx';
export type { GestureChoice, SensorControlsProps, SensorKey, SensorUsage } from './SensorControls.tsx';
export { DESCRIPTION_SETTLE_MS, LedDescription } from './LedDescription.tsx';
export { describeLeds, ledPattern } from './led-description.ts';
export type { LedPattern, Translate } from './led-description.ts';
export { BOARD_THEME_NAMES, BOARD_THEMES, HIGH_CONTRAST_BOARD, boardColours } from './board-themes.ts';
export type { BoardColours, BoardThemeName } from './board-themes.ts';
export { BOARD_ASPECT, BOARD_HEIGHT, BOARD_WIDTH, EDGE_PADS, ledCentre } from './board-geometry.ts';
export type { EdgePad } from './board-geometry.ts';
export { LedStrip, STRIP_ROW } from './LedStrip.tsx';
export type { LedStripProps } from './LedStrip.tsx';
export { describeStripColour, describeStripLeds, hexColour, stripColourName } from './strip-description.ts';
export type { StripColourName } from './strip-description.ts';
