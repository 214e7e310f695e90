// Radio between two emulated boards: the same program runs in two QEMU V1 guests joined by the
// harness's radio air (harness/radio-model.ts: each guest's RADIO registers answered through
// QEMU's GDB stub, frames copied from the sender's RAM into the receiver's, the RADIO
// interrupt raised through qtest), and in the simulator's World of two boards. Commands typed
// to board 1's serial port make it send (numbers, a text and a value; then with less power and
// on another band); both boards print what they hear, and the serial lines must be the
// simulator's, board by board. (Commands, not button presses: the harness's presses can be
// missed when the machine is busy, and a repeated one would send twice.)
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { prepareHeadlessRun } from '@blockyard/board-microbit/headless';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { RadioAir } from '../harness/radio-model.ts';
import { deviceLines, v1Hex } from './qemu-v1.ts';

const compiler = createMicrobitCompiler(ts);

const PROGRAM = `radio.setGroup(23)
radio.onReceivedNumber(function (receivedNumber) {
  serial.writeLine("number " + receivedNumber + " at " + radio.receivedPacket(RadioPacketProperty.SignalStrength))
})
radio.onReceivedString(function (receivedString) {
  serial.writeLine("string " + receivedString)
})
radio.onReceivedValue(function (name, value) {
  serial.writeLine("value " + name + "=" + value)
})
// The test's serial commands (as button presses, but no press can be missed or taken twice).
serial.onDataReceived(serial.delimiters(Delimiters.Hash), function () {
  let command = serial.readUntil(serial.delimiters(Delimiters.Hash))
  if (command == "a") sendSome()
  if (command == "b") sendMore()
})
function sendSome() {
  radio.sendNumber(42)
  radio.sendString("hello micro:bit")
  radio.sendValue("speed", -7.5)
  radio.sendNumber(2.25)
  serial.writeLine("sent")
}
// Weaker, then on another band (unheard), then back.
function sendMore() {
  radio.setTransmitPower(1)
  radio.sendNumber(7)
  radio.setFrequencyBand(50)
  radio.sendNumber(8)
  radio.setFrequencyBand(7)
  radio.sendNumber(9)
  serial.writeLine("sent more")
}
serial.writeLine("ready")
`;

// Messages, buffers and the old packet object: any command.
const OTHER_KINDS = `enum RadioMessage {
  message1 = 49434,
  hello = 29347
}
radio.setGroup(3)
radio.onReceivedMessage(RadioMessage.hello, function () {
  serial.writeLine("hello")
})
radio.onReceivedMessage(RadioMessage.message1, function () {
  serial.writeLine("message1")
})
radio.onReceivedBuffer(function (receivedBuffer) {
  serial.writeLine("buffer " + receivedBuffer.toHex())
})
radio.onReceivedValue(function (name, value) {
  serial.writeLine("value " + name + "=" + value)
})
serial.onDataReceived(serial.delimiters(Delimiters.Hash), function () {
  serial.readUntil(serial.delimiters(Delimiters.Hash))
  radio.sendMessage(RadioMessage.hello)
  radio.sendBuffer(control.createBufferFromUTF8("bytes!"))
  radio.sendValue("a name too long", 0.125)
  serial.writeLine("sent")
})
serial.writeLine("ready")
`;

const OLD_NAMES = `radio.setGroup(4)
radio.onDataPacketReceived(function ({ receivedString, receivedNumber, signal }) {
  serial.writeLine("packet [" + receivedString + "] " + receivedNumber + " " + signal)
})
serial.onDataReceived(serial.delimiters(Delimiters.Hash), function () {
  serial.readUntil(serial.delimiters(Delimiters.Hash))
  radio.sendValue("speed", 12)
  radio.sendString("hey")
  radio.sendNumber(-9)
  serial.writeLine("sent")
})
serial.writeLine("ready")
`;

// The oldest receive names: a handler with no packet, which takes it from the queue.
const OLDEST_NAMES = `radio.setGroup(6)
let heard = 0
radio.onDataReceived(function () {
  heard += 1
  if (heard == 1) {
    serial.writeLine("data [" + radio.receiveString() + "] " + radio.receivedNumber() + " " + radio.receivedSignalStrength())
  } else if (heard == 2) {
    serial.writeLine("data " + radio.receiveNumber() + " [" + radio.receivedString() + "]")
  } else {
    radio.writeValueToSerial()
  }
})
serial.onDataReceived(serial.delimiters(Delimiters.Hash), function () {
  serial.readUntil(serial.delimiters(Delimiters.Hash))
  radio.sendString("abc")
  radio.sendNumber(5)
  radio.sendValue("v", 1.5)
  serial.writeLine("sent")
})
serial.writeLine("ready")
`;

