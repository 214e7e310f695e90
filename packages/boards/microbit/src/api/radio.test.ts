import { describe, expect, it } from 'vitest';
import { type HeadlessRunOptions, runHeadless } from '../headless/run-headless.ts';
import { compile, run } from '../test/programs.ts';
import { truncateUtf8 } from './radio-packet.ts';

/** Runs `source` on two boards (or more); returns "board time text" lines in time order. */
function boards(source: string, options: Omit<HeadlessRunOptions, 'program'> = {}): string[] {
  const result = runHeadless({
    program: compile(`serial.setWriteLinePadding(0)\n${source}`),
    boards: 2,
    timeMs: 2000,
    ...options,
  });
  return [...result.lines]
    .sort((x, y) => x.time - y.time || x.board - y.board)
    .map((line) => `${line.board} ${line.time} ${line.text}`);
}

describe('radio between boards', () => {
  it('sends numbers to the other boards of the group, not to itself', () => {
    const lines = boards(
      `radio.setGroup(1)
input.onButtonPressed(Button.A, () => radio.sendNumber(42))
radio.onReceivedNumber(function (receivedNumber) {
  serial.writeLine("got " + receivedNumber + " at " + control.millis())
})`,
      { boards: 3, presses: [{ button: 'A', at: 100, board: 2 }] },
    );
    // The press is let go at 200 ms; the packet is in the air for 1 ms.
    expect(lines).toEqual(['1 201 got 42 at 201', '3 201 got 42 at 201']);
  });

  it('keeps groups apart', () => {
    const lines = boards(
      `radio.setGroup(1)
input.onButtonPressed(Button.B, () => radio.setGroup(2))
input.onButtonPressed(Button.A, () => radio.sendString("hi"))
radio.onReceivedString(function (receivedString) {
  serial.writeLine(receivedString + " at " + control.millis())
})`,
      {
        boards: 3,
        presses: [
          { button: 'B', at: 0, board: 3 },
          { button: 'A', at: 300 },
          { button: 'B', at: 600, board: 1 },
          { button: 'A', at: 900, board: 1 },
        ],
      },
    );
    expect(lines).toEqual(['2 401 hi at 401', '3 1001 hi at 1001']);
  });

  it('sends names and values, text and numbers as the device does, with its length limits', () => {
    const lines = boards(
      `input.onButtonPressed(Button.A, function () {
  radio.sendValue("temperature", 21)
  radio.sendValue("pi", 3.25)
  radio.sendString("a message of more than nineteen letters")
  radio.sendNumber(-7.5)
})
radio.onReceivedValue(function (name, value) {
  serial.writeLine(name + "=" + value)
})
radio.onReceivedString(function (receivedString) {
  serial.writeLine(receivedString)
})
radio.onReceivedNumber(function (receivedNumber) {
  serial.writeLine("" + receivedNumber)
})`,
      { presses: [{ button: 'A', at: 0 }] },
    );
    expect(lines.map((line) => line.split(' ').slice(0, 1).concat(line.split(' ').slice(2)).join(' '))).toEqual([
      '2 temperat=21',
      '2 pi=3.25',
      '2 a message of more t',
      '2 -7.5',
    ]);
  });

  it('tells the signal strength, the sender’s time and (when sent) its serial number', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
input.onButtonPressed(Button.A, () => radio.sendNumber(1))
input.onButtonPressed(Button.B, function () {
  radio.setTransmitPower(0)
  radio.setTransmitSerialNumber(true)
  radio.sendNumber(2)
})
radio.onReceivedNumber(function (receivedNumber) {
  serial.writeNumbers([receivedNumber, radio.receivedPacket(RadioPacketProperty.SignalStrength),
    radio.receivedPacket(RadioPacketProperty.Time), radio.receivedPacket(RadioPacketProperty.SerialNumber)])
})`,
      {
        boards: 2,
        presses: [
          { button: 'A', at: 100 },
          { button: 'B', at: 500 },
        ],
        timeMs: 1000,
      },
    );
    const serial = result.world.boards[0]!.serialNumber;
    expect(result.lines.map((line) => line.split(' ')[1])).toEqual([`1,-46,200,0`, `2,-86,600,${serial}`]);
  });

  it('hears packets only on the same frequency band and while the radio is on', () => {
    const lines = boards(
      `input.onButtonPressed(Button.A, () => radio.sendNumber(control.millis()))
input.onButtonPressed(Button.B, () => radio.setFrequencyBand(50))
input.onButtonPressed(Button.AB, () => radio.off())
radio.onReceivedNumber(function (receivedNumber) {
  serial.writeLine("" + receivedNumber)
})`,
      {
        presses: [
          { button: 'A', at: 0 },
          { button: 'B', at: 200, board: 2 },
          { button: 'A', at: 400 },
          { button: 'B', at: 600 },
          { button: 'A', at: 800 },
          { button: 'AB', at: 1000, board: 2 },
          { button: 'A', at: 1200 },
        ],
      },
    );
    expect(lines.map((line) => line.split(' ').pop())).toEqual(['100', '900']);
  });

  it('keeps at most 4 packets waiting, as the device does', () => {
    const lines = boards(
      `input.onButtonPressed(Button.A, function () {
  for (let i = 0; i < 10; i++) radio.sendNumber(i)
})
radio.onReceivedNumber(function (receivedNumber) {
  serial.writeLine("" + receivedNumber)
  basic.pause(100)
})`,
      { presses: [{ button: 'A', at: 0 }] },
    );
    expect(lines.map((line) => line.split(' ').pop())).toEqual(['0', '1', '2', '3']);
  });

  it('sends buffers of at most 19 bytes', () => {
    const lines = boards(
      `serial.setRxBufferSize(32)
input.onButtonPressed(Button.A, () => radio.sendBuffer(serial.readBuffer(0)))
radio.onReceivedBuffer(function (receivedBuffer) {
  serial.writeLine(receivedBuffer.length + " " + receivedBuffer.toString())
})`,
      {
        presses: [{ button: 'A', at: 0 }],
        serialInput: [{ text: 'twenty-four characters!!', at: 10 }],
        timeMs: 1000,
      },
    );
    expect(lines.map((line) => line.split(' ').slice(2).join(' '))).toEqual(['19 twenty-four charact']);
  });

  it('raises events on the other boards with radio.raiseEvent', () => {
    const lines = boards(
      `input.onButtonPressed(Button.A, () => radio.raiseEvent(2000, MusicEvent.MelodyStarted))
music.onEvent(MusicEvent.MelodyStarted, () => serial.writeLine("event at " + control.millis()))`,
      { presses: [{ button: 'A', at: 0 }] },
    );
    expect(lines).toEqual(['2 101 event at 101']);
  });

  it('broadcasts messages named by the program', () => {
    const lines = boards(
      `enum RadioMessage {
    message1 = 49434,
    hello = 29347
}
input.onButtonPressed(Button.A, () => radio.sendMessage(RadioMessage.hello))
radio.onReceivedMessage(RadioMessage.hello, () => serial.writeLine("hello at " + control.millis()))
radio.onReceivedMessage(RadioMessage.message1, () => serial.writeLine("message1"))`,
      { boards: 3, presses: [{ button: 'A', at: 0, board: 3 }] },
    );
    expect(lines).toEqual(['1 101 hello at 101', '2 101 hello at 101']);
  });

  it('supports the older receive functions and writes packets to serial as JSON', () => {
    const lines = boards(
      `input.onButtonPressed(Button.A, function () {
  radio.sendValue("x", 5)
  radio.sendString("hey")
  radio.sendNumber(9)
})
radio.onDataReceived(function () {
  if (radio.receivedSignalStrength() == 0) {
    serial.writeValue("first", radio.receiveNumber())
    radio.writeReceivedPacketToSerial()
  } else {
    radio.writeValueToSerial()
  }
})`,
      { presses: [{ button: 'A', at: 0 }] },
    );
    expect(lines.map((line) => line.split(' ').slice(2).join(' '))).toEqual([
      'first:5',
      '{"t":100,"s":0,"n":"x","v":5}',
      '{"t":100,"s":0,"n":"hey"}',
      '{"t":100,"s":0,"v":9}',
    ]);
  });

  it('gives packets as objects to onDataPacketReceived', () => {
    const lines = boards(
      `input.onButtonPressed(Button.A, () => radio.sendValue("speed", 12))
radio.onDataPacketReceived(function ({ receivedString, receivedNumber, signal }) {
  serial.writeLine(receivedString + " " + receivedNumber + " " + signal)
})`,
      { presses: [{ button: 'A', at: 0 }] },
    );
    expect(lines.map((line) => line.split(' ').slice(2).join(' '))).toEqual(['speed 12 -46']);
  });

  it('reads nothing from an empty queue and answers 0 before any packet', () => {
    const result = run(`serial.writeNumbers([radio.receiveNumber(), radio.receivedPacket(RadioPacketProperty.Time),
  radio.receivedTime(), radio.receivedSerial(), radio.receivedBuffer().length])
serial.writeLine("[" + radio.receiveString() + radio.receivedString() + "]")`);
    expect(result.lines.map((line) => line.split(' ')[1])).toEqual(['0,0,0,0,0', '[]']);
  });

  it('stops with a clear error when there is no buffer to send', () => {
    const result = run('let b: Buffer = null\nradio.sendBuffer(b)');
    expect(result.error?.message).toBe('Dereferencing null/undefined value.');
    expect(result.error?.position?.line).toBe(2);
  });
});

describe('radio packet limits', () => {
  it('cuts text on whole UTF-8 characters', () => {
    expect(truncateUtf8('héllo wörld', 4)).toBe('hél');
    expect(truncateUtf8('😀😀', 5)).toBe('😀');
    expect(truncateUtf8('short', 19)).toBe('short');
  });
});
