// Small routines every program carries (only the ones it uses): the integer fast paths of the
// number operators, conversions between tagged values and the firmware's raw formats, and the
// two pieces the program header points at (the lambda trampoline and the exception restorer).
// docs/firmware-interface.md §6-§7 explains the rules they follow.
//
// Each helper is called with `bl` from compiled code, takes r0 (and r1), returns r0 and clobbers
// r0-r3 and r7. The number, text and type helpers keep their operands (r0, and r1 for two) on the
// stack themselves while they call the runtime, so the collector sees them: the caller need not
// (MakeCode's helpers do the same). The others expect their operands on the caller's stack.

import { FALSE, TRUE } from './code-emitter.ts';

/** A call to a runtime function, written the way the code generator resolves it (see program-gen.ts). */
export type RuntimeCall = (name: string) => string;
/** The label of a text literal of the program (a helper may print fixed text). */
type TextLiteral = (value: string) => string;
/** The label of a boxed number literal of the program (its first word is the number vtable). */
type NumberLiteral = (value: number) => string;
/** Byte offset of a device library global (`ns.name`) in the globals block, if the program has it. */
type GlobalOffset = (name: string) => number | undefined;

/**
 * The device library's serial turn (device-library.ts, `__device_serial`): a fiber's write holds
 * it, so the firmware never refuses (and loses) another fiber's line. Panic lines take the same
 * turn. Free is anything but TRUE or SERIAL_TURN_WANTED; WANTED means held while a fiber waits.
 */
const SERIAL_TURN_GLOBAL = '__device_serial.busy';
/** The turn is held and another fiber waits for it (a tagged 1: the collector skips it). */
const SERIAL_TURN_WANTED = 3;

export interface HelperDef {
  readonly name: string;
  readonly lines: (
    call: RuntimeCall,
    text: TextLiteral,
    global: GlobalOffset,
    numberLiteral: NumberLiteral,
  ) => string[];
  /** Other helpers this one jumps to. */
  readonly uses?: readonly string[];
}

const SAFEPOINT = ['mov r7, sp', 'str r7, [r6, #4]'];

/**
 * The slow path of a helper that takes one operand (r0) or two (r0, r1), both values: they stay
 * on the stack while the runtime runs (it may collect garbage), then `runtime`'s result returns.
 */
function rootedCall(call: RuntimeCall, runtime: string, operands: 1 | 2, after: string[] = []): string[] {
  return [
    operands === 2 ? 'push {r0, r1, lr}' : 'push {r0, lr}',
    ...SAFEPOINT,
    call(runtime),
    ...after,
    `add sp, #${4 * operands}`,
    'pop {pc}',
  ];
}

/** The firmware's panic code for a cast from null (pxt::failedCast), shown on the LEDs. */
const NULL_PANIC_CODE = 989;
/** The firmware's codes for a boolean or a number cast to an object (PANIC_CAST_FIRST + type). */
const BOOLEAN_CAST_PANIC_CODE = 981;
const NUMBER_CAST_PANIC_CODE = 982;
/** The firmware's code for a fiber's stack running out (PANIC_STACK_OVERFLOW). */
const STACK_OVERFLOW_PANIC_CODE = 916;
/** control.assert's code, as in the simulator and MakeCode. */
export const ASSERT_PANIC_CODE = 98;

/**
 * What a panic prints on serial before the firmware stops the program: `Panic <code><what> at
 * <file>:<line>`, on a line of its own (docs: packages/native/README.md, "Panics").
 */
export const PANIC_TEXTS = {
  start: '\r\nPanic ',
  at: ' at ',
  null: ': null or undefined used',
  boolean: ': true or false used where an object is needed',
  number: ': a number used where an object is needed',
  stack: ': too many calls inside calls (stack overflow)',
  none: '',
  assert: 'ASSERTION FAILED\r\n',
  newLine: '\r\n',
} as const;

/**
 * The stack check: every fiber runs on the one stack at the top of RAM (DAL and CODAL copy a
 * sleeping fiber's stack away), 2 KB below an address that is a multiple of 16 KB on both
 * boards (V1 0x20004000, V2 0x20020000), so sp's offset in its 16 KB block says how much is
 * left. A call is refused when fewer than STACK_RESERVE bytes would remain above the 2 KB
 * limit: room for the firmware functions called from the deepest frame, interrupts, and the
 * panic's own serial output.
 */
const STACK_SIZE = 2048;
const STACK_RESERVE = 768;
/** The lowest sp offset (in 256-byte units within its 16 KB block) a call may start from. */
const STACK_LIMIT_UNITS = (0x4000 - STACK_SIZE + STACK_RESERVE) >> 8;

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
      ...rootedCall(call, runtime, 2),
    ],
  };
}

