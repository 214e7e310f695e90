// Small routines every program carries (only the ones it uses): the integer fast paths of the
// number operators, conversions between tagged values and the firmware's raw formats, and the
// two pieces the program header points at (the lambda trampoline and the exception restorer).
// docs/firmware-interface.md §6-§7 explains the rules they follow.
//
// Each helper is called with `bl` from compiled code, takes r0 (and r1), returns r0 and clobbers
// r0-r3 and r7; the operands stay on the caller's stack while a helper calls the runtime, so the
// collector sees them.

/** A call to a runtime function, written the way the code generator resolves it (see program-gen.ts). */
export type RuntimeCall = (name: string) => string;

export interface HelperDef {
  readonly name: string;
  readonly lines: (call: RuntimeCall) => string[];
}

const SAFEPOINT = ['mov r7, sp', 'str r7, [r6, #4]'];

/** The firmware's panic code for a cast from null (pxt::failedCast), shown on the LEDs. */
export const NULL_PANIC_CODE = 989;
/** What a program prints on serial before the position of a statement that used null. */
export const NULL_PANIC_TEXT = `\r\nPanic ${NULL_PANIC_CODE}: null or undefined used at `;

/** Binary operators with an integer fast path: both operands tagged integers -> inline. */
function arithmetic(name: string, runtime: string, fast: string[]): HelperDef {
  return {
    name,
    lines: (call) => [
      `${name}:`,
      'movs r2, r0',
      'ands r2, r1',
      'lsls r2, r2, #31',
      `beq ${name}_slow`,
      ...fast,
      `bvs ${name}_slow`,
      'mov r0, r2',
      'bx lr',
      `${name}_slow:`,
      'push {lr}',
      ...SAFEPOINT,
      call(runtime),
      'pop {pc}',
    ],
  };
}

/** Comparisons: both tagged integers compare as signed words (the tag keeps the order). */
function comparison(name: string, runtime: string, branch: string): HelperDef {
  return {
    name,
    lines: (call) => [
      `${name}:`,
      'movs r2, r0',
      'ands r2, r1',
      'lsls r2, r2, #31',
      `beq ${name}_slow`,
      'cmp r0, r1',
      `${branch} ${name}_true`,
      'movs r0, #10',
      'bx lr',
      `${name}_true:`,
      'movs r0, #66',
      'bx lr',
      `${name}_slow:`,
      'push {lr}',
      ...SAFEPOINT,
      call(runtime),
      'pop {pc}',
    ],
  };
}

/** Calls a runtime function with r0 (and r1) as they are, after a safe point. */
function plain(name: string, runtime: string): HelperDef {
  return { name, lines: (call) => [`${name}:`, 'push {lr}', ...SAFEPOINT, call(runtime), 'pop {pc}'] };
}

