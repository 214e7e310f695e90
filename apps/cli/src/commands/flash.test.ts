// `blockyard flash --emulated`: the final line, each fault, and the exit codes. The board runs on
// virtual time, so a flash that waits for a replug takes no real seconds.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDemoImages, type DemoImages } from '@blockyard/device/emulator';
import { nodeFirmwareStore } from '@blockyard/device/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';

let big: DemoImages;
let cwd: string;
beforeAll(async () => {
  big = await buildDemoImages(nodeFirmwareStore(), 'big', { padding: 12_000 });
  cwd = tempWorkspace('flash');
  writeFileSync(join(cwd, 'big.hex'), big.universalHex);
  writeFileSync(join(cwd, 'big-v1.hex'), big.hex('v1'));
}, 60_000);

const FINAL = /^flashed (\d+) bytes in (\d+) ms \((full|partial)\)\n$/;

describe('blockyard flash --emulated', () => {
  it('a partial flash sends only the changed pages and ends with one final line on stdout', async () => {
    const result = await runCli(['flash', 'big.hex', '--emulated', '--partial'], cwd);
    expect(result.code).toBe(0);
    const [, bytes, ms, mode] = FINAL.exec(result.out) ?? [];
    expect(mode).toBe('partial');
    expect(Number(bytes) % 4096).toBe(0);
    expect(Number(bytes)).toBeGreaterThan(4096);
    expect(Number(ms)).toBeGreaterThan(0);
    // Progress went to stderr, stage by stage, with the percent only ever growing.
    const percents = [...result.err.matchAll(/^\s*(\d+)%/gm)].map((m) => Number(m[1]));
    expect(percents.length).toBeGreaterThan(3);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(result.err).toMatch(/Finding the micro:bit/);
    expect(result.err).toMatch(/sending \d+ of \d+ bytes \(partial/);
    expect(result.err).toMatch(/Starting the program/);
  });

  it('a full flash (the default) writes every page of the file, more than a partial one', async () => {
    const full = await runCli(['flash', 'big-v1.hex', '--emulated', '--board', 'v1'], cwd);
    const partial = await runCli(['flash', 'big-v1.hex', '--emulated', '--board', 'v1', '--partial'], cwd);
    expect(full.code).toBe(0);
    expect(partial.code).toBe(0);
    const fullBytes = Number(FINAL.exec(full.out)?.[1]);
    const partialBytes = Number(FINAL.exec(partial.out)?.[1]);
    expect(FINAL.exec(full.out)?.[3]).toBe('full');
    expect(fullBytes).toBeGreaterThan(partialBytes * 4);
    expect(Number(FINAL.exec(full.out)?.[2])).toBeGreaterThan(Number(FINAL.exec(partial.out)?.[2]));
  });

  it('unplug@50: waits for the cable, carries on and still ends flashed', async () => {
    const result = await runCli(['flash', 'big.hex', '--emulated', '--partial', '--fault', 'unplug@50'], cwd);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(FINAL);
    expect(result.err).toMatch(/The cable came out: waiting for the micro:bit to come back/);
    // The pages written before the cable came out count: at least as many as the flash uncut.
    const uncut = await runCli(['flash', 'big.hex', '--emulated', '--partial'], cwd);
    expect(Number(FINAL.exec(result.out)?.[1])).toBeGreaterThanOrEqual(Number(FINAL.exec(uncut.out)?.[1]));
  });

  it('unplug@50! (stays out): the plain error as the last line, exit 2, nothing on stdout', async () => {
    const result = await runCli(['flash', 'big.hex', '--emulated', '--partial', '--fault', 'unplug@50!'], cwd);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err.trimEnd().split('\n').at(-1)).toMatch(
      /^error: The cable came out while sending and the micro:bit did not come back\. Plug it back in/,
    );
  });

  it('late-response: the late answer is dropped, the flash carries on and checks out', async () => {
    const result = await runCli(['flash', 'big.hex', '--emulated', '--fault', 'late-response@40'], cwd);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^flashed \d+ bytes in \d+ ms \(full\)\n$/);
    expect(result.err).toMatch(/stopped answering: trying again/);
  });

  it('late-response takes a timeout longer than the same flash without it', async () => {
    const plain = await runCli(['flash', 'big.hex', '--emulated', '--partial'], cwd);
    const late = await runCli(['flash', 'big.hex', '--emulated', '--partial', '--fault', 'late-response@40'], cwd);
    expect(late.code).toBe(0);
    const ms = (out: string) => Number(FINAL.exec(out)?.[2]);
    expect(ms(late.out) - ms(plain.out)).toBeGreaterThanOrEqual(1000);
  });

  it('stuck-bootloader: the program is written but does not start: says to press reset, exit 2', async () => {
    const result = await runCli(['flash', 'big.hex', '--emulated', '--partial', '--fault', 'stuck-bootloader'], cwd);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err.trimEnd().split('\n').at(-1)).toMatch(
      /^error: Your program is on the micro:bit but did not start\. Press the reset button/,
    );
  });

  it.each([
    [
      'wont-halt',
      'error: The micro:bit could not be stopped to take the new program. Press its reset button, or unplug it and plug it back in, then try again. (cannot switch into bootloader mode)',
    ],
    [
      'usb-error@40',
      /^error: The USB connection to the micro:bit failed\. Unplug it, plug it back in and try again\. \(USB error on device BBC micro:bit CMSIS-DAP \(.*transfer.*stall\)\)$/,
    ],
    [
      'error-response@40',
      /^error: The micro:bit could not do what it was asked\. Unplug it, plug it back in and try again\. \(execution error.*\)$/,
    ],
  ])('%s: says in plain words what went wrong, exit 2', async (fault, last) => {
    const result = await runCli(['flash', 'big.hex', '--emulated', '--partial', '--fault', fault], cwd);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    const line = result.err.trimEnd().split('\n').at(-1) ?? '';
    if (typeof last === 'string') expect(line).toBe(last);
    else expect(line).toMatch(last);
  });

  it('busy: another tab holds the board: says which and what to do, exit 2', async () => {
    const result = await runCli(['flash', 'big.hex', '--emulated', '--fault', 'busy'], cwd);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err.trimEnd().split('\n').at(-1)).toBe(
      'error: Another tab or program is using the micro:bit. Close other tabs or apps that use a micro:bit (another editor, MakeCode), then try again. (Device in use or not found.)',
    );
  });

  it('a file for the other board is refused before any board is touched, exit 1', async () => {
    const result = await runCli(['flash', 'big-v1.hex', '--emulated', '--board', 'v2'], cwd);
    expect(result).toMatchObject({ code: 1, out: '' });
    expect(result.err).toBe(
      'error: big-v1.hex: This file cannot go on this micro:bit. (Invalid file: it is for a micro:bit V1, and this is a micro:bit V2)\n',
    );
  });

  it.each([
    ['not a hex file', 'hello\n', /line 1 does not start with ":"/],
    ['cut short', ':020000040000FA\n', /no end record/],
    ['a damaged line', ':0200000400FFFA\n:00000001FF\n', /line 1 of the \.hex is damaged/],
  ])('%s: says what is wrong with the file, exit 1', async (_name, text, why) => {
    const dir = tempWorkspace('flash-bad', { 'bad.hex': text });
    const result = await runCli(['flash', 'bad.hex', '--emulated'], dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(why);
    expect(result.err.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('refuses without --emulated, an unknown fault, a wrong board and a missing file', async () => {
    const without = await runCli(['flash', 'big.hex'], cwd);
    expect(without.code).toBe(1);
    expect(without.err).toMatch(/add --emulated/);
    const unknown = await runCli(['flash', 'big.hex', '--emulated', '--fault', 'explode'], cwd);
    expect(unknown).toMatchObject({ code: 1, out: '' });
    expect(unknown.err).toMatch(/"explode" is not a fault I know\. Use unplug@<percent>, late-response/);
    expect((await runCli(['flash', 'big.hex', '--emulated', '--board', 'v3'], cwd)).err).toMatch(
      /--board takes v1 or v2/,
    );
    expect((await runCli(['flash', 'nothing.hex', '--emulated'], cwd)).err).toBe('error: cannot find nothing.hex.\n');
  });
});
