import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, SerialConsole } from './serial-console.ts';

describe('SerialConsole', () => {
  it('joins batches split anywhere into lines, per board, without padding', () => {
    const console = new SerialConsole();
    const heard: string[] = [];
    console.onLine((line) => heard.push(`${line.board}:${line.text}`));
    console.push([
      { time: 0, data: 'hello wo', board: 1 },
      { time: 1, data: 'abc', board: 2 },
    ]);
    console.push([{ time: 200, data: 'rld                     \r\nx:1\r\n', board: 1 }]);
    expect(console.getSnapshot().lines.map((l) => l.text)).toEqual(['hello world', 'x:1']);
    expect(console.getSnapshot().open.get(2)).toBe('abc');
    expect(heard).toEqual(['1:hello world', '1:x:1']);
    console.push([{ time: 400, data: 'd\n', board: 2 }]);
    expect(console.text()).toBe('[board 1] hello world\n[board 1] x:1\n[board 2] abcd');
  });

  it('keeps the last lines only and counts the rest', () => {
    const console = new SerialConsole(3);
    console.push([{ time: 0, data: '1\n2\n3\n4\n5\n', board: 1 }]);
    expect(console.getSnapshot().lines.map((l) => l.text)).toEqual(['3', '4', '5']);
    expect(console.getSnapshot().dropped).toBe(2);
  });

  it('tells subscribers and clears', () => {
    const console = new SerialConsole();
    let calls = 0;
    console.subscribe(() => calls++);
    console.push([{ time: 0, data: 'a\n', board: 1 }]);
    const before = console.getSnapshot();
    console.clear();
    expect(calls).toBe(2);
    expect(console.getSnapshot()).not.toBe(before);
    expect(console.getSnapshot().lines).toEqual([]);
  });

  // Issue 21: 600 MB of serial text with no newline froze the editor (an unbounded open line,
  // re-split with every batch).
  it('keeps a line without newline bounded however much arrives, and cuts it', () => {
    const console = new SerialConsole();
    const megabyte = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 50; i++) console.push([{ time: i, data: megabyte, board: 1 }]);
    expect(console.getSnapshot().open.get(1)?.length).toBe(MAX_LINE_CHARS);
    console.push([{ time: 99, data: 'tail\nnext', board: 1 }]);
    const [line] = console.getSnapshot().lines;
    expect(line?.text.length).toBe(MAX_LINE_CHARS);
    expect(line?.cut).toBe(true);
    expect(console.getSnapshot().open.get(1)).toBe('next');
  });

  it('keeps only the newest lines of one huge batch', () => {
    const console = new SerialConsole(10);
    console.push([{ time: 0, data: 'a\n'.repeat(100_000), board: 1 }]);
    expect(console.getSnapshot().lines).toHaveLength(10);
    expect(console.getSnapshot().dropped).toBe(99_990);
  });

  it('says when output was left out', () => {
    const console = new SerialConsole();
    console.noteDropped(500);
    expect(console.getSnapshot().droppedChars).toBe(500);
    console.clear();
    expect(console.getSnapshot().droppedChars).toBe(0);
  });
});