/** Each board's serial lines in the simulator, board 1's commands typed a second apart. */
function simulatorLines(program: string, commands: readonly string[]): string[][] {
  const compiled = compiler.compile({ 'main.ts': program });
  if (!compiled.program) throw new Error(compiled.diagnostics.map(formatDiagnostic).join('\n'));
  const run = prepareHeadlessRun({
    program: compiled.program,
    boards: 2,
    timeMs: 1000 * (commands.length + 2),
    serialInput: commands.map((command, i) => ({ text: `${command}#`, at: 500 + 1000 * i, board: 1 })),
  }).run();
  return [1, 2].map((board) => run.lines.filter((line) => line.board === board).map((line) => line.text));
}

describe.skipIf(!qemuAvailable())('radio between two emulated V1 boards (QEMU)', () => {
  const sessions: MicrobitSession[] = [];
  afterEach(() => {
    for (const session of sessions.splice(0)) session.close();
  });

  /**
   * Runs `program` on two boards on one air, types board 1's `commands` in turn (each waits for
   * its line, `sent[i]`, on board 1), and returns both boards' serial lines once board 2 has
   * printed `lines` of them; and the air's log.
   */
  async function runPair(program: string, commands: readonly string[], sent: readonly string[], lines: number) {
    const hex = await v1Hex(compiler, program, 'radio-pair');
    const air = new RadioAir();
    for (const id of [1, 2])
      sessions.push(await MicrobitSession.boot(hex, { leds: false, radio: air.radio(id), sessionTimeoutMs: 100_000 }));
    const [sender, receiver] = sessions as [MicrobitSession, MicrobitSession];
    // Both radios are on (radio.setGroup returned) before the first command.
    for (const board of sessions) await board.waitForSerial('ready', 30_000);
    const read = (board: MicrobitSession) => deviceLines(board.serial);
    for (const [i, command] of commands.entries()) {
      sender.typeSerial(`${command}#`);
      await sender.waitUntil(() => read(sender).includes(sent[i]!), sent[i]!, 30_000);
    }
    await receiver.waitUntil(() => read(receiver).length >= lines, 'the packets', 60_000);
    return { lines: [read(sender), read(receiver)], log: air.log };
  }

  it("delivers what board 1 sends, by power and band, as the simulator's World does", async () => {
    const expected = simulatorLines(PROGRAM, ['a', 'b']);
    expect(expected[1]).toEqual([
      'ready',
      'number 42 at -46',
      'string hello micro:bit',
      'value speed=-7.5',
      'number 2.25 at -46',
      'number 7 at -66',
      'number 9 at -66',
    ]);
    const run = await runPair(PROGRAM, ['a', 'b'], ['sent', 'sent more'], expected[1]!.length);
    expect(run.lines).toEqual(expected);
    // Each frame is a DAL datagram (length 35, version 1, group byte 0, protocol 1); 32 bytes
    // after the length go on air.
    expect(run.log.map((entry) => [entry.from, ...entry.frame.slice(0, 4), entry.frame.length])).toEqual(
      Array.from({ length: 7 }, () => [1, 35, 1, 0, 1, 33]),
    );
  }, 120_000);

  it("delivers messages, buffers and cut names as the simulator's World does", async () => {
    const expected = simulatorLines(OTHER_KINDS, ['a']);
    expect(expected[1]).toEqual(['ready', 'hello', 'buffer 627974657321', 'value a name t=0.125']);
    const run = await runPair(OTHER_KINDS, ['a'], ['sent'], expected[1]!.length);
    expect(run.lines).toEqual(expected);
  }, 120_000);

  it("gives onDataPacketReceived the simulator's packets", async () => {
    const expected = simulatorLines(OLD_NAMES, ['a']);
    expect(expected[1]).toEqual(['ready', 'packet [speed] 12 -46', 'packet [hey] 0 -46', 'packet [] -9 -46']);
    const run = await runPair(OLD_NAMES, ['a'], ['sent'], expected[1]!.length);
    expect(run.lines).toEqual(expected);
  }, 120_000);

  it("gives onDataReceived's readers the simulator's packets", async () => {
    // The JSON line holds the sender's running time, which differs between the two.
    const untimed = (lines: string[][]) => lines.map((board) => board.map((line) => line.replace(/"t":\d+/, '"t":T')));
    const expected = untimed(simulatorLines(OLDEST_NAMES, ['a']));
    expect(expected[1]).toEqual(['ready', 'data [abc] 0 -46', 'data 5 []', '{"t":T,"s":0,"n":"v","v":1.5}']);
    const run = await runPair(OLDEST_NAMES, ['a'], ['sent'], expected[1]!.length);
    expect(untimed(run.lines)).toEqual(expected);
  }, 120_000);
});
