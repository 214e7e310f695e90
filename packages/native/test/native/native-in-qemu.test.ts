// The native back end's behaviour suite: each program of native-programs.ts runs in our
// simulator (headless, virtual clock) and, compiled by our Thumb back end and linked with the
// pinned firmware, on the emulated V1 board (Debian's QEMU, test/harness). Both must print the
// same serial lines and end on the same LED picture.
import { runHeadless } from '@blockyard/board-microbit/headless';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { createDefaultSong, DRUM_TRACK_ID, songNoteFrequency } from '@blockyard/sound';
import { DEMO_SONG_HEX } from '../../../boards/microbit/src/test/demo-song.ts';
import { NATIVE_PROGRAMS, type NativeProgramCase } from './native-programs.ts';
import { deviceLines, v1Hex } from './qemu-v1.ts';

const canRun = qemuAvailable();
if (!canRun)
  console.warn('Skipping the native behaviour suite: qemu-system-arm is not installed (scripts/ensure-deps.mjs)');

const compiler = createMicrobitCompiler(ts);

function simulate(program: NativeProgramCase) {
  const compiled = compiler.compile({ 'main.ts': program.source });
  if (!compiled.program) throw new Error(compiled.diagnostics.map(formatDiagnostic).join('\n'));
  const result = runHeadless({
    program: compiled.program,
    timeMs: program.timeMs ?? 5000,
    presses: program.pressA ? [{ button: 'A', at: program.pressA.simulatorAt }] : [],
  });
  return { lines: result.lines.map((line) => line.text), leds: result.boards[0]!.leds };
}

describe.skipIf(!canRun)('programs compiled by the native back end run like the simulator (QEMU, V1)', () => {
  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  for (const program of NATIVE_PROGRAMS) {
    it(
      program.name,
      async () => {
        const expected = simulate(program);
        expect(expected.lines.length).toBeGreaterThan(0);
        const hex = await v1Hex(compiler, program.source, 'native-suite');
        // Presses are only reliable without the LED event stream on the same qtest socket
        // (the harness's own tests press with `leds: false` too): such programs check serial only.
        session = await MicrobitSession.boot(hex, {
          leds: !program.pressA,
          sessionTimeoutMs: (program.deviceWaitMs ?? 30_000) + 30_000,
        });
        const press = program.pressA;
        if (press) {
          // QEMU's virtual clock runs at a speed that depends on the machine's load, and the
          // firmware only takes a press of the right length as a click: measure the speed on
          // two lines printed a known virtual time apart, then hold for about 300 virtual ms: far
          // from both a bounce (a few ms) and a long click (1 s), so a load spike during the
          // press (QEMU slowing down after the measure) still leaves a click.
          const seen = (line: string) => deviceLines(session!.serial).includes(line);
          await session.waitUntil(() => seen(press.from), press.from);
          const start = Date.now();
          await session.waitUntil(() => seen(press.to), press.to);
          const wallPerVirtualMs = (Date.now() - start) / press.virtualMs;
          await session.press('A', Math.min(2000, Math.max(50, 300 * wallPerVirtualMs)));
        }
        const last = expected.lines.at(-1)!;
        await session.waitUntil(
          () => deviceLines(session!.serial).includes(last),
          `the line "${last}"`,
          program.deviceWaitMs ?? 30_000,
        );
        expect(deviceLines(session.serial)).toEqual(expected.lines);
        if (!program.pressA) await session.waitForFrame(expected.leds, 30_000);
      },
      (program.deviceWaitMs ?? 30_000) + 60_000,
    );
  }
});

describe.skipIf(!canRun)('songs on the device (QEMU, V1)', () => {
  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  // The simulator synthesizes every track; the device plays one note at a time through the tone
  // function, so its tones are checked here on their own: C4, then the higher of F4 + Ab4, then
  // the kit's first drum (its start frequency) for one tick (62.5 ms, rounded on the song's clock).
  it('plays the note that started last, for as long as it lasts, through music.setPlayTone', async () => {
    const source = [
      'music.setPlayTone(function (f: number, ms: number) {',
      '    serial.writeLine(f + "x" + ms)',
      '    basic.pause(ms)',
      '})',
      `music.play(music.createSong(hex\`${DEMO_SONG_HEX}\`), music.PlaybackMode.UntilDone)`,
      'serial.writeLine("end")',
    ].join('\n');
    session = await MicrobitSession.boot(await v1Hex(compiler, source, 'song-tones'), {
      leds: false,
      sessionTimeoutMs: 60_000,
    });
    await session.waitUntil(() => deviceLines(session!.serial).includes('end'), 'the line "end"', 30_000);
    const drum = createDefaultSong(1).tracks.find((t) => t.id === DRUM_TRACK_ID)!.drums![0]!.startFrequency;
    const [c4, ab4] = [37, 45].map(songNoteFrequency);
    expect(deviceLines(session.serial)).toEqual([`${c4}x500`, `${ab4}x500`, `${drum}x63`, 'end']);
  }, 90_000);
});
