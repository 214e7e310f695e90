// The block editor's Blockly themes, matching the app's design tokens: a calm light theme with
// the categories' own colours, and a high-contrast theme (black workspace, blocks darkened until
// white text on them reaches 7:1, white outlines, yellow-cyan focus as in the app's tokens).
// Themes are built per environment from the colours its blocks use; nothing is registered
// globally.

import * as Blockly from 'blockly/core';
import { contrastRatio, mixColour, normalizeColour, styleName } from '../environment/block-styles.ts';

export type BlocksThemeName = 'light' | 'high-contrast';

const FONT_FAMILY = "'Nunito Variable', 'Nunito', system-ui, sans-serif";

/** Darkens a colour just enough for white text on it to reach `ratio`. */
function darkenForContrast(colour: string, ratio: number): string {
  let result = normalizeColour(colour);
  for (let step = 1; step <= 20 && contrastRatio(result, '#ffffff') < ratio; step++) {
    result = mixColour(colour, '#000000', step * 0.05);
  }
  return result;
}

function blockStyle(colour: string, theme: BlocksThemeName, hat: boolean): Blockly.Theme.BlockStyle {
  const cap = hat ? 'cap' : '';
  if (theme === 'high-contrast') {
    const primary = darkenForContrast(colour, 7);
    return {
      colourPrimary: primary,
      colourSecondary: mixColour(primary, '#000000', 0.35),
      colourTertiary: '#ffffff',
      hat: cap,
    };
  }
  // The light theme keeps the category colour but makes sure white text on it stays readable.
  const primary = darkenForContrast(colour, 3);
  return {
    colourPrimary: primary,
    colourSecondary: mixColour(primary, '#ffffff', 0.35),
    colourTertiary: mixColour(primary, '#000000', 0.25),
    hat: cap,
  };
}

export function createBlocksTheme(name: BlocksThemeName, colours: Iterable<string>): Blockly.Theme {
  const styles: Record<string, Blockly.Theme.BlockStyle> = {};
  for (const colour of colours) {
    styles[styleName(colour)] = blockStyle(colour, name, false);
    styles[styleName(colour, true)] = blockStyle(colour, name, true);
  }
  const components: Blockly.Theme.ComponentStyle =
    name === 'high-contrast'
      ? {
          workspaceBackgroundColour: '#000000',
          toolboxBackgroundColour: '#000000',
          toolboxForegroundColour: '#ffffff',
          flyoutBackgroundColour: '#1a1a1a',
          flyoutForegroundColour: '#ffffff',
          flyoutOpacity: 1,
          scrollbarColour: '#ffffff',
          scrollbarOpacity: 0.8,
          insertionMarkerColour: '#ffffff',
          insertionMarkerOpacity: 0.5,
          cursorColour: '#00e5ff',
          selectedGlowColour: '#00e5ff',
          markerColour: '#ffff00',
        }
      : {
          workspaceBackgroundColour: '#f6f7fb',
          toolboxBackgroundColour: '#ffffff',
          toolboxForegroundColour: '#1d2433',
          flyoutBackgroundColour: '#e9ecf5',
          flyoutForegroundColour: '#1d2433',
          flyoutOpacity: 1,
          scrollbarColour: '#9aa3b8',
          scrollbarOpacity: 0.6,
          insertionMarkerColour: '#000000',
          insertionMarkerOpacity: 0.2,
          cursorColour: '#ff9f1c',
          selectedGlowColour: '#ff9f1c',
          markerColour: '#3454d1',
        };
  const theme = new Blockly.Theme(`blockyard-${name}`, styles, {}, components);
  theme.setFontStyle({ family: FONT_FAMILY, weight: '700', size: 12 });
  theme.setStartHats(false);
  return theme;
}
