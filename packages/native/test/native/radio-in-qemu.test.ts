// Radio between two emulated boards: the same program runs in two QEMU V1 guests joined by the
// harness's radio air (harness/radio-model.ts: each guest's RADIO registers answered through
// QEMU's GDB stub, frames copied from the sender's RAM into the receiver's, the RADIO
// interrupt raised through qtest), and in the simulator's World of two boards. Board 1's
// button A sends numbers, a text and a value, its B sends with less power and on another band;
// both boards print what they hear, and the serial lines must be the simulator's, board by board.
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
input.onButtonPressed(Button.A, function () {
  radio.sendNumber(42)
  radio.sendString("hello micro:bit")
  radio.sendValue("speed", -7.5)
  radio.sendNumber(2.25)
  serial.writeLine("sent")
})
// Weaker, then on another band (unheard), then back.
input.onButtonPressed(Button.B, function () {
  radio.setTransmitPower(1)
  radio.sendNumber(7)
  radio.setFrequencyBand(50)
  radio.sendNumber(8)
  radio.setFrequencyBand(7)
  radio.sendNumber(9)
  serial.writeLine("sent more")
})
serial.writeLine("ready")
`;

/** Each board's serial lines in the simulator, board 1's A pressed once. */
function simulatorLines(): string[][] {
  const compiled = compiler.compile({ 'main.ts': PROGRAM });
  if (!compiled.program) throw new Error(compiled.diagnostics.map(formatDiagnostic).join('\n'));
  const run = prepareHeadlessRun({
    program: compiled.program,
    boards: 2,
    timeMs: 3000,
    presses: [
      { button: 'A', at: 500, board: 1 },
      { button: 'B', at: 1500, board: 1 },
    ],
  }).run();
  return [1, 2].map((board) => run.lines.filter((line) => line.board === board).map((line) => line.text));
}

describe.skipIf(!qemuAvailable())('radio between two emulated V1 boards (QEMU)', () => {
  const sessions: MicrobitSession[] = [];
  afterEach(() => {
    for (const session of sessions.splice(0)) session.close();
  });

  it("delivers what board 1 sends, by power and band, as the simulator's World does", async () => {
    const expected = simulatorLines();
    expect(expected[1]).toEqual([
      'ready',
      'number 42 at -46',
      'string hello micro:bit',
      'value speed=-7.5',
      'number 2.25 at -46',
      'number 7 at -66',
      'number 9 at -66',
    ]);
    const hex = await v1Hex(compiler, PROGRAM, 'radio-pair');
    const air = new RadioAir();
    for (const id of [1, 2])
      sessions.push(await MicrobitSession.boot(hex, { leds: false, radio: air.radio(id), sessionTimeoutMs: 100_000 }));
    const [sender, receiver] = sessions as [MicrobitSession, MicrobitSession];
    // Both radios are on (radio.setGroup returned) before the press.
    for (const board of sessions) await board.waitForSerial('ready', 30_000);
    const lines = (board: MicrobitSession) => deviceLines(board.serial);
    // A press is repeated only when the sender did not print its line (a repeat would send twice).
    const pressUntil = async (button: 'A' | 'B', line: string) => {
      for (let attempt = 0; attempt < 5 && !lines(sender).includes(line); attempt++) {
        await sender.press(button);
        await sender.waitForSerial(line, 10_000).catch(() => undefined);
      }
      expect(lines(sender)).toContain(line);
    };
    await pressUntil('A', 'sent');
    await pressUntil('B', 'sent more');
    await receiver.waitUntil(() => lines(receiver).length >= expected[1]!.length, 'the packets', 60_000);
    expect([lines(sender), lines(receiver)]).toEqual(expected);
    // Each frame is a DAL datagram (length 35, version 1, group byte 0, protocol 1); 32 bytes
    // after the length go on air.
    expect(air.log.map((entry) => [entry.from, ...entry.frame.slice(0, 4), entry.frame.length])).toEqual(
      Array.from({ length: 7 }, () => [1, 35, 1, 0, 1, 33]),
    );
  }, 120_000);
});
