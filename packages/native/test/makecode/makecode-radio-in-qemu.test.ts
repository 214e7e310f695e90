// A board running MakeCode's build and a board running ours, on one radio air in the harness
// (harness/radio-model.ts): each hears what the other sends, as two boards in the simulator's
// World do. This is the promise of the device library's radio (MakeCode's packet layout over the
// same firmware): a micro:bit with our program talks to one with MakeCode's. Needs QEMU and
// MakeCode's reference build (installed on first use into node_modules/.cache).
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { prepareHeadlessRun } from '@blockyard/board-microbit/headless';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { RadioAir } from '../harness/radio-model.ts';
import { deviceLines, v1Hex } from '../native/qemu-v1.ts';
import { buildWithMakeCode, makeCodeAvailability } from '@blockyard/makecode-reference';

const availability = qemuAvailable()
  ? await makeCodeAvailability()
  : { ok: false as const, reason: 'qemu-system-arm is not installed (scripts/ensure-deps.mjs installs it for tests)' };
if (!availability.ok) console.warn(`Skipping the MakeCode radio test: ${availability.reason}`);

const compiler = createMicrobitCompiler(ts);

// A command typed to a board's serial port makes it send; what it sends counts its commands.
const PROGRAM = `radio.setGroup(5)
radio.onReceivedNumber(function (receivedNumber) {
  serial.writeLine("number " + receivedNumber + " at " + radio.receivedPacket(RadioPacketProperty.SignalStrength))
})
radio.onReceivedString(function (receivedString) {
  serial.writeLine("string " + receivedString)
})
radio.onReceivedValue(function (name, value) {
  serial.writeLine("value " + name + "=" + value)
})
let commands = 0
serial.onDataReceived(serial.delimiters(Delimiters.Hash), function () {
  serial.readUntil(serial.delimiters(Delimiters.Hash))
  commands += 1
  radio.sendNumber(commands * 1000 + 0.5)
  radio.sendString("command " + commands)
  radio.sendValue("count", -commands)
  radio.sendNumber(-2147483648)
  serial.writeLine("sent " + commands)
})
serial.writeLine("ready")
`;

/** Each board's serial lines in the simulator: a command to board 1, then two to board 2. */
function simulatorLines(): string[][] {
  const compiled = compiler.compile({ 'main.ts': PROGRAM });
  if (!compiled.program) throw new Error(compiled.diagnostics.map(formatDiagnostic).join('\n'));
  const run = prepareHeadlessRun({
    program: compiled.program,
    boards: 2,
    timeMs: 4000,
    serialInput: [
      { text: 'go#', at: 500, board: 1 },
      { text: 'go#', at: 1500, board: 2 },
      { text: 'go#', at: 2500, board: 2 },
    ],
  }).run();
  return [1, 2].map((board) => run.lines.filter((line) => line.board === board).map((line) => line.text));
}

describe.skipIf(!availability.ok)("radio between MakeCode's build and ours (QEMU, V1)", () => {
  const sessions: MicrobitSession[] = [];
  afterEach(() => {
    for (const session of sessions.splice(0)) session.close();
  });

  it("each hears the other as the simulator's boards do", async () => {
    const expected = simulatorLines();
    expect(expected).toEqual([
      [
        'ready',
        'sent 1',
        'number 1000.5 at -46',
        'string command 1',
        'value count=-1',
        'number -2147483648 at -46',
        'number 2000.5 at -46',
        'string command 2',
        'value count=-2',
        'number -2147483648 at -46',
      ],
      [
        'ready',
        'number 1000.5 at -46',
        'string command 1',
        'value count=-1',
        'number -2147483648 at -46',
        'sent 1',
        'sent 2',
      ],
    ]);
    const makecode = await buildWithMakeCode('qemu-radio', { 'main.ts': PROGRAM });
    const ours = await v1Hex(compiler, PROGRAM, 'qemu-radio');
    const air = new RadioAir();
    for (const [id, hex] of [makecode.v1Hex, ours].entries())
      sessions.push(
        await MicrobitSession.boot(hex, { leds: false, radio: air.radio(id + 1), sessionTimeoutMs: 100_000 }),
      );
    const [theirs, mine] = sessions as [MicrobitSession, MicrobitSession];
    for (const board of sessions) await board.waitForSerial('ready', 30_000);
    const lines = (board: MicrobitSession) => deviceLines(board.serial);
    // Commands, not button presses: a press can be missed on a busy machine.
    const command = async (board: MicrobitSession, line: string) => {
      board.typeSerial('go#');
      await board.waitUntil(() => lines(board).includes(line), line, 30_000);
    };
    await command(theirs, 'sent 1');
    await mine.waitUntil(() => lines(mine).length >= 5, "MakeCode's packets", 60_000);
    await command(mine, 'sent 1');
    await command(mine, 'sent 2');
    await theirs.waitUntil(() => lines(theirs).length >= expected[0]!.length, 'our packets', 60_000);
    expect([lines(theirs), lines(mine)]).toEqual(expected);
  }, 300_000);
});
