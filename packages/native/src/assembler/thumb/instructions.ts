// The instruction set: which mnemonics exist, which core has them, and how a written mnemonic
// (`addseq.w`, `bls`, `ldmfd`) decodes into name, S flag, condition and width.
import { COND_ALWAYS, CONDITIONS } from '../names.ts';
import { addSub, addwSubw, alu, divide, longMultiply, mul, mulAccumulate, neg, orn, rsb } from './arith.ts';
import { branch, branchExchange, branchLink, compareBranch, tableBranch } from './branch.ts';
import type { Handler } from './context.ts';
import { adr, loadStore, loadStoreDouble, loadStoreMultiple, pushPop } from './memory.ts';
import {
  barrier,
  bfc,
  bfi,
  bitFieldExtract,
  bkpt,
  countReverse,
  cps,
  extend,
  hint,
  mrs,
  msr,
  reverse,
  svc,
  udf,
} from './misc.ts';
import { movCmp, movwMovt, mvnTest, rrx, shiftInstruction } from './move.ts';

interface InstructionSpec {
  readonly handler: Handler;
  /** The name handlers see (aliases such as `ldmfd` become `ldmia`). */
  readonly name: string;
  /** Takes an S suffix. */
  readonly s: boolean;
  /** Thumb-2 only: not on the Cortex-M0. */
  readonly v7m: boolean;
  /** A 32-bit instruction the Cortex-M0 also has (BL, barriers, MRS, MSR). */
  readonly m0Wide: boolean;
  /** Not allowed inside an IT block. */
  readonly outsideIt: boolean;
  /** May stand in an IT block without a condition (BKPT, NOP-like). */
  readonly neutral: boolean;
}

const TABLE = new Map<string, InstructionSpec>();

function define(
  names: string,
  handler: Handler,
  flags: { s?: boolean; v7m?: boolean; m0Wide?: boolean; outsideIt?: boolean; neutral?: boolean; as?: string } = {},
): void {
  for (const name of names.split(' ')) {
    TABLE.set(name, {
      handler,
      name: flags.as ?? name,
      s: flags.s ?? false,
      v7m: flags.v7m ?? false,
      m0Wide: flags.m0Wide ?? false,
      outsideIt: flags.outsideIt ?? false,
      neutral: flags.neutral ?? false,
    });
  }
}

define('add sub', addSub, { s: true });
define('addw subw', addwSubw, { v7m: true });
define('adc sbc and orr eor bic', alu, { s: true });
define('orn', orn, { s: true, v7m: true });
define('rsb', rsb, { s: true });
define('neg', neg, { s: true });
define('mul', mul, { s: true });
define('mla mls', mulAccumulate, { v7m: true });
define('smull umull smlal umlal', longMultiply, { v7m: true });
define('sdiv udiv', divide, { v7m: true });
define('mov', movCmp, { s: true });
define('cmp', movCmp);
define('mvn', mvnTest, { s: true });
define('tst cmn', mvnTest);
define('teq', mvnTest, { v7m: true });
define('lsl lsr asr ror', shiftInstruction, { s: true });
define('rrx', rrx, { s: true, v7m: true });
define('movw movt', movwMovt, { v7m: true });
define('ldr str ldrb strb ldrh strh ldrsb ldrsh', loadStore);
define('ldrd strd', loadStoreDouble, { v7m: true });
define('ldm ldmia ldmfd', loadStoreMultiple, { as: 'ldmia' });
define('stm stmia stmea', loadStoreMultiple, { as: 'stmia' });
define('ldmdb ldmea', loadStoreMultiple, { v7m: true, as: 'ldmdb' });
define('stmdb stmfd', loadStoreMultiple, { v7m: true, as: 'stmdb' });
define('push pop', pushPop);
define('adr', adr);
define('b', branch);
define('bl', branchLink, { m0Wide: true });
define('bx blx', branchExchange);
define('cbz cbnz', compareBranch, { v7m: true, outsideIt: true });
define('tbb tbh', tableBranch, { v7m: true });
define('nop', hint, { neutral: true });
define('yield wfe wfi sev', hint);
define('bkpt', bkpt, { neutral: true });
define('svc', svc);
define('udf', udf, { neutral: true });
define('cpsie cpsid', cps, { outsideIt: true });
define('dmb dsb isb', barrier, { m0Wide: true });
define('mrs', mrs, { m0Wide: true });
define('msr', msr, { m0Wide: true });
define('rev rev16 revsh', reverse);
define('sxtb sxth uxtb uxth', extend);
define('clz rbit', countReverse, { v7m: true });
define('bfc', bfc, { v7m: true });
define('bfi', bfi, { v7m: true });
define('sbfx ubfx', bitFieldExtract, { v7m: true });

export interface DecodedMnemonic {
  readonly spec?: InstructionSpec;
  /** `it`, `itt`, `ite`, …: the then/else pattern after the first instruction. */
  readonly itPattern?: string;
  readonly s: boolean;
  readonly cond: number;
  /** 0, or 2 for `.n`, 4 for `.w`. */
  readonly width: 0 | 2 | 4;
}

const decodedCache = new Map<string, DecodedMnemonic | null>();

/** Decodes a mnemonic as written, or undefined when it is not an instruction we know. */
export function decodeMnemonic(written: string): DecodedMnemonic | undefined {
  let decoded = decodedCache.get(written);
  if (decoded === undefined) {
    decoded = decode(written) ?? null;
    // Bounded, since mnemonics come from user text.
    if (decodedCache.size < 4096) decodedCache.set(written, decoded);
  }
  return decoded ?? undefined;
}

function decode(written: string): DecodedMnemonic | undefined {
  let m = written.toLowerCase();
  let width: 0 | 2 | 4 = 0;
  if (m.endsWith('.w')) {
    width = 4;
    m = m.slice(0, -2);
  } else if (m.endsWith('.n')) {
    width = 2;
    m = m.slice(0, -2);
  }
  if (m.includes('.')) return undefined;
  const it = /^it([te]{0,3})$/.exec(m);
  if (it !== null) return { itPattern: it[1]!, s: false, cond: COND_ALWAYS, width };
  const direct = TABLE.get(m);
  if (direct !== undefined) return { spec: direct, s: false, cond: COND_ALWAYS, width };
  if (m.length > 2) {
    const cond = CONDITIONS[m.slice(-2)];
    if (cond !== undefined) {
      const base = m.slice(0, -2);
      const plain = TABLE.get(base);
      if (plain !== undefined) return { spec: plain, s: false, cond, width };
      if (base.endsWith('s')) {
        const withS = TABLE.get(base.slice(0, -1));
        if (withS?.s === true) return { spec: withS, s: true, cond, width };
      }
    }
  }
  if (m.endsWith('s')) {
    const withS = TABLE.get(m.slice(0, -1));
    if (withS?.s === true) return { spec: withS, s: true, cond: COND_ALWAYS, width };
  }
  return undefined;
}

/** Every base mnemonic, for documentation and tests. */
export function knownMnemonics(): string[] {
  return [...TABLE.keys()].sort();
}