/** The fast path of a comparison: two tagged integers compare as words; otherwise `${name}_slow`. */
function bothSmallIntegers(name: string, branch: string): string[] {
  return [
    `${name}:`,
    'movs r2, r0',
    'ands r2, r1',
    'lsls r2, r2, #31',
    `beq ${name}_slow`,
    'cmp r0, r1',
    `${branch} ${name}_true`,
    'movs r0, #10',
    `b ${name}_flags`,
    `${name}_true:`,
    'movs r0, #66',
    `${name}_flags:`,
    'cmp r0, #66',
    'bx lr',
  ];
}

/**
 * Comparisons: both tagged integers compare as signed words (the tag keeps the order). They
 * return true or false and leave the flags of `cmp r0, #66` (eq when true), so a condition
 * branches on them directly (COMPARISON_HELPERS).
 */
function comparison(name: string, runtime: string, branch: string): HelperDef {
  return {
    name,
    lines: (call) => [
      ...bothSmallIntegers(name, branch),
      `${name}_slow:`,
      ...rootedCall(call, runtime, 2, ['cmp r0, #66']),
    ],
  };
}

/**
 * `==`, `===`, `!=`, `!==`: as `comparison`, but a boxed zero (the firmware keeps a computed -0
 * boxed: `0 / -1`, `-0.5 * 0`) against a small 0 is equal, as in JavaScript and the simulator.
 * The firmware's equality calls a boxed number never equal to a small integer (MakeCode's board
 * says `0 / -1 == 0` is false). `number` is the label of one of the program's boxed number
 * literals: its first word is the firmware's number vtable.
 */
function equality(name: string, runtime: string, branch: 'beq' | 'bne'): HelperDef {
  const same = branch === 'beq' ? 66 : 10;
  return {
    name,
    lines: (call, _text, _global, numberLiteral) => [
      ...bothSmallIntegers(name, branch),
      `${name}_slow:`,
      // One side a small 0 (the word 1), the other...
      'mov r2, r1',
      'cmp r0, #1',
      `beq ${name}_zero`,
      'mov r2, r0',
      'cmp r1, #1',
      `bne ${name}_call`,
      `${name}_zero:`,
      // ... an object (not a small integer, a special or undefined) ...
      'lsls r3, r2, #30',
      `bne ${name}_call`,
      'cmp r2, #0',
      `beq ${name}_call`,
      // ... that is a boxed number (the vtable of a boxed literal of the program) ...
      `ldr r3, =${numberLiteral(0.5)}`,
      'ldr r3, [r3]',
      'push {r4}',
      'ldr r4, [r2]',
      'cmp r3, r4',
      'pop {r4}',
      `bne ${name}_call`,
      // ... of value ±0: both words of the double zero but the sign bit.
      'ldr r3, [r2, #4]',
      'cmp r3, #0',
      `bne ${name}_call`,
      'ldr r3, [r2, #8]',
      'lsls r3, r3, #1',
      `bne ${name}_call`,
      `movs r0, #${same}`,
      'cmp r0, #66',
      'bx lr',
      `${name}_call:`,
      ...rootedCall(call, runtime, 2, ['cmp r0, #66']),
    ],
  };
}

/** The helpers whose return leaves the flags of `cmp r0, #66` (`add sp` and `pop` keep them). */
export const COMPARISON_HELPERS: ReadonlySet<string> = new Set([
  '_num_lt',
  '_num_le',
  '_num_gt',
  '_num_ge',
  '_num_eqq',
  '_num_neqq',
  '_num_eq',
  '_num_neq',
]);

/** Calls a runtime function with r0 (and r1: `operands` 2) as they are, kept on the stack. */
function plain(name: string, runtime: string, operands: 1 | 2): HelperDef {
  return { name, lines: (call) => [`${name}:`, ...rootedCall(call, runtime, operands)] };
}

/**
 * `_int_arg_rN`: rN = a value (a firmware call's integer argument, loaded last) as a raw int32,
 * the other argument registers kept. A small integer is shifted; anything else (a boxed number
 * of any size, a boolean, undefined) goes through the runtime's toInt, which wraps like
 * JavaScript's `| 0` (2147483647 stays 2147483647). Converting here, not in the value's stack
 * word, keeps that word a value the collector can scan and loses no bit.
 */
