// A whole program's IR -> Thumb-1 assembly -> a ProgramObject for the linker.
//
// Layout of the code (the linker puts it after the 64-byte header):
//   the main function's RefAction literal (the runtime runs the code start as an action),
//   the other RefAction literals, the functions reached from main (tree-shaken: the device
//   library only contributes what is called), the helper routines used, the trampoline and
//   the exception restorer, then data (config, name tables, strings, numbers, images).
//
// Relocations: a runtime call is `_rc_N: bl _rc_N` (the linker rewrites the BL), a runtime data
// address is `_rd_N: .word 0`; program addresses (literal pool entries, `.word label`) are found
// by laying the code out at two origins (one assembly, one more layout pass) and taking the words
// that moved by exactly the difference. A `b` whose target may be beyond its reach (upper bounds
// on the bytes between decide) is made a `bl` before assembly.

import type { Diagnostic, IrModule } from '@blockyard/language';
import { assemble } from '../assembler/assemble.ts';
import type { AssembleResult } from '../assembler/types.ts';
import { readU32 } from '../binary/bytes.ts';
import type { FirmwareFlavor } from '../firmware/device-variant.ts';
import { lookupRuntimeEntry } from '../firmware/runtime-function-table.ts';
import type { ProgramObject, Relocation } from '../image/program-object.ts';
import { FunctionGen } from './function-gen.ts';
import { NativeUnsupported, nativeDiagnostic } from './native-diagnostics.ts';
import type { ProgramContext } from './program-context.ts';
import { mayRecurse, recursionGroups } from './call-graph.ts';
import { HELPERS, restoreExceptionLines, trampolineLines } from './runtime-helpers.ts';

export interface NativeProgramOptions {
  /** The program's name (`control.programName`); the project name. */
  name?: string;
  flavor?: FirmwareFlavor;
  /** A clock (ms) to time the back end's phases with; the result then carries `timings`. */
  now?: () => number;
}

export interface NativeProgram {
  /** Present when the program compiled. */
  object?: ProgramObject;
  /** The assembly text (also when assembly failed, for a listing). */
  assembly: string;
  diagnostics: Diagnostic[];
  /** Milliseconds per phase (generate, assemble, object), when asked for with `now`. */
  timings?: Record<string, number>;
}

/** Origin of the second assembly; larger than any program, a multiple of 4. */
const SECOND_ORIGIN = 0x100000;
/** Enough to name every unsupported call of any real program; a cap for hostile ones. */
const MAX_DIAGNOSTICS = 100;
/** Code a Thumb-1 `b` spans in any direction (-2,048 to +2,046 from its address + 4), with margin. */
const SHORT_JUMP_BYTES = 2040;
/** A conditional branch's reach (-256..+254 bytes), with the same margin. */
const SHORT_CONDITIONAL_BYTES = 248;

/** Compiles an IR module (lowered with the device library, see compile-for-device.ts). */
export function generateProgram(module: IrModule, options: NativeProgramOptions = {}): NativeProgram {
  const now = options.now;
  const timings: Record<string, number> = {};
  let last = now?.() ?? 0;
  const lap = (phase: string) => {
    if (!now) return;
    const at = now();
    timings[phase] = at - last;
    last = at;
  };
  const timed = now ? { timings } : {};
  const generated = generateAssembly(module, options);
  lap('generate');
  if (generated.diagnostics.length > 0)
    return { assembly: generated.text, diagnostics: generated.diagnostics, ...timed };
  // One assembly; the second origin is only a last layout pass (program addresses, below).
  // The lines as generated: the assembler need not split the text again.
  const assembled = assemble(generated.lines, {
    cpu: 'v6m',
    origin: 0,
    secondOrigin: SECOND_ORIGIN,
    listing: false,
  });
  lap('assemble');
  if (!assembled.ok || !assembled.secondImage) {
    const details = assembled.errors.map((e) => `line ${e.line}: ${e.message}`).join('; ');
    throw new Error(`the native back end produced assembly that does not assemble: ${details}`);
  }
  const object = programObject(assembled, assembled.secondImage, generated, options.flavor ?? 'radio');
  lap('object');
  return { object, assembly: generated.text, diagnostics: [], ...timed };
}

/**
 * Upper bounds on the lines' bytes: every Thumb-1 instruction the generator emits is 2 bytes but
 * `bl` (4); a literal pool (`.ltorg`) holds at most a word per literal load since the one before,
 * plus 2 bytes of alignment; comments and labels take none. Character tests, not patterns: this
 * reads every line of every build.
 */
