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

describe('serial writing, the rest', () => {
  it('pads write numbers after the numbers, as the device does, and writes buffers byte by byte', () => {
    const t = start(`serial.writeNumbers([1, 2])
basic.pause(300)
let buffer = serial.readBuffer(0)
serial.writeBuffer(buffer)
serial.writeString("|")`);
    t.advance(0);
    expect(t.batches[0]).toBe(`0 ${JSON.stringify('1,2' + ' '.repeat(30) + '\r\n')}`);
    t.board.serial.input.receive('AB\n');
    t.advance(1000);
    t.board.serial.flush();
    expect(t.batches.slice(1)).toEqual([`300 ${JSON.stringify('AB\n')}`, '1000 "|"']);
  });

  it('keeps writing to the console after redirect and remembers the settings', () => {
    const t = start(`serial.redirect(SerialPin.P0, SerialPin.P1, BaudRate.BaudRate9600)
serial.writeLine("still here")
serial.setBaudRate(BaudRate.BaudRate57600)
serial.setTxBufferSize(64)
serial.redirectToUSB()`);
    t.advance(0);
    expect(t.batches[0]).toMatch(/^0 "still here/);
    expect(t.board.serial.redirectedTo).toBeUndefined();
    expect(t.board.serial.baudRate).toBe(115200);
    expect(t.board.serial.txBufferSize).toBe(64);
    const redirected = start('serial.redirect(SerialPin.P0, SerialPin.P1, BaudRate.BaudRate9600)');
    redirected.advance(0);
    expect(redirected.board.serial.redirectedTo).toEqual({ tx: 100, rx: 101 });
    expect(redirected.board.serial.baudRate).toBe(9600);
  });
});

describe('serial reading', () => {
  it('readLine waits for a whole line and returns it without the new line', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
basic.forever(function () {
  serial.writeLine("got " + serial.readLine() + " at " + control.millis())
})`,
      {
        serialInput: [
          { text: 'hello\n', at: 100 },
          { text: 'wor', at: 500 },
          { text: 'ld\nagain\n', at: 900 },
        ],
        timeMs: 2000,
      },
    );
    // "again" was already there when forever ran again 20 ms later.
    expect(result.lines).toEqual(['100 got hello at 100', '900 got world at 900', '1100 got again at 920']);
  });

  it('readUntil stops at any of the delimiter characters; readString takes what is there', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
basic.pause(100)
serial.writeLine("[" + serial.readString() + "]")
serial.writeLine(serial.readUntil(serial.delimiters(Delimiters.Comma)))
serial.writeLine(serial.readUntil(",;"))
serial.writeLine(serial.readUntil(serial.delimiters(Delimiters.Hash)))
serial.writeLine("[" + serial.readString() + "]")`,
      { serialInput: [{ text: '12,34;56#7', at: 200 }] },
    );
    expect(texts(result.lines)).toEqual(['[]', '12', '34', '56', '[7]']);
  });

  it('gives every delimiter its character', () => {
    const result = run(`let codes: number[] = []
for (const d of [Delimiters.NewLine, Delimiters.Comma, Delimiters.Dollar, Delimiters.Colon, Delimiters.Fullstop,
  Delimiters.Hash, Delimiters.CarriageReturn, Delimiters.Space, Delimiters.Tab, Delimiters.Pipe, Delimiters.SemiColon]) {
  codes.push(serial.delimiters(d).charCodeAt(0))
}
serial.writeNumbers(codes)`);
    expect(texts(result.lines)).toEqual(['10,44,36,58,46,35,13,32,9,124,59']);
  });

  it('readBuffer waits until enough bytes arrived, or returns what is there for 0', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
let buffer = serial.readBuffer(6)
serial.writeLine(buffer.toString() + " " + buffer.length + " at " + control.millis())
basic.pause(100)
serial.writeValue("rest", serial.readBuffer(0).length)`,
      {
        serialInput: [
          { text: 'abc', at: 100 },
          { text: 'defgh', at: 300 },
        ],
      },
    );
    expect(texts(result.lines)).toEqual(['abcdef 6 at 300', 'rest:2']);
  });

  it('runs onDataReceived when a delimiter arrives', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
serial.onDataReceived(serial.delimiters(Delimiters.NewLine), function () {
  serial.writeLine("line: " + serial.readLine())
})`,
      {
        serialInput: [
          { text: 'no delimiter', at: 100 },
          { text: ' yet\n', at: 400 },
        ],
        timeMs: 1000,
      },
    );
    expect(result.lines).toEqual(['400 line: no delimiter yet']);
  });

  it('keeps 19 characters until read, like the device; a bigger receive buffer keeps more', () => {
    const program = (setup: string) => `${setup}
serial.setWriteLinePadding(0)
basic.pause(500)
serial.writeLine(serial.readString())`;
    const small = run(program(''), { serialInput: [{ text: 'abcdefghijklmnopqrstuvwxyz', at: 100 }] });
    expect(texts(small.lines)).toEqual(['abcdefghijklmnopqrs']);
    expect(small.world.boards[0]!.serial.input.dropped).toBe(7);
    const large = run(program('serial.setRxBufferSize(64)'), {
      serialInput: [{ text: 'abcdefghijklmnopqrstuvwxyz', at: 100 }],
    });
    expect(texts(large.lines)).toEqual(['abcdefghijklmnopqrstuvwxyz']);
  });
});

function texts(lines: string[]): string[] {
  return lines.map((line) => line.slice(line.indexOf(' ') + 1));
}
