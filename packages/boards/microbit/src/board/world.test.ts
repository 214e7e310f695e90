import { describe, expect, it } from 'vitest';
import { compile } from '../test/programs.ts';
import { runHeadless } from '../headless/run-headless.ts';
import { World } from './world.ts';

describe('World', () => {
  it('runs one program on several boards that share a clock but not their state', () => {
    const result = runHeadless({
      program: compile(`input.onButtonPressed(Button.A, () => basic.showIcon(IconNames.Heart))
serial.writeValue("random", randint(1, 1000))`),
      boards: 2,
      presses: [{ button: 'A', at: 100, board: 2 }],
      timeMs: 1000,
    });
    expect(result.lines.map((l) => `${l.board} ${l.time}`)).toEqual(['1 0', '2 0']);
    // Different seeds per board: the dice differ, run after run the same.
    expect(result.lines[0]!.text).not.toBe(result.lines[1]!.text);
    expect(result.boards[0]!.leds.join('')).not.toContain('#');
    expect(result.boards[1]!.leds.join('')).toContain('#');
    const again = runHeadless({ program: compile('serial.writeValue("random", randint(1, 1000))'), boards: 2 });
    expect(again.lines.map((l) => l.text)).toEqual(result.lines.map((l) => l.text));
  });

  it('names boards from 1 and explains a missing one', () => {
    const world = new World({ boards: 2 });
    expect(world.board(2).id).toBe(2);
    expect(() => world.board(3)).toThrow('There is no board 3; this run has 2.');
  });

  it('rejects unknown board state names before running', () => {
    expect(() => runHeadless({ program: compile(''), settings: [{ key: 'colour', value: 1, at: 0 }] })).toThrow(
      /Unknown board state "colour". Valid names: lightLevel, compassHeading/,
    );
  });

  it('applies sensor settings at their time', () => {
    const world = runHeadless({
      program: compile(''),
      settings: [{ key: 'lightLevel', value: 200, at: 100 }],
      timeMs: 50,
    }).world;
    expect(world.boards[0]!.sensors.values.lightLevel).toBe(128);
    const later = runHeadless({ program: compile(''), settings: [{ key: 'temperature', value: 300, at: 10 }] }).world;
    expect(later.boards[0]!.sensors.values.temperature).toBe(125);
  });
});

describe('Board gestures and files', () => {
  it('raises a gesture event the program can listen to', () => {
    const world = new World();
    const board = world.boards[0]!;
    board.start(compile('control.inBackground(() => basic.pause(100000))'));
    const seen: number[] = [];
    board.runtime.bus.listen(13, 11, () => seen.push(board.gesture));
    board.performGesture(11);
    world.advance(0);
    expect(seen).toEqual([11]);
  });

  it('keeps files with append and remove', () => {
    const files = new World().boards[0]!.files;
    files.write('log.csv', 'a\n');
    files.append('log.csv', 'b\n');
    files.append('new.txt', 'x');
    expect(files.read('log.csv')).toBe('a\nb\n');
    expect(files.names()).toEqual(['log.csv', 'new.txt']);
    expect(files.remove('new.txt')).toBe(true);
    expect(files.remove('new.txt')).toBe(false);
    expect(files.read('new.txt')).toBeUndefined();
  });
});