function maxBytes(lines: readonly string[]): number[] {
  let loads = 0;
  const sizes = new Array<number>(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const first = line.charCodeAt(0);
    if (first === AT || line.charCodeAt(line.length - 1) === COLON || isLabelThenComment(line)) sizes[i] = 0;
    else if (line === '.ltorg') {
      sizes[i] = 4 * loads + 2;
      loads = 0;
    } else if (first === DOT || isBl(line)) sizes[i] = 4;
    else {
      if (line.includes('=')) loads++;
      sizes[i] = 2;
    }
  }
  return sizes;
}

const AT = 0x40;
const COLON = 0x3a;
const DOT = 0x2e;

/** `name: @ …` (a function's label with its name): what /^\w+: @/ matched. */
function isLabelThenComment(line: string): boolean {
  const colon = line.indexOf(': @');
  if (colon <= 0) return false;
  for (let i = 0; i < colon; i++) if (!isWordChar(line.charCodeAt(i))) return false;
  return true;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** A `bl` at the start or after a label (`_rc_3: bl _rc_3`): what /(^|: )bl\s/ matched. */
function isBl(line: string): boolean {
  if (line.startsWith('bl') && isSpace(line.charCodeAt(2))) return true;
  for (let at = line.indexOf(': bl'); at >= 0; at = line.indexOf(': bl', at + 1)) {
    if (isSpace(line.charCodeAt(at + 4))) return true;
  }
  return false;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;
}

/** `beq x`/`bne x` (x a word): the condition and the target, as /^b(eq|ne) (\w+)$/ read them. */
function conditionalJump(line: string): [condition: string, target: string] | undefined {
  if (line.charCodeAt(0) !== 98 /* b */ || line.charCodeAt(3) !== 32) return undefined;
  const condition = line.slice(1, 3);
  if (condition !== 'eq' && condition !== 'ne') return undefined;
  if (line.length < 5) return undefined;
  for (let i = 4; i < line.length; i++) if (!isWordChar(line.charCodeAt(i))) return undefined;
  return [condition, line.slice(4)];
}

/**
 * The function's lines with each `b` whose target may be out of its reach made a `bl` (which
 * reaches anywhere: lr is saved on entry). Distances are measured with upper bounds on the
 * bytes between jump and label, and a `bl` only lengthens code, so repeating until nothing
 * changes leaves every remaining `b` in reach: the program is then assembled once. The lines
 * themselves when nothing changes.
 */
function longJumpsWhereNeeded(lines: readonly string[]): readonly string[] {
  const sizes = maxBytes(lines);
  // Most functions are shorter than a short jump reaches: nothing to measure. A conditional
  // branch reaches less than `b`, so only a function with none of them may use `b`'s reach.
  let total = 0;
  for (const size of sizes) total += size;
  if (total + 4 <= SHORT_CONDITIONAL_BYTES) return lines;
  if (total + 4 <= SHORT_JUMP_BYTES && !lines.some((line) => line.startsWith('beq ') || line.startsWith('bne ')))
    return lines;
  const labels = new Map<string, number>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.charCodeAt(line.length - 1) === COLON && !line.includes(' ')) labels.set(line.slice(0, -1), i);
  }
  const jumps: { at: number; target: number; condition?: string }[] = [];
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    const conditional = conditionalJump(line);
    if (conditional) {
      const target = labels.get(conditional[1]);
      if (target !== undefined) jumps.push({ at, target, condition: conditional[0] });
      continue;
    }
    const target = line.startsWith('b ') ? labels.get(line.slice(2)) : undefined;
    if (target !== undefined) jumps.push({ at, target });
  }
  const long = new Set<number>();
  const position = new Array<number>(sizes.length + 1);
  for (let changed = true; changed;) {
    changed = false;
    position[0] = 0;
    for (let i = 0; i < sizes.length; i++) position[i + 1] = position[i]! + sizes[i]!;
    for (const { at, target, condition } of jumps) {
      const reach = condition ? SHORT_CONDITIONAL_BYTES : SHORT_JUMP_BYTES;
      if (long.has(at) || Math.abs(position[target]! - position[at]!) + 4 <= reach) continue;
      long.add(at);
      // A far conditional jump: the opposite condition skips a `bl` to the target.
      sizes[at] = condition ? 6 : 4;
      changed = true;
    }
  }
  if (long.size === 0) return lines;
  return lines.flatMap((line, i) => {
    if (!long.has(i)) return [line];
    const conditional = conditionalJump(line);
    if (!conditional) return [`bl ${line.slice(2)}`];
    const skip = `${conditional[1]}_far${i}`;
    return [`b${conditional[0] === 'eq' ? 'ne' : 'eq'} ${skip}`, `bl ${conditional[1]}`, `${skip}:`];
  });
}

