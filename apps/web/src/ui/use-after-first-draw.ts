// A page's first frame should hold what the learner acts on first. Parts further down (the home
// page's tutorial and example cards: about 850 of its 1,000 elements, most of its translations)
// can follow: React draws them in a transition after the first commit, in small slices the
// browser paints between, so "New project" is on screen without waiting for them (bench
// first-minute, the home page's first render and layout).
import { startTransition, useEffect, useState } from 'react';

/** False on the first render, true right after it (as a transition, which a press interrupts). */
export function useAfterFirstDraw(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  return drawn;
}
