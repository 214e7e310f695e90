import type { ProgramObject } from '../../src/image/program-object.ts';

/**
 * A small program object built by hand (no assembler): the main action literal, a main that
 * calls serial::writeString, a stand-in trampoline and restorer, the header's data and a name
 * string. Structurally complete for the linker; not meant to run.
 */
export function tinyProgram(extraCode = 0): ProgramObject {
  const code = new Uint8Array(64 + extraCode);
  const view = new DataView(code.buffer);
  const half = (at: number, v: number) => view.setUint16(at, v, true);
  const word = (at: number, v: number) => view.setUint32(at, v, true);
  word(0, 0); // pxt::RefAction_vtable (relocated)
  half(4, 0);
  half(6, 0);
  word(8, 12 + 1); // main, Thumb
  half(12, 0xb500); // push {lr}
  half(14, 0x2000); // movs r0, #0
  half(16, 0xf7ff); // bl serial::writeString (relocated)
  half(18, 0xfffe);
  half(20, 0xbd00); // pop {pc}
  half(22, 0x46c0); // nop
  half(24, 0x4770); // trampoline stand-in: bx lr
  half(26, 0x4770); // restorer stand-in: bx lr
  word(28, 0); // config data: none
  word(32, 0); // iface member names: none
  word(36, 0);
  word(40, 0); // perf counters: none
  word(44, 0); // name: pxt::string_inline_ascii_vt (relocated)
  half(48, 4);
  code.set([0x74, 0x69, 0x6e, 0x79, 0], 50); // "tiny"
  return {
    code,
    relocations: [
      { kind: 'runtime-address', at: 0, name: 'pxt::RefAction_vtable' },
      { kind: 'program-address', at: 8 },
      { kind: 'runtime-call', at: 16, name: 'serial::writeString' },
      { kind: 'runtime-address', at: 44, name: 'pxt::string_inline_ascii_vt' },
    ],
    header: {
      globals: 1,
      nonPointerGlobals: 1,
      configData: 28,
      ifaceMemberNames: 32,
      lambdaTrampoline: 24,
      perfCounters: 40,
      restoreExceptionState: 26,
      name: 44,
    },
  };
}