interface GeneratedAssembly {
  text: string;
  /** The text's lines (without the last newline). */
  lines: readonly string[];
  diagnostics: Diagnostic[];
  runtimeCalls: Map<string, string>;
  runtimeData: Map<string, string>;
  /** Global slots, slot 0 included. */
  globals: number;
}

function generateAssembly(module: IrModule, options: NativeProgramOptions): GeneratedAssembly {
  const flavor = options.flavor ?? 'radio';
  const runtimeCalls = new Map<string, string>();
  const runtimeData = new Map<string, string>();
  const helpers = new Set<string>();
  const strings = new Map<string, string>();
  const numbers = new Map<number, string>();
  const images = new Map<string, { label: string; pixels: string; columns: number; rows: number }>();
  const actions = new Map<number, string>();
  const buffers = new Map<string, string>();
  const pending: number[] = [];
  const queued = new Set<number>();
  const globals = new Map(module.globals.map((id, i) => [id, i + 1]));
  const functionsByName = new Map(module.functions.map((f) => [f.name, f.id]));
  let labels = 0;
  const groups = recursionGroups(module);
  const vtables = new Set<number>();
  const classNumbers = numberClasses(module);

  const need = (fn: number) => {
    if (!queued.has(fn)) {
      queued.add(fn);
      pending.push(fn);
    }
  };
  const dataWord = (name: string): string => {
    if (!lookupRuntimeEntry(name, flavor)) throw new Error(`no runtime entry ${name}`);
    const label = `_rd_${runtimeData.size}`;
    runtimeData.set(label, name);
    return `${label}: .word 0 @ ${name}`;
  };

  const ctx: ProgramContext = {
    module,
    flavor,
    label: (hint) => `L${labels++}_${hint}`,
    runtimeCall(name) {
      if (!lookupRuntimeEntry(name, flavor)) throw new Error(`no runtime entry ${name}`);
      const label = `_rc_${runtimeCalls.size}`;
      runtimeCalls.set(label, name);
      return `${label}: bl ${label} @ ${name}`;
    },
    helper(name) {
      const helper = HELPERS.get(name);
      if (!helper) throw new Error(`no helper ${name}`);
      // With what it jumps to, and what those jump to.
      const add = (helperName: string) => {
        if (helpers.has(helperName)) return;
        helpers.add(helperName);
        for (const used of HELPERS.get(helperName)!.uses ?? []) add(used);
      };
      add(name);
      return `bl ${name}`;
    },
    stringLiteral(value) {
      let label = strings.get(value);
      if (!label) strings.set(value, (label = `str_${strings.size}`));
      return label;
    },
    numberLiteral(value) {
      let label = numbers.get(value);
      if (!label) numbers.set(value, (label = `num_${numbers.size}`));
      return label;
    },
    imageLiteral(pixels, columns, rows) {
      const key = `${columns}x${rows}:${pixels}`;
      let image = images.get(key);
      if (!image) images.set(key, (image = { label: `img_${images.size}`, pixels, columns, rows }));
      return image.label;
    },
    bufferLiteral(hex) {
      let label = buffers.get(hex);
      if (!label) buffers.set(hex, (label = `buf_${buffers.size}`));
      return label;
    },
    actionLiteral(fn) {
      need(fn);
      let label = actions.get(fn);
      if (!label) actions.set(fn, (label = `act_${fn}`));
      return label;
    },
    functionLabel(fn) {
      need(fn);
      return `fn_${fn}`;
    },
    libraryFunction(name) {
      const id = functionsByName.get(name);
      if (id === undefined) throw new Error(`the device library has no ${name}: compile with compileForDevice`);
      return id;
    },
    classVtable(classId) {
      if (!vtables.has(classId)) {
        vtables.add(classId);
        // Every virtual method an instance may be asked for.
        for (const slot of module.classes[classId]!.vtable) need(slot.fn);
      }
      return `vt_${classId}`;
    },
    classNumbers: (classId) => classNumbers[classId]!,
    mayRecurse: (from, to) => mayRecurse(groups, from, to),
    globalSlot(variable) {
      const slot = globals.get(variable);
      if (slot === undefined) throw new Error(`variable ${variable} is not a global`);
      return slot;
    },
  };

  const diagnostics: Diagnostic[] = [];
  const code: string[] = [];
  ctx.actionLiteral(0);
  const report = (fn: number, error: NativeUnsupported) => {
    const diagnostic = nativeDiagnostic(module, error);
    if (error.loc === undefined) {
      const [file, line, column] = module.functions[fn]!.position;
      Object.assign(diagnostic, { file: module.files[file] ?? diagnostic.file, line, column });
    }
    diagnostics.push(diagnostic);
  };
  while (pending.length > 0 && diagnostics.length < MAX_DIAGNOSTICS) {
    const fn = pending.shift()!;
    let gen: FunctionGen | undefined;
    try {
      gen = new FunctionGen(ctx, module.functions[fn]!);
      const lines = gen.generate();
      // Every refusal in the function, each at its statement; the functions it uses go on.
      if (gen.problems.length > 0) {
        for (const problem of gen.problems) report(fn, problem);
        continue;
      }
      for (const line of longJumpsWhereNeeded(lines)) code.push(line);
    } catch (error) {
      if (!(error instanceof NativeUnsupported)) throw error;
      for (const problem of gen?.problems ?? []) report(fn, problem);
      report(fn, error);
    }
  }
  // In source order (files as the module lists them), like the front end's.
  const fileOrder = new Map(module.files.map((file, i) => [file, i]));
  diagnostics.sort(
    (a, b) => (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0) || a.line - b.line || a.column - b.column,
  );
  diagnostics.splice(MAX_DIAGNOSTICS);

  const out: string[] = ['.syntax unified', '.thumb', '.text'];
  // The main function's literal first: the runtime runs the start of the code as an action.
  const actionOrder = [0, ...[...actions.keys()].filter((fn) => fn !== 0)];
  for (const fn of actionOrder) {
    out.push(`act_${fn}:`, dataWord('pxt::RefAction_vtable'), '.short 0, 0', `.word fn_${fn} + 1`);
  }
  for (const line of code) out.push(line);
  for (const name of helpers) {
    const lines = HELPERS.get(name)!.lines(
      (name: string) => ctx.runtimeCall(name),
      (value: string) => ctx.stringLiteral(value),
      (global: string) => {
        const variable = module.variables.find((v) => v.storage === 'global' && v.name === global);
        const slot = variable && globals.get(variable.id);
        return slot === undefined ? undefined : slot * 4;
      },
      (value: number) => ctx.numberLiteral(value),
    );
    out.push(...lines);
    // Its literals right after it (each helper ends in a jump or return), always within reach.
    if (lines.some((line) => line.includes(', ='))) out.push('.ltorg');
  }
  out.push(
    '.balign 4',
    ...trampolineLines((name: string) => ctx.runtimeCall(name)),
    ...restoreExceptionLines(),
    '.ltorg',
  );

  out.push(
    '.balign 4',
    'config_data:',
    '.word 0',
    'iface_member_names:',
    '.word 0',
    '.word 0',
    'perf_counters:',
    '.word 0',
  );
  const stringData = (label: string, value: string) => {
    const bytes = [...value].flatMap((ch) => {
      const units: number[] = [];
      for (let i = 0; i < ch.length; i++) units.push(ch.charCodeAt(i) & 0xff);
      return units;
    });
    out.push('.balign 4', `${label}:`, dataWord('pxt::string_inline_ascii_vt'), `.short ${bytes.length}`);
    out.push(`.byte ${[...bytes, 0].join(', ')}`);
  };
  stringData('program_name', (options.name ?? 'blockyard').slice(0, 60));
  for (const [value, label] of strings) stringData(label, value);
  for (const [value, label] of numbers) {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value, true);
    out.push('.balign 4', `${label}:`, dataWord('pxt::number_vt'));
    out.push(`.word ${view.getUint32(0, true)}, ${view.getUint32(4, true)}`);
  }
  for (const classId of vtables) out.push(...vtableLines(module, classId, classNumbers[classId]![0], dataWord));
  for (const [hex, label] of buffers) {
    // A buffer: its vtable, the length as an i32, the bytes (flash: the runtime keeps it read-only).
    const bytes = (hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
    out.push('.balign 4', `${label}:`, dataWord('pxt::buffer_vt'), `.word ${bytes.length}`);
    for (let i = 0; i < bytes.length; i += 32) out.push(`.byte ${bytes.slice(i, i + 32).join(', ')}`);
  }
  for (const image of images.values()) {
    // MakeCode's image literal: 0xffff, width, height, one byte per LED (255 on, 0 off).
    const bytes = [...image.pixels].map((p) => (p === '1' ? 255 : 0));
    out.push('.balign 4', `${image.label}:`, '.short 0xffff', `.short ${image.columns}, ${image.rows}`);
    out.push(`.byte ${[...bytes, 0].join(', ')}`);
  }
  out.push('.balign 4');
  return {
    text: out.join('\n') + '\n',
    lines: out,
    diagnostics,
    runtimeCalls,
    runtimeData,
    globals: module.globals.length + 1,
  };
}

