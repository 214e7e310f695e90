// Generated from flash-helpers-source.ts by @blockyard/native's assembler (origin 0x20000000,
// Cortex-M0). Do not edit: flash-helpers.test.ts checks that assembling the source gives exactly
// these words and offsets, and prints the new ones when it does not.

export const FLASH_HELPERS_WORDS: readonly number[] = [
  0xbe00be00, 0x4c28b5f0, 0x4e294d28, 0x51672702, 0xf81bf000, 0x51603504, 0xf0003d04, 0x2701f816, 0xf0005167,
  0x2a00f812, 0x680fd009, 0xd0021c7b, 0xf0006007, 0x3004f80a, 0x3a013104, 0x2700d1f5, 0xf0005167, 0x2000f802,
  0x59a3bdf0, 0xd0fc2b00, 0xb5f04770, 0x464d4644, 0xb4704656, 0x46994680, 0x4e144692, 0x464b4f14, 0xd0162b00,
  0x188a4652, 0x4d134c12, 0x31046808, 0x43744044, 0x437d182d, 0x405d0beb, 0xd1f54291, 0x60044640, 0x30086045,
  0x464b4680, 0x46993b01, 0xbc70e7e5, 0x46a946a0, 0x200046b2, 0x0000bdf0, 0x4001e000, 0x00000504, 0x00000400,
  0x01000193, 0x85ebca6b, 0x811c9dc5, 0x9e3779b9,
];

/** Byte offsets of the entry points from the load address. */
export const FLASH_HELPERS_ENTRY = { stop: 0x0, writePage: 0x4, hashPages: 0x52 } as const;
