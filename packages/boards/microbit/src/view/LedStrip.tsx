// An RGB LED strip drawn beside the board: one round light per LED in the colour the program
// sent (rows of eight), and the same colours in words in a list screen readers can walk. Colours
// are SVG attributes, as on the board, so screenshots keep them; in high contrast every LED has a
// white ring so an LED that is off still shows where it is.

import { useId } from 'react';
import { type Translate } from './led-description.ts';
import { describeStripLeds, hexColour } from './strip-description.ts';

export const STRIP_ROW = 8;
const PITCH = 28;
const RADIUS = 10;

export interface LedStripProps {
  /** The edge pin the strip is on (0 for P0). */
  pin: number;
  /** Each LED's colour as 0xRRGGBB. */
  colours: readonly number[];
  highContrast: boolean;
  t: Translate;
  className?: string;
}

export function LedStrip({ pin, colours, highContrast, t, className }: LedStripProps) {
  const columns = Math.max(1, Math.min(STRIP_ROW, colours.length));
  const rows = Math.max(1, Math.ceil(colours.length / STRIP_ROW));
  const width = columns * PITCH + 8;
  const height = rows * PITCH + 8;
  const title = t('sim.strip.title', { pin, count: colours.length });
  const lines = describeStripLeds(colours, t);
  const captionId = useId();
  return (
    <figure className={className} data-strip-pin={pin} aria-labelledby={captionId}>
      <figcaption id={captionId}>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} aria-hidden="true" focusable="false">
        <rect
          x={1}
          y={1}
          width={width - 2}
          height={height - 2}
          rx={8}
          fill={highContrast ? '#000000' : '#1d1d1f'}
          stroke={highContrast ? '#ffffff' : '#4a4a4f'}
          strokeWidth={2}
        />
        {colours.map((rgb, i) => {
          const lit = (rgb & 0xffffff) !== 0;
          return (
            <circle
              key={i}
              data-led={i}
              data-colour={hexColour(rgb)}
              cx={4 + (i % STRIP_ROW) * PITCH + PITCH / 2}
              cy={4 + Math.floor(i / STRIP_ROW) * PITCH + PITCH / 2}
              r={RADIUS}
              fill={lit ? hexColour(rgb) : highContrast ? '#1f1f1f' : '#3a3434'}
              stroke={highContrast ? '#ffffff' : 'none'}
              strokeWidth={highContrast ? 2 : 0}
            />
          );
        })}
      </svg>
      <ol className="visually-hidden">
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </figure>
  );
}
