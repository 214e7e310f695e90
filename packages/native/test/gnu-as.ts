// Test helper: assembles cases with GNU `arm-none-eabi-as` (and links them at a fixed address
// with `ld`), and with our assembler, and reports per case what each produced. Each case is a
// snippet of one or more lines, placed 4-byte aligned after a marker label, so one run of each
// assembler covers thousands of cases.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assemble, type AssembleOptions, type AssembleResult, type Cpu } from '../src/index.ts';

export const GNU_AS = '/usr/bin/arm-none-eabi-as';
const GNU_LD = '/usr/bin/arm-none-eabi-ld';
const GNU_OBJCOPY = '/usr/bin/arm-none-eabi-objcopy';
const GNU_NM = '/usr/bin/arm-none-eabi-nm';

export function haveGnuAs(): boolean {
  return [GNU_AS, GNU_LD, GNU_OBJCOPY, GNU_NM].every((path) => existsSync(path));
}

export type CaseResult = { ok: true; bytes: string } | { ok: false; message: string };

const GNU_CPU: Readonly<Record<Cpu, string>> = { v6m: 'cortex-m0', v7m: 'cortex-m4' };

const HEADER = ['.syntax unified', '.thumb', '.text'];

/** The source with every case after a 4-aligned marker label, and each line's case index. */
function corpusSource(cases: readonly string[]): { text: string; caseOfLine: number[] } {
  const lines = [...HEADER];
  const caseOfLine = HEADER.map(() => -1);
  cases.forEach((body, i) => {
    lines.push('.balign 4', `m_${i}:`);
    caseOfLine.push(i, i);
    for (const line of body.split('\n')) {
      lines.push(line);
      caseOfLine.push(i);
    }
  });
  lines.push('.balign 4', `m_${cases.length}:`);
  caseOfLine.push(-1, -1);
  return { text: lines.join('\n') + '\n', caseOfLine };
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

function run(command: string, args: string[], cwd: string): { status: number; stderr: string; stdout: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status ?? -1, stderr: result.stderr, stdout: result.stdout };
}

export interface GnuOptions {
  /** Link address of the first section. */
  readonly origin?: number;
  /** Symbols defined at link time (ld --defsym), like our `symbols` option. */
  readonly defsym?: Readonly<Record<string, number>>;
  /** Output sections in order, for programs with more than .text (else only .text is kept). */
  readonly sections?: readonly string[];
}

