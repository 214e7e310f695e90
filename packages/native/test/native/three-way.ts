// One program three ways: our simulator (headless), our native back end in QEMU and (when asked)
// MakeCode's own V1 image in QEMU, each as serial lines.
import { runHeadless } from '@blockyard/board-microbit/headless';
import { formatDiagnostic, type Compiler } from '@blockyard/language';
import { MicrobitSession } from '../harness/qemu-microbit.ts';
import { buildWithMakeCode } from '@blockyard/makecode-reference';
import { expect, it } from 'vitest';
import { deviceLines, v1Hex } from './qemu-v1.ts';

/** The serial lines the simulator prints in `timeMs` of virtual time. */
export function simulatorLines(compiler: Compiler, source: string, timeMs = 60_000): string[] {
  const compiled = compiler.compile({ 'main.ts': source });
  if (!compiled.program) throw new Error(compiled.diagnostics.map(formatDiagnostic).join('\n'));
  return runHeadless({ program: compiled.program, timeMs, presses: [] }).lines.map((line) => line.text);
}

/** Boots `hex` and returns its serial lines once `last` is printed (or the wait ends). */
async function qemuLines(hex: string, last: string, waitMs: number): Promise<string[]> {
  const session = await MicrobitSession.boot(hex, { leds: false, sessionTimeoutMs: waitMs + 30_000 });
  try {
    await session
      .waitUntil(() => deviceLines(session.serial).some((line) => line.startsWith(last)), `the line "${last}"`, waitMs)
      .catch(() => undefined);
    return deviceLines(session.serial);
  } finally {
    session.close();
  }
}

export async function nativeLines(compiler: Compiler, source: string, last: string, waitMs = 60_000) {
  return qemuLines(await v1Hex(compiler, source, 'differential'), last, waitMs);
}

export async function makeCodeLines(name: string, source: string, last: string, waitMs = 60_000) {
  const build = await buildWithMakeCode(name, { 'main.ts': source });
  return qemuLines(build.v1Hex, last, waitMs);
}

/** The simulator and our native build (QEMU) both print `printed` for `source`, ending with END. */
export async function expectBothPrint(compiler: Compiler, source: string, printed: readonly string[]): Promise<void> {
  expect(simulatorLines(compiler, source)).toEqual(printed);
  expect(await nativeLines(compiler, source, 'END', 60_000)).toEqual(printed);
}

/** The simulator prints `simulator` for `source` and our native build (QEMU) prints `device`. */
export async function expectPrintsApart(
  compiler: Compiler,
  source: string,
  simulator: readonly string[],
  device: readonly string[],
): Promise<void> {
  expect(simulatorLines(compiler, source)).toEqual(simulator);
  expect(await nativeLines(compiler, source, 'END', 60_000)).toEqual(device);
}

/**
 * The two tests of a program whose lines MakeCode's own V1 image printed in QEMU: the simulator
 * prints them, and so does our native build. Separate tests, so a failure names the side.
 */
export function itPrintsAsMakeCode(compiler: Compiler, source: string, printed: readonly string[]): void {
  it('the simulator prints what MakeCode’s device prints', () => {
    expect(simulatorLines(compiler, source)).toEqual(printed);
  }, 60_000);

  it('our native build prints the same', async () => {
    expect(await nativeLines(compiler, source, 'END', 60_000)).toEqual(printed);
  }, 120_000);
}
