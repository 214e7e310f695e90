// Programs shaped like a compiler back end's output (functions with prologues and epilogues,
// arithmetic, loads and stores, calls, conditional branches to local labels, literal loads and a
// pool after each function), generated from a seed. Used by the benchmark and by tests.
import type { Cpu } from '../src/index.ts';

/** A small deterministic random generator (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedProgram {
  readonly text: string;
  /** Instructions in it (not counting labels, directives or pool words). */
  readonly instructions: number;
}

/** About `target` instructions of plausible back-end output for `cpu`. */
export function generateProgram(target: number, cpu: Cpu, seed = 1): GeneratedProgram {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const low = (): string => `r${Math.floor(random() * 8)}`;
  const lines: string[] = ['.syntax unified', '.thumb', `.cpu ${cpu === 'v6m' ? 'cortex-m0' : 'cortex-m4'}`, '.text'];
  let count = 0;
  let fn = 0;
  const functions = Math.max(1, Math.ceil(target / 60));
  while (count < target) {
    const name = `fn_${fn}`;
    lines.push('.balign 2', `.global ${name}`, '.thumb_func', `${name}:`, 'push {r4, r5, r6, r7, lr}');
    count++;
    const body = 40 + Math.floor(random() * 40);
    let label = 0;
    for (let i = 0; i < body && count < target; i++) {
      const r = random();
      if (r < 0.3) {
        lines.push(
          pick([
            `adds ${low()}, ${low()}, ${low()}`,
            `subs ${low()}, #${Math.floor(random() * 256)}`,
            `movs ${low()}, #${Math.floor(random() * 256)}`,
            `lsls ${low()}, ${low()}, #${1 + Math.floor(random() * 31)}`,
            `ands ${low()}, ${low()}`,
            `cmp ${low()}, #${Math.floor(random() * 256)}`,
            `mov r8, ${low()}`,
            `muls ${low()}, ${low()}`,
          ]),
        );
      } else if (r < 0.5) {
        lines.push(
          pick([
            `ldr ${low()}, [${low()}, #${4 * Math.floor(random() * 32)}]`,
            `str ${low()}, [sp, #${4 * Math.floor(random() * 16)}]`,
            `ldrb ${low()}, [${low()}, #${Math.floor(random() * 32)}]`,
            `strh ${low()}, [${low()}, #${2 * Math.floor(random() * 32)}]`,
            `ldr ${low()}, [${low()}, ${low()}]`,
          ]),
        );
      } else if (r < 0.62) {
        lines.push(
          pick([
            `ldr ${low()}, =0x${Math.floor(random() * 0xffffffff).toString(16)}`,
            `ldr ${low()}, =fn_${Math.floor(random() * functions)}`,
            `ldr ${low()}, =${Math.floor(random() * 100000)}`,
          ]),
        );
      } else if (r < 0.74) {
        lines.push(`bl fn_${Math.floor(random() * functions)}`);
      } else if (r < 0.86) {
        lines.push(
          `${pick(['beq', 'bne', 'blt', 'bge', 'bhi', 'bls', 'b'])} .L${fn}_${label + Math.floor(random() * 3)}`,
        );
      } else if (cpu === 'v7m' && r < 0.95) {
        lines.push(
          pick([
            `add.w r${Math.floor(random() * 13)}, r${Math.floor(random() * 13)}, #${Math.floor(random() * 4096)}`,
            `mul r${Math.floor(random() * 13)}, r1, r2`,
            `sdiv r0, r1, r2`,
            `ldr.w r9, [r${Math.floor(random() * 8)}, #${Math.floor(random() * 4096)}]`,
            `movw r10, #${Math.floor(random() * 65536)}`,
            `cbz ${low()}, .Lz${fn}_${i}\nadds r0, #1\n.Lz${fn}_${i}:`,
          ]),
        );
      } else {
        lines.push(`.L${fn}_${label}:`);
        label++;
        continue;
      }
      count++;
    }
    for (let l = label; l < label + 3; l++) lines.push(`.L${fn}_${l}:`);
    lines.push('pop {r4, r5, r6, r7, pc}', '.ltorg');
    count++;
    fn++;
  }
  // Calls may name functions past the last one generated: make them all exist.
  for (let i = fn; i < functions; i++) lines.push('.thumb_func', `fn_${i}:`, 'bx lr');
  return { text: lines.join('\n') + '\n', instructions: count };
}