function programObject(
  first: AssembleResult,
  secondImage: Uint8Array,
  generated: GeneratedAssembly,
  flavor: FirmwareFlavor,
): ProgramObject {
  const code = first.bytes;
  if (secondImage.length !== code.length) throw new Error('the two assemblies differ in size');
  const at = (label: string) => {
    const symbol = first.symbols.get(label);
    if (!symbol) throw new Error(`the assembly has no ${label}`);
    return symbol.value;
  };
  const relocations: Relocation[] = [];
  for (const [label, name] of generated.runtimeCalls) relocations.push({ kind: 'runtime-call', at: at(label), name });
  for (const [label, name] of generated.runtimeData) relocations.push({ kind: 'runtime-address', at: at(label), name });
  const moved = new Set<number>();
  for (let i = 0; i + 4 <= code.length; i += 2) {
    if ((readU32(secondImage, i) - readU32(code, i)) >>> 0 === SECOND_ORIGIN) moved.add(i);
  }
  for (const offset of moved) {
    if (offset % 4 === 0) relocations.push({ kind: 'program-address', at: offset });
  }
  // Every difference between the two assemblies must be one of those words.
  for (let i = 0; i < code.length; i++) {
    if (code[i] !== secondImage[i] && !moved.has(i & ~3)) {
      throw new Error(`unexpected position-dependent byte at ${i} in the program`);
    }
  }
  return {
    code,
    relocations,
    flavor,
    header: {
      globals: generated.globals,
      nonPointerGlobals: 1,
      configData: at('config_data'),
      ifaceMemberNames: at('iface_member_names'),
      lambdaTrampoline: at('_lambda_trampoline'),
      perfCounters: at('perf_counters'),
      restoreExceptionState: at('_restore_exception_state'),
      name: at('program_name'),
    },
  };
}

