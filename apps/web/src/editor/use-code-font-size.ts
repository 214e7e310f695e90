import { useState } from 'react';

const FONT_SIZES = [12, 14, 16, 18, 20, 24, 28, 32];
const DEFAULT_FONT = 2;

/** The code editor's text size in px, and the zoom buttons' steps through the sizes offered. */
export function useCodeFontSize() {
  const [index, setIndex] = useState(DEFAULT_FONT);
  return {
    fontSize: FONT_SIZES[index] ?? 16,
    bigger: () => setIndex((i) => Math.min(FONT_SIZES.length - 1, i + 1)),
    smaller: () => setIndex((i) => Math.max(0, i - 1)),
    reset: () => setIndex(DEFAULT_FONT),
  };
}
