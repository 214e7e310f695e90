// A tool, not a check: NATIVE_PROBE_FILE=<main.ts> runs that program in the simulator, built by
// our native back end in QEMU and (NATIVE_PROBE_MAKECODE=1) as MakeCode's own image in QEMU, and
// prints the three outputs side by side ("!!" marks a line that differs). The program prints
// "END" last. Skipped when the variable is not set.
import { readFileSync } from 'node:fs';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import ts from 'typescript';
import { it } from 'vitest';
import { makeCodeLines, nativeLines, simulatorLines } from './three-way.ts';

const file = process.env.NATIVE_PROBE_FILE;
const withMakeCode = process.env.NATIVE_PROBE_MAKECODE === '1';

it.skipIf(!file)(
  'prints one program three ways',
  async () => {
    const compiler = createMicrobitCompiler(ts);
    const source = readFileSync(file!, 'utf8');
    const failed = (error: unknown) => String(error).split('\n');
    let simulator: string[];
    try {
      simulator = simulatorLines(compiler, source);
    } catch (error) {
      simulator = failed(error);
    }
    const [device, makeCode] = await Promise.all([
      nativeLines(compiler, source, 'END').catch(failed),
      withMakeCode ? makeCodeLines('probe', source, 'END').catch(failed) : Promise.resolve([]),
    ]);
    const rows: string[] = [];
    for (let i = 0; i < Math.max(simulator.length, device.length, makeCode.length); i++) {
      const same = simulator[i] === device[i] && (!withMakeCode || device[i] === makeCode[i]);
      const shown = [simulator[i], device[i], ...(withMakeCode ? [makeCode[i]] : [])].map((l) => JSON.stringify(l));
      rows.push(`${same ? '  ' : '!!'} ${shown.join(' | ')}`);
    }
    console.log(`simulator | device${withMakeCode ? ' | MakeCode' : ''}\n${rows.join('\n')}`);
  },
  600_000,
);