/** Assembles the cases with GNU as for `cpu`, linked at `origin`. */
function gnuAssemble(cases: readonly string[], cpu: Cpu, options: GnuOptions = {}): CaseResult[] {
  const origin = options.origin ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'blockyard-gnu-as-'));
  try {
    const results: (CaseResult | undefined)[] = cases.map(() => undefined);
    let remaining = cases.map((_, i) => i);
    for (let attempt = 0; attempt < 4 && remaining.length > 0; attempt++) {
      const { text, caseOfLine } = corpusSource(remaining.map((i) => cases[i]!));
      writeFileSync(join(dir, 'in.s'), text);
      const as = run(GNU_AS, [`-mcpu=${GNU_CPU[cpu]}`, '-o', 'in.o', 'in.s'], dir);
      const failed = new Map<number, string>();
      for (const m of as.stderr.matchAll(/in\.s:(\d+): Error: (.*)/g)) {
        const local = caseOfLine[Number(m[1]) - 1];
        if (local === undefined || local < 0) throw new Error(`GNU as failed outside a case: ${m[0]}`);
        const index = remaining[local]!;
        failed.set(index, (failed.get(index) ?? '') + m[2]!);
      }
      if (failed.size > 0) {
        for (const [index, message] of failed) results[index] = { ok: false, message };
        remaining = remaining.filter((i) => !failed.has(i));
        continue;
      }
      if (as.status !== 0) throw new Error(`GNU as failed: ${as.stderr}`);
      const ldArgs = ['-e', '0', '-o', 'out.elf', 'in.o'];
      for (const [name, value] of Object.entries(options.defsym ?? {}))
        ldArgs.push(`--defsym=${name}=0x${value.toString(16)}`);
      if (options.sections !== undefined) {
        // One output section per input section, in order, each aligned as its input asks.
        const body = options.sections.map(
          (name, i) => `  ${name} ${i === 0 ? `0x${origin.toString(16)}` : ''} : { *(${name}) }`,
        );
        writeFileSync(join(dir, 'link.ld'), `SECTIONS {\n${body.join('\n')}\n}\n`);
        ldArgs.push('-T', 'link.ld');
      } else ldArgs.push(`-Ttext=0x${origin.toString(16)}`);
      const ld = run(GNU_LD, ldArgs, dir);
      if (ld.status !== 0) {
        // Link-time range errors (branches to absolute addresses) belong to the case they are in.
        const linkFailed = new Set<number>();
        for (const m of ld.stderr.matchAll(/in function `m_(\d+)':\n[^\n]*relocation truncated to fit[^\n]*/g)) {
          const index = remaining[Number(m[1])]!;
          linkFailed.add(index);
          results[index] = { ok: false, message: m[0].split('\n')[1]! };
        }
        if (linkFailed.size === 0) throw new Error(`ld failed: ${ld.stderr}`);
        remaining = remaining.filter((i) => !linkFailed.has(i));
        continue;
      }
      const only = options.sections === undefined ? ['-j', '.text'] : [];
      const copy = run(GNU_OBJCOPY, ['-O', 'binary', ...only, 'out.elf', 'out.bin'], dir);
      if (copy.status !== 0) throw new Error(`objcopy failed: ${copy.stderr}`);
      const image = readFileSync(join(dir, 'out.bin'));
      const markers = new Map<number, number>();
      for (const m of run(GNU_NM, ['out.elf'], dir).stdout.matchAll(/^([0-9a-f]+) \w m_(\d+)$/gm)) {
        markers.set(Number(m[2]), parseInt(m[1]!, 16) - origin);
      }
      remaining.forEach((index, local) => {
        const start = markers.get(local)!;
        const end = markers.get(local + 1)!;
        results[index] = { ok: true, bytes: hex(image.subarray(start, end)) };
      });
      remaining = [];
    }
    return results.map((r) => r ?? { ok: false, message: 'GNU as kept failing' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Assembles the same cases with our assembler. */
function ourAssemble(cases: readonly string[], cpu: Cpu, options: AssembleOptions = {}): CaseResult[] {
  const { text, caseOfLine } = corpusSource(cases);
  const result = assemble(text, { cpu, maxErrors: Infinity, ...options });
  const failed = new Map<number, string>();
  for (const error of result.errors) {
    const index = caseOfLine[error.line - 1];
    if (index === undefined || index < 0) throw new Error(`our assembler failed outside a case: ${error.message}`);
    failed.set(index, (failed.get(index) ?? '') + error.message);
  }
  const image = imageOf(result);
  const origin = result.origin;
  return cases.map((_, i) => {
    const message = failed.get(i);
    if (message !== undefined) return { ok: false, message };
    const start = result.symbols.get(`m_${i}`)!.value - origin;
    const end = result.symbols.get(`m_${i + 1}`)!.value - origin;
    return { ok: true, bytes: hex(image.subarray(start, end)) };
  });
}

/** The image, rebuilt from the listing when errors left `bytes` empty. */
function imageOf(result: AssembleResult): Uint8Array {
  if (result.ok) return result.bytes;
  const size =
    result.listing.reduce((end, e) => Math.max(end, e.address + e.bytes.length), result.origin) - result.origin;
  const image = new Uint8Array(size);
  for (const entry of result.listing) image.set(entry.bytes, entry.address - result.origin);
  return image;
}

export interface Mismatch {
  readonly index: number;
  readonly text: string;
  readonly gnu: CaseResult;
  readonly ours: CaseResult;
}

/**
 * Cases where our assembler disagrees with GNU as (accepting, rejecting, or the bytes). Bytes are
 * compared from a second run of ours over exactly the cases GNU as accepted, so that every case
 * sits at the same address in both (some depend on it: alignment, absolute label values).
 */
export function compareWithGnu(cases: readonly string[], cpu: Cpu): Mismatch[] {
  const gnu = gnuAssemble(cases, cpu);
  const ours = ourAssemble(cases, cpu);
  const accepted = cases.map((_, i) => i).filter((i) => gnu[i]!.ok);
  const oursAccepted = ourAssemble(
    accepted.map((i) => cases[i]!),
    cpu,
  );
  const bytes = new Map(accepted.map((index, local) => [index, oursAccepted[local]!]));
  const mismatches: Mismatch[] = [];
  cases.forEach((text, index) => {
    const g = gnu[index]!;
    const o = ours[index]!;
    const positioned = bytes.get(index);
    const same = g.ok ? o.ok && positioned?.ok === true && positioned.bytes === g.bytes : !o.ok;
    if (!same)
      mismatches.push({ index, text, gnu: g, ours: g.ok && o.ok && positioned !== undefined ? positioned : o });
  });
  return mismatches;
}

export function describeMismatch(m: Mismatch): string {
  const show = (r: CaseResult) => (r.ok ? r.bytes : `error: ${r.message}`);
  return `${m.text.replace(/\n/g, ' ; ')}\n    gnu:  ${show(m.gnu)}\n    ours: ${show(m.ours)}`;
}

/**
 * A whole program (header included by the caller) through GNU as and ld: the flat image from
 * `origin`, or the errors. Sections are laid out in the order given, as our assembler does.
 */
export function gnuProgram(text: string, cpu: Cpu, options: GnuOptions = {}): CaseResult {
  const dir = mkdtempSync(join(tmpdir(), 'blockyard-gnu-as-'));
  try {
    const origin = options.origin ?? 0;
    writeFileSync(join(dir, 'in.s'), text);
    const as = run(GNU_AS, [`-mcpu=${GNU_CPU[cpu]}`, '-o', 'in.o', 'in.s'], dir);
    if (as.status !== 0) return { ok: false, message: as.stderr };
    const sections = options.sections ?? ['.text'];
    const body = sections.map((name, i) => `  ${name} ${i === 0 ? `0x${origin.toString(16)}` : ''} : { *(${name}) }`);
    writeFileSync(join(dir, 'link.ld'), `SECTIONS {\n${body.join('\n')}\n}\n`);
    const ldArgs = ['-e', '0', '-T', 'link.ld', '-o', 'out.elf', 'in.o'];
    for (const [name, value] of Object.entries(options.defsym ?? {}))
      ldArgs.push(`--defsym=${name}=0x${value.toString(16)}`);
    const ld = run(GNU_LD, ldArgs, dir);
    if (ld.status !== 0) return { ok: false, message: ld.stderr };
    const copy = run(GNU_OBJCOPY, ['-O', 'binary', 'out.elf', 'out.bin'], dir);
    if (copy.status !== 0) throw new Error(`objcopy failed: ${copy.stderr}`);
    return { ok: true, bytes: hex(readFileSync(join(dir, 'out.bin'))) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same program through our assembler. */
export function ourProgram(text: string, cpu: Cpu, options: AssembleOptions = {}): CaseResult {
  const result = assemble(text, { cpu, maxErrors: Infinity, ...options });
  if (!result.ok)
    return { ok: false, message: result.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n') };
  return { ok: true, bytes: hex(result.bytes) };
}
