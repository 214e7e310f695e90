// Random programs for the comparison with GNU as: instructions with random registers and
// immediates (some invalid on purpose: both assemblers must then reject the program), labels,
// branches, literal loads and pools, data and alignment.
import fc from 'fast-check';
import type { Cpu } from '../src/index.ts';

export const HEADER = '.syntax unified\n.thumb\n.text\n';

const LOW = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'];
const ALL = [...LOW, 'r8', 'r9', 'r10', 'r11', 'r12', 'lr'];
const LABELS = ['L0', 'L1', 'L2', 'L3', 'L4', 'L5'];

/** One random statement; some are invalid on purpose (both assemblers must reject them). */
function statement(cpu: Cpu): fc.Arbitrary<string> {
  const low = fc.constantFrom(...LOW);
  const any = fc.constantFrom(...ALL);
  const label = fc.constantFrom(...LABELS);
  const byte = fc.integer({ min: -2, max: 260 });
  const common = [
    fc.tuple(low, low, low).map(([a, b, c]) => `adds ${a}, ${b}, ${c}`),
    fc.tuple(low, byte).map(([a, v]) => `movs ${a}, #${v}`),
    fc.tuple(low, byte).map(([a, v]) => `subs ${a}, #${v}`),
    fc.tuple(low, low, fc.integer({ min: 0, max: 33 })).map(([a, b, n]) => `lsrs ${a}, ${b}, #${n}`),
    fc.tuple(any, any).map(([a, b]) => `mov ${a}, ${b}`),
    fc.tuple(any, any).map(([a, b]) => `cmp ${a}, ${b}`),
    fc.tuple(low, low, fc.integer({ min: -4, max: 130 })).map(([a, b, o]) => `ldr ${a}, [${b}, #${o}]`),
    fc.tuple(low, fc.integer({ min: 0, max: 1030 })).map(([a, o]) => `str ${a}, [sp, #${o}]`),
    fc.tuple(low, fc.integer({ min: -1, max: 0x1ffff })).map(([a, v]) => `ldr ${a}, =${v}`),
    fc.tuple(low, label).map(([a, l]) => `ldr ${a}, =${l}`),
    fc.tuple(fc.constantFrom('b', 'beq', 'bne', 'bgt', 'bl'), label).map(([op, l]) => `${op} ${l}`),
    fc.tuple(low, label).map(([a, l]) => `adr ${a}, ${l}`),
    fc.constantFrom('push {r4, lr}', 'pop {r4, pc}', 'nop', '.ltorg', '.balign 4', 'bx lr', '.word L1', '.byte 7, 8'),
    // Data keeps instructions at even addresses: GNU as would emit a misaligned instruction where
    // we report an error (the one deliberate difference, see the README).
    fc.integer({ min: 0, max: 300 }).map((n) => `.space ${2 * n}`),
  ];
  const v7m = [
    fc
      .tuple(any, any, fc.constantFrom('#0x100', '#4095', '#-8', '#0xff00ff00', '#12345'))
      .map(([a, b, v]) => `add ${a}, ${b}, ${v}`),
    fc.tuple(any, any, any).map(([a, b, c]) => `sdiv ${a}, ${b}, ${c}`),
    fc.tuple(low, label).map(([a, l]) => `cbz ${a}, ${l}`),
    fc.tuple(any, fc.integer({ min: -300, max: 5000 })).map(([a, o]) => `ldr.w ${a}, [r1, #${o}]`),
    fc.tuple(low, low).map(([a, b]) => `ite eq\naddeq ${a}, ${b}\nsubne ${a}, ${b}`),
    fc.tuple(any, label).map(([a, l]) => `movw ${a}, #:lower16:${l}\nmovt ${a}, #:upper16:${l}`),
  ];
  return fc.oneof(...common, ...(cpu === 'v7m' ? v7m : []));
}

export function randomProgram(cpu: Cpu): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(statement(cpu), { minLength: 1, maxLength: 40 }),
      fc.shuffledSubarray(LABELS, { minLength: LABELS.length }),
    )
    .chain(([statements, labels]) =>
      fc.tuple(...labels.map(() => fc.integer({ min: 0, max: statements.length }))).map((places) => {
        const lines = [...statements];
        // Insert labels from the back so earlier positions stay valid; every label exists once.
        labels
          .map((name, i) => ({ name, at: places[i]! }))
          .sort((a, b) => b.at - a.at)
          .forEach(({ name, at }) => lines.splice(at, 0, `${name}:`));
        return `${HEADER}${lines.join('\n')}\n`;
      }),
    );
}
