import { describe, expect, it } from 'vitest';
import { run, start } from '../test/programs.ts';

describe('serial', () => {
  it('pads lines to 32 bytes, ends them with \\r\\n, and batches at most every 200 ms', () => {
    const t = start('serial.writeLine("one")\nserial.writeLine("two")\nserial.writeLine("three")');
    t.advance(1000);
    expect(t.batches).toEqual([
      `0 ${JSON.stringify('one' + ' '.repeat(27) + '\r\n')}`,
      `200 ${JSON.stringify('two' + ' '.repeat(27) + '\r\nthree' + ' '.repeat(25) + '\r\n')}`,
    ]);
  });

  it('holds short text until a newline or more than 16 characters arrive', () => {
    const t = start(`serial.writeString("abc")
      basic.pause(500)
      serial.writeString("defghijklmnopq")
      basic.pause(500)
      serial.writeNumber(7)`);
    t.advance(400);
    expect(t.batches).toEqual([]);
    t.advance(200);
    expect(t.batches).toEqual(['500 "abcdefghijklmnopq"']);
    t.advance(1000);
    expect(t.board.serial.pending).toBe('7');
  });

  it('writes values, numbers and lists the way the data viewer reads them', () => {
    const result = run(`serial.setWriteLinePadding(0)
      serial.writeValue("x", 5)
      serial.writeNumbers([1, 2.5, -3])
      serial.writeNumber(42)
      serial.writeString(" end")
      serial.writeLine("")
      console.log("log " + 1)
      console.logValue("y", 2)`);
    expect(result.lines.map((l) => l.slice(l.indexOf(' ') + 1))).toEqual([
      'x:5',
      '1,2.5,-3',
      '42 end',
      'log 1',
      'y: 2',
    ]);
    // The first line goes at once; everything written while the 200 ms wait runs goes in one batch.
    expect(result.lines.map((l) => Number(l.split(' ')[0]))).toEqual([0, 200, 200, 200, 200]);
  });
});