export const HELPERS: ReadonlyMap<string, HelperDef> = new Map(
  (
    [
      // (2a+1) + (2b+1) - 1 = 2(a+b)+1; overflow of the 32-bit add means out of the small range.
      arithmetic('_num_add', 'numops::adds', ['subs r2, r1, #1', 'adds r2, r0, r2']),
      arithmetic('_num_sub', 'numops::subs', ['subs r2, r0, r1', `bvs _num_sub_slow`, 'adds r2, #1']),
      plain('_num_mul', 'numops::muls'),
      plain('_num_div', 'numops::div'),
      plain('_num_mod', 'numops::mod'),
      plain('_num_and', 'numops::ands'),
      plain('_num_or', 'numops::orrs'),
      plain('_num_xor', 'numops::eors'),
      plain('_num_shl', 'numops::lsls'),
      plain('_num_shr', 'numops::asrs'),
      plain('_num_ushr', 'numops::lsrs'),
      plain('_num_bnot', 'numops::bnot'),
      plain('_num_pow', 'Math_::pow'),
      comparison('_num_lt', 'numops::lt', 'blt'),
      comparison('_num_le', 'numops::le', 'ble'),
      comparison('_num_gt', 'numops::gt', 'bgt'),
      comparison('_num_ge', 'numops::ge', 'bge'),
      // Equality: identical words are equal (integers, specials, the same object) unless a boxed
      // number (NaN): the runtime decides everything but two tagged integers.
      comparison('_num_eqq', 'numops::eqq', 'beq'),
      comparison('_num_neqq', 'numops::neqq', 'bne'),
      comparison('_num_eq', 'numops::eq', 'beq'),
      comparison('_num_neq', 'numops::neq', 'bne'),
      {
        // r0 must be an object: undefined (0) or null (6) stops the program the way the firmware
        // does (panic 989, "cast from null"), but first says on serial which statement it was:
        // r1 = the text before the position, r2 = the position ("main.ts:3\r\n"), both literals.
        name: '_check_ref',
        lines: (call: RuntimeCall) => [
          '_check_ref:',
          'cmp r0, #0',
          'beq _check_ref_fail',
          'cmp r0, #6',
          'beq _check_ref_fail',
          'bx lr',
          '_check_ref_fail:',
          'push {r1, r2, lr}',
          'mov r0, r1',
          ...SAFEPOINT,
          call('serial::writeString'),
          'ldr r0, [sp, #4]',
          ...SAFEPOINT,
          call('serial::writeString'),
          `ldr r0, =${NULL_PANIC_CODE}`,
          ...SAFEPOINT,
          call('pxtrt::panic'),
          'pop {r1, r2, pc}',
        ],
      },
      plain('_to_string', 'numops::toString'),
      plain('_concat', 'String_::concat'),
      plain('_type_of', 'pxt::typeOf'),
      // Truthiness as raw 0/1 (numops::toBool knows every kind of value).
      plain('_to_bool', 'numops::toBool'),
      {
        // Any value -> a tagged integer (format I before the shift): toInt for boxed numbers.
        name: '_to_int_tagged',
        lines: (call: RuntimeCall) => [
          '_to_int_tagged:',
          'lsls r1, r0, #31',
          'beq _to_int_tagged_slow',
          'bx lr',
          '_to_int_tagged_slow:',
          'push {lr}',
          ...SAFEPOINT,
          call('pxt::toInt'),
          'lsls r0, r0, #1',
          'adds r0, #1',
          'pop {pc}',
        ],
      },
      {
        // Any value -> tagged 0 or 1 (format B before the shift).
        name: '_to_bool_tagged',
        lines: (call: RuntimeCall) => [
          '_to_bool_tagged:',
          'push {lr}',
          ...SAFEPOINT,
          call('numops::toBool'),
          'lsls r0, r0, #1',
          'adds r0, #1',
          'pop {pc}',
        ],
      },
      {
        // A raw int32 result -> a tagged value (boxed by the runtime when it needs 32 bits).
        name: '_from_int',
        lines: (call: RuntimeCall) => [
          '_from_int:',
          'lsls r1, r0, #1',
          'asrs r2, r1, #1',
          'cmp r2, r0',
          'bne _from_int_slow',
          'adds r0, r1, #1',
          'bx lr',
          '_from_int_slow:',
          'push {lr}',
          ...SAFEPOINT,
          call('pxt::fromInt'),
          'pop {pc}',
        ],
      },
      {
        // A raw 0/1 result -> false (10) or true (66).
        name: '_from_bool',
        lines: () => [
          '_from_bool:',
          'cmp r0, #0',
          'beq _from_bool_false',
          'movs r0, #66',
          'bx lr',
          '_from_bool_false:',
          'movs r0, #10',
          'bx lr',
        ],
      },
    ] as HelperDef[]
  ).map((h) => [h.name, h] as const),
);

/**
 * The lambda trampoline (header offset 48): C++ runs every action as trampoline(action, a0, a1,
 * a2). It saves r4-r11, pushes a0, a1, a2 and the action, makes (or reuses) the fiber's thread
 * context with the collector's scan range ending above them, runs the action's code with r5 =
 * the action and r4 = 3, then releases the context.
 */
export function trampolineLines(call: RuntimeCall): string[] {
  return [
    '_lambda_trampoline:',
    'push {r4, r5, r6, r7, lr}',
    'mov r4, r8',
    'mov r5, r9',
    'mov r6, r10',
    'mov r7, r11',
    'push {r4, r5, r6, r7}',
    'mov r4, r1',
    'mov r5, r2',
    'mov r6, r3',
    'mov r7, r0',
    'mov r0, sp',
    'push {r4, r5, r6, r7}',
    'mov r1, sp',
    call('pxt::pushThreadContext'),
    'mov r6, r0',
    'mov r5, r7',
    'mov r0, r7',
    'ldr r1, [r7, #8]',
    'movs r4, #3',
    'blx r1',
    'mov r7, r0',
    'add sp, #16',
    'mov r0, r6',
    call('pxt::popThreadContext'),
    'mov r0, r7',
    'pop {r4, r5, r6, r7}',
    'mov r8, r4',
    'mov r9, r5',
    'mov r10, r6',
    'mov r11, r7',
    'pop {r4, r5, r6, r7, pc}',
  ];
}

/**
 * Resumes after a throw (header offset 56): r0 = the try frame, r1 = the thread context. The
 * back end does not compile try/throw yet; the header must point at a restorer all the same.
 */
export function restoreExceptionLines(): string[] {
  return [
    '_restore_exception_state:',
    'mov r6, r1',
    'ldr r1, [r0, #8]',
    'mov sp, r1',
    'ldr r5, [r0, #12]',
    'ldr r1, [r0, #4]',
    'movs r0, #1',
    'orrs r1, r0',
    'bx r1',
  ];
}
