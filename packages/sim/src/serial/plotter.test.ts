import { describe, expect, it } from 'vitest';
import { Plotter, csvCell, parsePlotLine } from './plotter.ts';

describe('parsePlotLine', () => {
  it.each([
    ['x:5', [['x', 5]]],
    ['temperature: 21.5', [['temperature', 21.5]]],
    [
      'x:1,y:-2',
      [
        ['x', 1],
        ['y', -2],
      ],
    ],
    ['42', [['#1', 42]]],
    [
      '1,2,3',
      [
        ['#1', 1],
        ['#2', 2],
        ['#3', 3],
      ],
    ],
    ['a:b:3', [['a:b', 3]]],
    ['1e3', [['#1', 1000]]],
  ])('%s charts %j', (line, expected) => {
    expect(parsePlotLine(line)).toEqual(expected);
  });

  it.each(['hello', 'x:', ':5', 'x:five', '1,two', '', 'score 5'])('%j is not charted', (line) => {
    expect(parsePlotLine(line)).toEqual([]);
  });
});

describe('Plotter', () => {
  it('charts values by name and board, with times from the first line in seconds', () => {
    const plotter = new Plotter();
    plotter.addLine(1, 1000, 'x:1');
    plotter.addLine(1, 1500, 'x:3');
    plotter.addLine(2, 2000, 'x:10');
    const snapshot = plotter.getSnapshot();
    expect(snapshot.series.map((s) => [s.key, s.points])).toEqual([
      [
        '1:x',
        [
          { t: 0, value: 1 },
          { t: 0.5, value: 3 },
        ],
      ],
      ['2:x', [{ t: 1, value: 10 }]],
    ]);
    expect(snapshot.series[0]).toMatchObject({ min: 1, max: 3, last: 3 });
    expect(snapshot.end).toBe(1);
  });

  it('keeps a rolling window for the chart but every row for the CSV', () => {
    const plotter = new Plotter(5);
    for (let i = 0; i < 20; i++) plotter.addLine(1, i * 100, `v:${i}`);
    const series = plotter.getSnapshot().series[0]!;
    expect(series.points.map((p) => p.value)).toEqual([15, 16, 17, 18, 19]);
    expect(plotter.getSnapshot().rows).toBe(20);
    expect(plotter.csv().trim().split('\r\n')).toHaveLength(21);
  });

  it('exports CSV with a column per series and empty cells where a line lacks one', () => {
    const plotter = new Plotter();
    plotter.addLine(1, 0, 'x:1,y:2');
    plotter.addLine(1, 250, 'x:3');
    plotter.addLine(1, 500, 'hello');
    expect(plotter.csv()).toBe('time (s),x,y\r\n0.000,1,2\r\n0.250,3,\r\n');
  });

  it('names columns by board when several boards chart', () => {
    const plotter = new Plotter();
    plotter.addLine(1, 0, 'x:1');
    plotter.addLine(2, 0, 'x:2');
    expect(plotter.csv().split('\r\n')[0]).toBe('time (s),x (board 1),x (board 2)');
  });

  it('quotes cells that need it', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
  });
});
