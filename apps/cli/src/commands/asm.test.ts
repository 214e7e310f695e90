import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';

const workspace = (files: Record<string, string>) => tempWorkspace('asm', files);

const BLINK = `
  .syntax unified
  .thumb
  .thumb_func
main:
  push {r4, lr}
  movs r4, #10
loop:
  subs r4, #1
  bne loop
  ldr r0, =0x50000504
  pop {r4, pc}
`;

describe('blockyard asm', () => {
  it('writes the flat binary and says so', async () => {
    const cwd = workspace({ 'blink.s': BLINK });
    const result = await runCli(['asm', 'blink.s', '-o', 'blink.bin'], cwd);
    expect(result).toEqual({ code: 0, out: 'Wrote blink.bin (16 bytes of Cortex-M0 code at 0x0).\n', err: '' });
    expect(readFileSync(join(cwd, 'blink.bin')).toString('hex')).toBe('10b50a24013cfdd1004810bd04050050');
  });

  it('assembles for the micro:bit V2 with --cpu v7m', async () => {
    const cwd = workspace({ 'div.s': 'sdiv r0, r1, r2\nbx lr\n' });
    const result = await runCli(['asm', 'div.s', '-o', 'div.bin', '--cpu', 'v7m'], cwd);
    expect(result.code).toBe(0);
    expect(readFileSync(join(cwd, 'div.bin')).toString('hex')).toBe('91fbf2f07047');
  });

  it('prints each error as file:line:col message and exits 1 without writing', async () => {
    const cwd = workspace({ 'bad.s': 'movs r0, #1\nmovs r0, #300\nsdiv r0, r1, r2\nb nowhere\n' });
    const result = await runCli(['asm', 'bad.s', '-o', 'bad.bin'], cwd);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      'bad.s:2:10 argument out of range: movs with a low register takes an immediate of 0 to 255, not 300\n' +
        'bad.s:3:1 sdiv is a Thumb-2 instruction, which the Cortex-M0 (v6m, micro:bit V1) does not have\n' +
        "bad.s:4:3 unknown label: 'nowhere' is not defined: define it as a label (nowhere:) or with .equ\n",
    );
    expect(() => readFileSync(join(cwd, 'bad.bin'))).toThrow();
  });

  it('stops after 10 errors and says so', async () => {
    const cwd = workspace({ 'many.s': Array.from({ length: 30 }, () => 'frob r0').join('\n') });
    const result = await runCli(['asm', 'many.s', '-o', 'x.bin'], cwd);
    expect(result.code).toBe(1);
    expect(result.err.split('\n').filter((line) => line.startsWith('many.s:'))).toHaveLength(11);
    expect(result.err).toContain('many.s: stopped after 10 errors');
  });

  it('prints the listing, or writes it to a file', async () => {
    const cwd = workspace({ 'blink.s': BLINK });
    const printed = await runCli(['asm', 'blink.s', '-o', 'b.bin', '--listing'], cwd);
    expect(printed.code).toBe(0);
    expect(printed.out).toContain('    6 00000000 10b5             push {r4, lr}\n');
    expect(printed.out).toContain('   12 0000000c 04050050         end of section (literal pool)\n');
    const written = await runCli(['asm', 'blink.s', '-o', 'b.bin', '--listing', 'b.lst'], cwd);
    expect(written.out).not.toContain('push');
    expect(readFileSync(join(cwd, 'b.lst'), 'utf8')).toBe(printed.out.slice(0, printed.out.indexOf('Wrote')));
  });

  it('places code at an origin and takes symbols from outside', async () => {
    const cwd = workspace({ 'call.s': 'bl panic\n' });
    const result = await runCli(
      ['asm', 'call.s', '-o', 'c.bin', '--origin', '0x1000', '--defsym', 'panic=0x2001'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(readFileSync(join(cwd, 'c.bin')).toString('hex')).toBe('00f0feff');
  });

  it('checks inline-assembly rules with --inline', async () => {
    const cwd = workspace({ 'inline.s': '_tmp: push {r0}\n' });
    const result = await runCli(['asm', 'inline.s', '-o', 'i.bin', '--inline'], cwd);
    expect(result.code).toBe(1);
    expect(result.err).toContain("inline.s:1:1 labels starting with '_' are reserved");
    expect(result.err).toContain('inline.s:1:7 stack misaligned: 1 word is still on the stack at the end');
  });

  it('explains bad options and missing files', async () => {
    const cwd = workspace({ 'a.s': 'nop\n', 'dir/x.s': '' });
    expect((await runCli(['asm', 'a.s', '-o', 'a.bin', '--cpu', 'm33'], cwd)).err).toContain('--cpu takes v6m');
    expect((await runCli(['asm', 'a.s', '-o', 'a.bin', '--origin', '3'], cwd)).err).toContain('--origin takes');
    expect((await runCli(['asm', 'a.s', '-o', 'a.bin', '--defsym', 'x'], cwd)).err).toContain('--defsym takes');
    const missing = await runCli(['asm', 'none.s', '-o', 'a.bin'], cwd);
    expect(missing).toMatchObject({ code: 1, err: 'error: cannot find none.s.\n' });
    expect((await runCli(['asm', 'dir', '-o', 'a.bin'], cwd)).err).toBe('error: dir is not a file.\n');
    expect((await runCli(['asm', 'a.s'], cwd)).code).not.toBe(0);
  });

  it('reports a binary it cannot write with exit code 2', async () => {
    const cwd = workspace({ 'a.s': 'nop\n' });
    const result = await runCli(['asm', 'a.s', '-o', 'no/such/dir/a.bin'], cwd);
    expect(result.code).toBe(2);
    expect(result.err).toContain('error: could not write');
  });
});
