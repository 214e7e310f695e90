// A polite live region describing the LEDs ("LED display: heart shape"). It speaks a picture
// only once it has stayed for a moment, so scrolling text is not read out letter by letter.

import { useEffect, useState } from 'react';
import { type Translate, describeLeds } from './led-description.ts';

export const DESCRIPTION_SETTLE_MS = 250;

export function LedDescription(props: { leds: ArrayLike<number>; t: Translate; className?: string }) {
  const text = describeLeds(props.leds, props.t);
  const [spoken, setSpoken] = useState(text);
  useEffect(() => {
    if (text === spoken) return;
    const timer = setTimeout(() => setSpoken(text), DESCRIPTION_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, spoken]);
  return (
    <p className={props.className} role="status" aria-live="polite" data-leds={text}>
      {spoken}
    </p>
  );
}
