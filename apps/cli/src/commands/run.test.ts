import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeWav } from '@blockyard/sound';
import { describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';

function run(source: string, ...args: string[]) {
  return runCli(['run', 'main.ts', ...args], tempWorkspace('run', { 'main.ts': source }));
}

const heart = ['.#.#.', '#####', '#####', '.###.', '..#..'].join('\n');

describe('blockyard run', () => {
  it('prints serial lines as they are sent, then the LEDs', async () => {
    const result = await run(
      'serial.writeLine("hello")\nbasic.showIcon(IconNames.Heart)\nserial.writeValue("x", 42)\n',
    );
    expect(result).toEqual({ code: 0, out: `hello\nx:42\n--- board 1 leds\n${heart}\n`, err: '' });
  });

  it('presses buttons at the given times and runs for --time ms', async () => {
    const source = `input.onButtonPressed(Button.A, () => serial.writeValue("A", control.millis()))
input.onButtonPressed(Button.B, () => serial.writeValue("B", control.millis()))
input.onButtonPressed(Button.AB, () => serial.writeValue("AB", control.millis()))
`;
    const result = await run(source, '--press', 'A@500,B@1200,AB@2000', '--time', '3000');
    expect(result.out.split('\n').slice(0, 3)).toEqual(['A:600', 'B:1300', 'AB:2100']);
    const short = await run(source, '--press', 'A@500,B@1200', '--time', '1000');
    expect(short.out.split('\n')[0]).toBe('A:600');
    expect(short.out).not.toContain('B:');
  });

  it('sets sensor values at their times', async () => {
    const result = await run(
      'serial.writeValue("light", 0)\nbasic.pause(200)\nserial.writeValue("later", 1)\n',
      '--set',
      'lightLevel=200@100,temperature=30@0',
    );
    expect(result.code).toBe(0);
    const bad = await run('', '--set', 'colour=3@0');
    expect(bad).toMatchObject({ code: 1, out: '' });
    expect(bad.err).toContain('there is no "colour". You can set lightLevel, compassHeading');
  });

  it('prefixes lines with [board N] when several boards run', async () => {
    const result = await run('serial.writeLine("hi")\n', '--boards', '2', '--time', '100');
    expect(result.out).toBe(
      '[board 1] hi\n[board 2] hi\n--- board 1 leds\n' +
        '.....\n'.repeat(5) +
        '--- board 2 leds\n' +
        '.....\n'.repeat(5),
    );
  });

  it('prints a runtime error with its line and exits 1', async () => {
    const result = await run('serial.writeLine("start")\nlet list: number[] = null\nlist.push(1)\n');
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      'start\n--- board 1 leds\n' + '.....\n'.repeat(5) + 'error: Dereferencing null/undefined value. at line 3\n',
    );
  });

  it('stops deep recursion with a clear error instead of crashing', async () => {
    const result = await run('function down(n: number): number {\n  return down(n + 1)\n}\ndown(0)\n');
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/error: Stack overflow at line 2\n$/);
  });

  it('does not hang on a loop without a pause', async () => {
    const result = await run('let n = 0\nwhile (true) {\n  n++\n}\n', '--time', '2000');
    expect(result.code).toBe(0);
    expect(result.out).toContain('--- board 1 leds');
  });

  it('reports compile errors instead of running', async () => {
    const result = await run('basic.showString(42)\n');
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      "main.ts:1:18 Argument of type 'number' is not assignable to parameter of type 'string'.\n",
    );
  });

  it('rejects malformed options with the expected form', async () => {
    expect((await run('', '--press', 'C@100')).err).toContain('--press "C@100" should look like A@500');
    expect((await run('', '--press', '3:A@100', '--boards', '2')).err).toContain('there is no board 3');
    expect((await run('', '--time', 'soon')).err).toContain('--time "soon" must be a whole number of milliseconds');
    expect((await run('', '--boards', '0')).err).toContain('--boards must be a whole number from 1 to 16');
  });

  it('feeds serial input at its times with --serial', async () => {
    const source = 'basic.forever(function () {\n  serial.writeLine(serial.readLine() + "@" + control.millis())\n})\n';
    const result = await run(source, '--serial', 'hello@100,a\\, b\\@c@300', '--time', '1000');
    expect(result.out.split('\n').slice(0, 2)).toEqual(['hello@100', 'a, b@c@300']);
    const bad = await run(source, '--serial', 'hello@soon');
    expect(bad).toMatchObject({ code: 1, out: '' });
    expect(bad.err).toContain('--serial "hello@soon" should look like hello@500');
    expect((await run(source, '--serial', '3:x@1')).err).toContain('there is no board 3');
  });

  it('warns when serial input is lost because the program did not read it in time', async () => {
    const result = await run('basic.pause(1000)\n', '--serial', 'a line much longer than the buffer@0');
    expect(result.code).toBe(0);
    expect(result.err).toBe(
      'warning: board 1 lost 16 characters of serial input: its receive buffer (20 bytes) was full. ' +
        'Read it sooner, or call serial.setRxBufferSize(64) first.\n',
    );
  });

  it('sends radio packets between boards, printed with [board N]', async () => {
    const source = `radio.setGroup(5)
input.onButtonPressed(Button.A, () => radio.sendString("ping"))
radio.onReceivedString(function (receivedString) {
  serial.writeLine(receivedString + " " + radio.receivedPacket(RadioPacketProperty.SignalStrength))
  radio.sendString("pong")
})
`;
    const result = await run(source, '--boards', '2', '--press', 'A@100', '--time', '1000');
    expect(result.out.split('\n').slice(0, 2)).toEqual(['[board 2] ping -46', '[board 1] pong -46']);
  });

  it('writes everything the program played to a WAV file with --audio', async () => {
    const wavPath = join(mkdtempSync(join(tmpdir(), 'blockyard-audio-')), 'out.wav');
    const result = await run(
      'music.playTone(440, 500)\nmusic.rest(500)\nmusic.playTone(880, 500)\n',
      '--audio',
      wavPath,
      '--time',
      '2000',
    );
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/^Wrote .*out\.wav \(2\.000 s, mono, 16-bit, 44100 Hz\)\.\n$/);
    const wav = decodeWav(new Uint8Array(readFileSync(wavPath)));
    expect(wav.sampleRate).toBe(44100);
    expect(wav.samples.length).toBe(2 * 44100);
    const crossings = (from: number, to: number) => {
      let count = 0;
      for (let i = Math.round(from * 44100) + 1; i < Math.round(to * 44100); i++) {
        if (wav.samples[i - 1]! < 0 && wav.samples[i]! >= 0) count++;
      }
      return count / (to - from);
    };
    expect(crossings(0.05, 0.45)).toBeCloseTo(440, -1);
    expect(crossings(0.55, 0.95)).toBe(0);
    expect(crossings(1.05, 1.45)).toBeCloseTo(880, -1);
    expect((await run('', '--audio', 'x.wav', '--time', '700000')).err).toContain('--audio records at most 600000 ms');
  });
});