/** A class's number and the last of its subclasses': 16, 17, … in inheritance (preorder) order. */
function numberClasses(module: IrModule): [number, number][] {
  const children = module.classes.map(() => [] as number[]);
  const roots: number[] = [];
  for (const c of module.classes) (c.base === undefined ? roots : children[c.base]!).push(c.id);
  const numbers: [number, number][] = [];
  let next = FIRST_CLASS_NUMBER;
  const visit = (id: number) => {
    const first = next++;
    for (const child of children[id]!) visit(child);
    numbers[id] = [first, next - 1];
  };
  for (const root of roots) visit(root);
  return numbers;
}

/** The first class number of the program's classes (below: the runtime's built-in objects). */
const FIRST_CLASS_NUMBER = 16;
/** The smallest hashed interface table (2 entries + 3 lookups + 1), empty: no member is looked up by name. */
const EMPTY_IFACE_ENTRIES = 6;

/**
 * A class's vtable in flash (docs/firmware-interface.md §7.5): size, value type 4 (object),
 * magic 0xF9, interface table, class number, hash multiplier, the runtime's four record methods,
 * no toString, then the virtual methods (code address | 1). The interface table serves lookups
 * by member name, which the generated code never does; it is an empty one.
 */
function vtableLines(
  module: IrModule,
  classId: number,
  classNumber: number,
  dataWord: (name: string) => string,
): string[] {
  const c = module.classes[classId]!;
  const lines = [
    '.balign 4',
    `vt_${classId}: @ ${c.name}`,
    `.short ${c.layout.length * 4 + 4}`,
    '.byte 4, 0xF9',
    `.word it_${classId}`,
    `.short ${classNumber}, 0`,
    `.word ${(0x101 << 8) | 31}`,
    dataWord('pxt::RefRecord_destroy'),
    dataWord('pxt::RefRecord_print'),
    dataWord('pxt::RefRecord_scan'),
    dataWord('pxt::RefRecord_gcsize'),
    '.word 0',
    ...c.vtable.map((slot) => `.word fn_${slot.fn} + 1`),
    `it_${classId}:`,
  ];
  const entries = Array.from({ length: EMPTY_IFACE_ENTRIES }, (_, i) => 2 * (EMPTY_IFACE_ENTRIES - i));
  lines.push(`.short ${entries.join(', ')}`, '.word 0, 0');
  return lines;
}
