// The serial plotter's model: numbers in serial lines become time series. A line is a list of
// comma-separated items, each `name:value` (what serial.writeValue writes, "x:5") or a bare
// number (serial.writeNumber/writeNumbers: the n-th number of a line is series "#n"). Lines with
// anything else are not charted. Points are kept per series in a rolling window for the chart;
// every row is kept (up to a cap) for the CSV export.

const PLOT_WINDOW_POINTS = 600;
const MAX_RECORDED_ROWS = 100_000;

interface PlotPoint {
  /** Seconds since the first charted line. */
  t: number;
  value: number;
}

interface PlotSeries {
  key: string;
  /** The name in the line ("x"), or "#1" for the first bare number. */
  name: string;
  board: number;
  points: readonly PlotPoint[];
  min: number;
  max: number;
  last: number;
}

export interface PlotSnapshot {
  readonly series: readonly PlotSeries[];
  /** Seconds covered by the chart window: [start, end]. */
  readonly start: number;
  readonly end: number;
  readonly rows: number;
}

interface Row {
  t: number;
  board: number;
  values: Map<string, number>;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** The (name, value) pairs of one serial line, or [] when it has no chartable numbers. */
export function parsePlotLine(text: string): [string, number][] {
  const line = text.trim();
  if (line === '') return [];
  const items = line.split(',');
  const out: [string, number][] = [];
  let bare = 0;
  for (const raw of items) {
    const item = raw.trim();
    const colon = item.lastIndexOf(':');
    if (colon > 0) {
      const name = item.slice(0, colon).trim();
      const value = item.slice(colon + 1).trim();
      if (name === '' || !NUMBER.test(value)) return [];
      out.push([name, Number(value)]);
    } else if (NUMBER.test(item)) {
      bare++;
      out.push([`#${bare}`, Number(item)]);
    } else return [];
  }
  return out;
}

class Series {
  points: PlotPoint[] = [];
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  last = 0;
  constructor(
    readonly key: string,
    readonly name: string,
    readonly board: number,
  ) {}
}

export class Plotter {
  private readonly series = new Map<string, Series>();
  private rows: Row[] = [];
  private origin: number | undefined;
  private snapshot: PlotSnapshot = { series: [], start: 0, end: 0, rows: 0 };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly windowPoints = PLOT_WINDOW_POINTS) {}

  /** A completed serial line from `board` at `timeMs` (the frame's clock). True when charted. */
  addLine(board: number, timeMs: number, text: string): boolean {
    const pairs = parsePlotLine(text);
    if (pairs.length === 0) return false;
    this.origin ??= timeMs;
    const t = Math.max(0, (timeMs - this.origin) / 1000);
    const row: Row = { t, board, values: new Map() };
    for (const [name, value] of pairs) {
      const key = `${board}:${name}`;
      let series = this.series.get(key);
      if (!series) {
        series = new Series(key, name, board);
        this.series.set(key, series);
      }
      series.points.push({ t, value });
      if (series.points.length > this.windowPoints) series.points.splice(0, series.points.length - this.windowPoints);
      series.min = Math.min(series.min, value);
      series.max = Math.max(series.max, value);
      series.last = value;
      row.values.set(key, value);
    }
    this.rows.push(row);
    if (this.rows.length > MAX_RECORDED_ROWS) this.rows.splice(0, this.rows.length - MAX_RECORDED_ROWS);
    this.publish();
    return true;
  }

  clear(): void {
    this.series.clear();
    this.rows = [];
    this.origin = undefined;
    this.publish();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSnapshot(): PlotSnapshot {
    return this.snapshot;
  }

  /**
   * Every recorded row as CSV: a time column in seconds, then one column per series (named
   * "name" with one board, "name (board n)" with several); cells are empty where a line did
   * not carry that series.
   */
  csv(): string {
    const keys = [...this.series.keys()];
    const several = new Set([...this.series.values()].map((s) => s.board)).size > 1;
    const header = [
      'time (s)',
      ...keys.map((key) => {
        const series = this.series.get(key)!;
        return several ? `${series.name} (board ${series.board})` : series.name;
      }),
    ];
    const lines = [header.map(csvCell).join(',')];
    for (const row of this.rows) {
      lines.push(
        [row.t.toFixed(3), ...keys.map((key) => (row.values.has(key) ? String(row.values.get(key)) : ''))].join(','),
      );
    }
    return `${lines.join('\r\n')}\r\n`;
  }

  private publish(): void {
    const series = [...this.series.values()].map((s) => ({
      key: s.key,
      name: s.name,
      board: s.board,
      points: [...s.points],
      min: s.min,
      max: s.max,
      last: s.last,
    }));
    const starts = series.map((s) => s.points[0]?.t ?? 0);
    const ends = series.map((s) => s.points.at(-1)?.t ?? 0);
    this.snapshot = {
      series,
      start: starts.length ? Math.min(...starts) : 0,
      end: ends.length ? Math.max(...ends) : 0,
      rows: this.rows.length,
    };
    for (const listener of this.listeners) listener();
  }
}

/** A CSV cell: quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