function intArgument(register: number): HelperDef {
  const r = `r${register}`;
  const name = `_int_arg_${r}`;
  const others = [0, 1, 2, 3].filter((n) => n !== register).map((n) => `r${n}`);
  return {
    name,
    lines: (call: RuntimeCall) => [
      `${name}:`,
      `asrs ${r}, ${r}, #1`,
      `bcc ${name}_slow`,
      'bx lr',
      `${name}_slow:`,
      // Bit 0 was clear: a pointer or a special value, whose top bit is clear too.
      `lsls ${r}, ${r}, #1`,
      `push {${others.join(', ')}, lr}`,
      ...(register === 0 ? [] : [`mov r0, ${r}`]),
      ...SAFEPOINT,
      call('pxt::toInt'),
      ...(register === 0 ? [] : [`mov ${r}, r0`]),
      `pop {${others.join(', ')}, pc}`,
    ],
  };
}

export const HELPERS: ReadonlyMap<string, HelperDef> = new Map(
  (
    [
      // (2a+1) + (2b+1) - 1 = 2(a+b)+1; overflow of the 32-bit add means out of the small range.
      arithmetic('_num_add', 'numops::adds', ['subs r2, r1, #1', 'adds r2, r0, r2']),
      arithmetic('_num_sub', 'numops::subs', ['subs r2, r0, r1', `bvs _num_sub_slow`, 'adds r2, #1']),
      plain('_num_mul', 'numops::muls', 2),
      plain('_num_div', 'numops::div', 2),
      plain('_num_mod', 'numops::mod', 2),
      plain('_num_and', 'numops::ands', 2),
      plain('_num_or', 'numops::orrs', 2),
      plain('_num_xor', 'numops::eors', 2),
      plain('_num_shl', 'numops::lsls', 2),
      plain('_num_shr', 'numops::asrs', 2),
      plain('_num_ushr', 'numops::lsrs', 2),
      plain('_num_bnot', 'numops::bnot', 1),
      plain('_num_pow', 'Math_::pow', 2),
      comparison('_num_lt', 'numops::lt', 'blt'),
      comparison('_num_le', 'numops::le', 'ble'),
      comparison('_num_gt', 'numops::gt', 'bgt'),
      comparison('_num_ge', 'numops::ge', 'bge'),
      // Equality: identical words are equal (integers, specials, the same object) unless a boxed
      // number (NaN): the runtime decides everything but two tagged integers and a boxed ±0
      // against a small 0.
      equality('_num_eqq', 'numops::eqq', 'beq'),
      equality('_num_neqq', 'numops::neqq', 'bne'),
      equality('_num_eq', 'numops::eq', 'beq'),
      equality('_num_neq', 'numops::neq', 'bne'),
      {
        // r0 must be an object (a pointer: a multiple of 4, not 0). Anything else stops the
        // program with the firmware's cast panic, after saying on serial which statement it was:
        // r2 = the position ("main.ts:3\r\n", a literal). undefined (0) and null (6) are 989,
        // as the firmware's null check shows; numbers (odd, NaN 14 too) 982; true/false 981.
        name: '_check_ref',
        uses: ['_panic_at'],
        lines: (_call: RuntimeCall, text: TextLiteral) => [
          '_check_ref:',
          'lsls r1, r0, #30',
          'bne _check_ref_tagged',
          'cmp r0, #0',
          'beq _check_ref_null',
          'bx lr',
          '_check_ref_tagged:',
          'cmp r0, #6',
          'beq _check_ref_null',
          'cmp r0, #14',
          'beq _check_ref_number',
          'lsls r1, r0, #31',
          'bne _check_ref_number',
          `ldr r0, =${(BOOLEAN_CAST_PANIC_CODE << 1) | 1}`,
          `ldr r1, =${text(PANIC_TEXTS.boolean)}`,
          'b _panic_at',
          '_check_ref_number:',
          `ldr r0, =${(NUMBER_CAST_PANIC_CODE << 1) | 1}`,
          `ldr r1, =${text(PANIC_TEXTS.number)}`,
          'b _panic_at',
          '_check_ref_null:',
          `ldr r0, =${(NULL_PANIC_CODE << 1) | 1}`,
          `ldr r1, =${text(PANIC_TEXTS.null)}`,
          'b _panic_at',
        ],
      },
      {
        // A recursive call needs room on the stack (STACK_LIMIT_UNITS); r2 = the call's position.
        name: '_check_stack',
        uses: ['_panic_at'],
        lines: (_call: RuntimeCall, text: TextLiteral) => [
          '_check_stack:',
          'mov r0, sp',
          'lsls r0, r0, #18',
          'lsrs r0, r0, #26',
          `cmp r0, #${STACK_LIMIT_UNITS}`,
          'blo _check_stack_fail',
          'bx lr',
          '_check_stack_fail:',
          `ldr r0, =${(STACK_OVERFLOW_PANIC_CODE << 1) | 1}`,
          `ldr r1, =${text(PANIC_TEXTS.stack)}`,
          'b _panic_at',
        ],
      },
      {
        // Waits for the serial turn (another fiber's line still going out), then holds it; a
        // waiter marks the turn wanted. r0, r1 and r7 are clobbered (r2, r3 too while it waits).
        name: '_serial_take',
        lines: (call: RuntimeCall, _text: TextLiteral, global: GlobalOffset) => {
          const offset = global(SERIAL_TURN_GLOBAL);
          if (offset === undefined) return ['_serial_take:', 'bx lr'];
          return [
            '_serial_take:',
            'push {lr}',
            '_serial_take_check:',
            'ldr r7, [r6, #0]',
            `ldr r1, =${offset}`,
            'ldr r0, [r7, r1]',
            `cmp r0, #${TRUE}`,
            'beq _serial_take_wait',
            `cmp r0, #${SERIAL_TURN_WANTED}`,
            'bne _serial_take_free',
            '_serial_take_wait:',
            `movs r0, #${SERIAL_TURN_WANTED}`,
            'str r0, [r7, r1]',
            'movs r0, #1',
            ...SAFEPOINT,
            call('basic::pause'),
            'b _serial_take_check',
            '_serial_take_free:',
            `movs r0, #${TRUE}`,
            'str r0, [r7, r1]',
            'pop {pc}',
          ];
        },
      },
      {
        // Gives the serial turn back. When another fiber waits for it, sleeps a moment first:
        // the waiter went to sleep earlier, so the scheduler wakes it first and it takes the
        // turn (a fiber printing in a loop with no pause would take it back at once otherwise,
        // and starve the waiter). Clobbers r0-r3 and r7.
        name: '_serial_give',
        lines: (call: RuntimeCall, _text: TextLiteral, global: GlobalOffset) => {
          const offset = global(SERIAL_TURN_GLOBAL);
          if (offset === undefined) return ['_serial_give:', 'bx lr'];
          return [
            '_serial_give:',
            'push {lr}',
            'ldr r7, [r6, #0]',
            `ldr r1, =${offset}`,
            'ldr r2, [r7, r1]',
            `movs r0, #${FALSE}`,
            'str r0, [r7, r1]',
            `cmp r2, #${SERIAL_TURN_WANTED}`,
            'bne _serial_give_done',
            'movs r0, #1',
            ...SAFEPOINT,
            call('basic::pause'),
            '_serial_give_done:',
            'pop {pc}',
          ];
        },
      },
      {
        // Prints "\r\nPanic <code><what> at <position>" on serial, then stops with the firmware's
        // panic (the LEDs show the code): r0 = the code (tagged), r1 = what (a literal), r2 = the
        // position (a literal ending in a new line). Never returns. It takes the serial turn first
        // and never gives it back: nothing else should print after a panic.
        name: '_panic_at',
        uses: ['_serial_take'],
        lines: (call: RuntimeCall, text: TextLiteral) => [
          '_panic_at:',
          'push {r0, r1, r2, lr}',
          'bl _serial_take',
          `ldr r0, =${text(PANIC_TEXTS.start)}`,
          ...SAFEPOINT,
          call('serial::writeString'),
          'ldr r0, [sp, #0]',
          ...SAFEPOINT,
          call('numops::toString'),
          ...SAFEPOINT,
          call('serial::writeString'),
          'ldr r0, [sp, #4]',
          ...SAFEPOINT,
          call('serial::writeString'),
          `ldr r0, =${text(PANIC_TEXTS.at)}`,
          ...SAFEPOINT,
          call('serial::writeString'),
          'ldr r0, [sp, #8]',
          ...SAFEPOINT,
          call('serial::writeString'),
          'ldr r0, [sp, #0]',
          ...SAFEPOINT,
          call('pxt::toInt'),
          ...SAFEPOINT,
          call('pxtrt::panic'),
          'pop {r0, r1, r2, pc}',
        ],
      },
      plain('_to_string', 'numops::toString', 1),
      plain('_concat', 'String_::concat', 2),
      plain('_type_of', 'pxt::typeOf', 1),
      // Truthiness as raw 0/1 (numops::toBool knows every kind of value).
      plain('_to_bool', 'numops::toBool', 1),
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
      ...[0, 1, 2, 3].map(intArgument),
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
