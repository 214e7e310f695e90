// The live chart of serial values: one line per series over the last seconds, with a legend of
// the latest values. SVG, so it scales with the pane.

import type { PlotSnapshot } from '@blockyard/sim';

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 24 };
/** The chart shows at least this many seconds, then scrolls. */
const MIN_SPAN_S = 10;
const SERIES_COLOURS = ['#3454d1', '#e0452b', '#1b8a5a', '#b7791f', '#8e6cef', '#0f8b9d', '#c2185b', '#5d6b82'];

function niceNumber(value: number): string {
  return Math.abs(value) >= 1000 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(2);
}

export function PlotChart({
  plot,
  label,
  several,
  boardName = String,
}: {
  plot: PlotSnapshot;
  label: string;
  several: boolean;
  /** How a board is named in the legend when several wrote (the simulator's number, or "micro:bit"). */
  boardName?: (board: number) => string;
}) {
  const end = Math.max(plot.end, MIN_SPAN_S);
  const start = end - Math.max(MIN_SPAN_S, Math.min(plot.end - plot.start, 60));
  const visible = plot.series.map((s) => s.points.filter((p) => p.t >= start));
  const values = visible.flat().map((p) => p.value);
  let low = values.length ? Math.min(...values) : 0;
  let high = values.length ? Math.max(...values) : 1;
  if (low === high) {
    low -= 1;
    high += 1;
  }
  const x = (t: number) => PAD.left + ((t - start) / (end - start)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - low) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const name = (i: number) => {
    const series = plot.series[i]!;
    return several ? `${series.name} (${boardName(series.board)})` : series.name;
  };
  const summary = plot.series.map((s, i) => `${name(i)} ${niceNumber(s.last)}`).join(', ');
  return (
    <figure className="sim-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${label}: ${summary}`}>
        <rect
          x={PAD.left}
          y={PAD.top}
          width={WIDTH - PAD.left - PAD.right}
          height={HEIGHT - PAD.top - PAD.bottom}
          className="sim-chart-area"
        />
        <text x={PAD.left - 6} y={PAD.top + 10} textAnchor="end" className="sim-chart-axis">
          {niceNumber(high)}
        </text>
        <text x={PAD.left - 6} y={HEIGHT - PAD.bottom} textAnchor="end" className="sim-chart-axis">
          {niceNumber(low)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="sim-chart-axis">
          {`${end.toFixed(0)} s`}
        </text>
        {visible.map((points, i) => (
          <polyline
            key={plot.series[i]!.key}
            data-series={plot.series[i]!.name}
            fill="none"
            stroke={SERIES_COLOURS[i % SERIES_COLOURS.length]}
            strokeWidth={2.5}
            strokeLinejoin="round"
            points={points.map((p) => `${x(p.t).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="sim-chart-legend">
        {plot.series.map((s, i) => (
          <span key={s.key} className="sim-chart-key">
            <span className="sim-chart-swatch" style={{ background: SERIES_COLOURS[i % SERIES_COLOURS.length] }} />
            {name(i)}: <strong>{niceNumber(s.last)}</strong>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
