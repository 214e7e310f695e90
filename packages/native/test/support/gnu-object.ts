/**
 * Turns a GNU `as` object file into a ProgramObject for our linker, so hand-written assembly can
 * prove the linker (until our own assembler lands). Thumb code in `.text` only; relocations:
 * R_ARM_ABS32 against `.text` (a program address, the addend in place), R_ARM_ABS32 against an
 * undefined symbol (a runtime address: its C++ name), R_ARM_THM_CALL against an undefined
 * symbol (a runtime call).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProgramHeaderFields, ProgramObject, Relocation } from '../../src/image/program-object.ts';

export const GNU_AS = '/usr/bin/arm-none-eabi-as';

export interface AssembledObject {
  code: Uint8Array;
  relocations: Relocation[];
  symbols: Map<string, number>;
}

export function assembleThumb(source: string): AssembledObject {
  const dir = mkdtempSync(join(tmpdir(), 'blockyard-as-'));
  try {
    const src = join(dir, 'program.s');
    const obj = join(dir, 'program.o');
    const bin = join(dir, 'program.bin');
    writeFileSync(src, source);
    execFileSync(GNU_AS, ['-mcpu=cortex-m0', '-mthumb', '-o', obj, src]);
    execFileSync('arm-none-eabi-objcopy', ['-O', 'binary', '-j', '.text', obj, bin]);
    const code = new Uint8Array(readFileSync(bin));
    const relocations: Relocation[] = [];
    for (const line of execFileSync('arm-none-eabi-readelf', ['-rW', obj], { encoding: 'utf8' }).split('\n')) {
      const m = /^([0-9a-f]{8})\s+[0-9a-f]+\s+(R_ARM_\w+)\s+[0-9a-f]+\s+(.+)$/.exec(line.trim());
      if (!m) continue;
      const at = parseInt(m[1]!, 16);
      const type = m[2]!;
      const symbol = m[3]!.trim();
      if (type === 'R_ARM_ABS32') {
        relocations.push(
          symbol === '.text' ? { kind: 'program-address', at } : { kind: 'runtime-address', at, name: symbol },
        );
      } else if (type === 'R_ARM_THM_CALL' && symbol !== '.text') {
        relocations.push({ kind: 'runtime-call', at, name: symbol });
      } else {
        throw new Error(`unsupported relocation ${type} against ${symbol}`);
      }
    }
    const symbols = new Map<string, number>();
    for (const line of execFileSync('arm-none-eabi-nm', [obj], { encoding: 'utf8' }).split('\n')) {
      const m = /^([0-9a-f]{8}) [tT] (.+)$/.exec(line.trim());
      if (m) symbols.set(m[2]!, parseInt(m[1]!, 16));
    }
    return { code, relocations, symbols };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Header fields from the symbols a test program defines (see test/programs/*.s). */
export function programObjectFrom(
  assembled: AssembledObject,
  globals: { globals: number; nonPointerGlobals: number },
): ProgramObject {
  const at = (name: string) => {
    const value = assembled.symbols.get(name);
    if (value === undefined) throw new Error(`the program defines no ${name}`);
    return value;
  };
  const header: ProgramHeaderFields = {
    ...globals,
    configData: at('config_data'),
    ifaceMemberNames: at('iface_member_names'),
    lambdaTrampoline: at('lambda_trampoline'),
    perfCounters: at('perf_counters'),
    restoreExceptionState: at('restore_exception_state'),
    name: at('program_name'),
  };
  return { code: assembled.code, relocations: assembled.relocations, header };
}
