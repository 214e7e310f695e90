// Colours of the board drawing: the four simulator themes (spec 002 §9: blue, red, green,
// yellow) and a high-contrast scheme. Plain values, so a screenshot of the SVG needs no CSS.

export type BoardThemeName = 'blue' | 'red' | 'green' | 'yellow';
export const BOARD_THEME_NAMES: readonly BoardThemeName[] = ['blue', 'red', 'green', 'yellow'];

export interface BoardColours {
  body: string;
  bodyEdge: string;
  /** Labels printed on the board. */
  ink: string;
  housing: string;
  cap: string;
  capEdge: string;
  capPressed: string;
  pad: string;
  padTouched: string;
  padInk: string;
  ledOff: string;
  ledOn: string;
  ledEdge: string;
  focus: string;
  outline: number;
}

const shared = {
  housing: '#2b2b2b',
  cap: '#1a1a1a',
  capEdge: '#000000',
  capPressed: '#f2c500',
  pad: '#d9ad4b',
  padTouched: '#f2c500',
  padInk: '#3d2e09',
  ledOff: '#3a3434',
  ledOn: '#ff3b30',
  ledEdge: 'none',
  focus: '#ffffff',
  outline: 2,
};

export const BOARD_THEMES: Readonly<Record<BoardThemeName, BoardColours>> = {
  blue: { ...shared, body: '#2f6fd6', bodyEdge: '#1d4ea3', ink: '#ffffff' },
  red: { ...shared, body: '#d63c3c', bodyEdge: '#a32424', ink: '#ffffff' },
  green: { ...shared, body: '#22915a', bodyEdge: '#146b40', ink: '#ffffff' },
  yellow: { ...shared, body: '#f0b929', bodyEdge: '#b8860b', ink: '#2b2100', focus: '#2b2100' },
};

export const HIGH_CONTRAST_BOARD: BoardColours = {
  body: '#000000',
  bodyEdge: '#ffffff',
  ink: '#ffffff',
  housing: '#000000',
  cap: '#000000',
  capEdge: '#ffffff',
  capPressed: '#ffea00',
  pad: '#ffffff',
  padTouched: '#ffea00',
  padInk: '#000000',
  ledOff: '#1f1f1f',
  ledOn: '#ffea00',
  ledEdge: '#ffffff',
  focus: '#00e5ff',
  outline: 3,
};

export function boardColours(theme: BoardThemeName, highContrast: boolean): BoardColours {
  return highContrast ? HIGH_CONTRAST_BOARD : BOARD_THEMES[theme];
}
