// The generated corpus of instruction forms for the comparison with GNU as: every mnemonic we
// support, crossed with register choices (low, high, sp, pc), immediate edge values (each field's
// limits and one past them, negative values, Thumb-2 modified-immediate patterns), addressing
// modes and width suffixes, plus label, branch and literal-pool programs. The same candidates are
// used for both cores: GNU as decides which are valid, and we must agree on that too.

const LOW = ['r0', 'r1', 'r7'];
const HIGH = ['r8', 'r12'];
const SPECIAL = ['sp', 'lr', 'pc'];
const REGS = [...LOW, ...HIGH, ...SPECIAL];
const SOME = ['r0', 'r7', 'r8', 'sp', 'pc'];

/** Thumb-2 modified immediates and near misses. */
const MODIFIED = [
  '0xff',
  '0x100',
  '0x101',
  '0x1fe',
  '0x3fc00',
  '0xff00',
  '0x00ab00ab',
  '0xab00ab00',
  '0xabababab',
  '0x80000000',
  '0xff000000',
  '0xff000001',
  '0xffffff00',
  '0xffffffff',
  '0x12345678',
  '-1',
  '-2',
  '-256',
  '-257',
  '4095',
  '4096',
  '-4095',
  '-4096',
  '65535',
  '65536',
];

const SMALL = ['0', '1', '7', '8', '255', '256', '-1', '-7', '-8', '-255'];

function shifts(): string[] {
  return [
    'lsl #0',
    'lsl #1',
    'lsl #31',
    'lsl #32',
    'lsr #1',
    'lsr #32',
    'lsr #33',
    'asr #1',
    'asr #32',
    'ror #1',
    'ror #31',
    'ror #0',
    'rrx',
  ];
}

function dataProcessing(out: string[]): void {
  const three = [
    'add',
    'adds',
    'sub',
    'subs',
    'adc',
    'adcs',
    'sbc',
    'sbcs',
    'and',
    'ands',
    'orr',
    'orrs',
    'eor',
    'eors',
    'bic',
    'bics',
    'orn',
    'orns',
    'rsb',
    'rsbs',
  ];
  for (const op of three) {
    for (const rd of REGS) {
      for (const rn of SOME) {
        for (const rm of ['r0', 'r7', 'r8', 'sp']) out.push(`${op} ${rd}, ${rn}, ${rm}`);
      }
      for (const rm of REGS) out.push(`${op} ${rd}, ${rm}`);
    }
    for (const s of shifts()) {
      out.push(`${op} r0, r1, r2, ${s}`);
      out.push(`${op} r8, r9, r10, ${s}`);
    }
    out.push(`${op} r0, r1, r2, lsl r3`);
    for (const imm of [...SMALL, ...MODIFIED]) {
      out.push(`${op} r0, r1, #${imm}`);
      out.push(`${op} r0, #${imm}`);
      out.push(`${op} r8, r8, #${imm}`);
    }
    for (const width of ['.n', '.w']) {
      out.push(`${op}${width} r0, r0, r1`);
      out.push(`${op}${width} r0, r1, r2`);
      out.push(`${op}${width} r0, #1`);
      out.push(`${op}${width} r8, r1`);
    }
  }
  // The sp and pc forms of add and sub.
  for (const op of ['add', 'adds', 'sub', 'subs']) {
    for (const imm of [
      '0',
      '4',
      '6',
      '508',
      '512',
      '1020',
      '1024',
      '1021',
      '4092',
      '4095',
      '4096',
      '-4',
      '-508',
      '-512',
    ]) {
      out.push(`${op} sp, sp, #${imm}`);
      out.push(`${op} sp, #${imm}`);
      out.push(`${op} r0, sp, #${imm}`);
      out.push(`${op} r7, sp, #${imm}`);
      out.push(`${op} r8, sp, #${imm}`);
      out.push(`${op} r0, pc, #${imm}`);
      out.push(`${op}.w sp, sp, #${imm}`);
      out.push(`${op}.n r0, sp, #${imm}`);
    }
    for (const rm of ['r0', 'r8', 'sp', 'pc', 'lr']) {
      out.push(`${op} sp, ${rm}`);
      out.push(`${op} ${rm}, sp`);
      out.push(`${op} sp, sp, ${rm}`);
      out.push(`${op} ${rm}, sp, ${rm}`);
      out.push(`${op} pc, ${rm}`);
      out.push(`${op} ${rm}, pc`);
    }
    out.push(`${op} sp, sp, r1, lsl #2`, `${op} sp, sp, r1, lsl #4`, `${op} sp, sp, r1, lsr #1`);
  }
  for (const op of ['addw', 'subw']) {
    for (const imm of ['0', '1', '4095', '4096', '-1']) {
      for (const [rd, rn] of [
        ['r0', 'r1'],
        ['r8', 'r9'],
        ['r0', 'sp'],
        ['sp', 'sp'],
        ['r0', 'pc'],
        ['sp', 'r1'],
        ['pc', 'r1'],
      ]) {
        out.push(`${op} ${rd}, ${rn}, #${imm}`);
      }
      out.push(`${op} r3, #${imm}`);
    }
  }
  for (const op of ['neg', 'negs']) {
    for (const rd of REGS) for (const rm of ['r0', 'r7', 'r8', 'sp']) out.push(`${op} ${rd}, ${rm}`);
    out.push(`${op}.w r0, r1`, `${op}.n r0, r1`);
  }
  for (const op of ['rsb', 'rsbs']) {
    for (const imm of ['0', '1', '-0', '0x100'])
      out.push(`${op} r0, r1, #${imm}`, `${op} r8, r1, #${imm}`, `${op}.w r0, r1, #${imm}`);
  }
}

function movesAndCompares(out: string[]): void {
  for (const op of ['mov', 'movs', 'cmp', 'cmn', 'mvn', 'mvns', 'tst', 'teq']) {
    for (const rd of REGS) for (const rm of REGS) out.push(`${op} ${rd}, ${rm}`);
    for (const imm of [...SMALL, ...MODIFIED]) {
      out.push(`${op} r0, #${imm}`);
      out.push(`${op} r7, #${imm}`);
      out.push(`${op} r8, #${imm}`);
      out.push(`${op} sp, #${imm}`);
    }
    for (const s of shifts()) {
      out.push(`${op} r0, r1, ${s}`);
      out.push(`${op} r0, r0, ${s}`);
      out.push(`${op} r8, r1, ${s}`);
    }
    for (const reg of ['r1', 'r2', 'r8']) {
      out.push(
        `${op} r0, r0, lsl ${reg}`,
        `${op} r0, r1, asr ${reg}`,
        `${op} r1, r1, ror ${reg}`,
        `${op} r8, r8, lsr ${reg}`,
      );
    }
    for (const width of ['.n', '.w']) {
      out.push(`${op}${width} r0, r1`, `${op}${width} r0, #1`, `${op}${width} r8, r9`, `${op}${width} r0, #300`);
    }
  }
}

function shiftInstructions(out: string[]): void {
  for (const op of ['lsl', 'lsls', 'lsr', 'lsrs', 'asr', 'asrs', 'ror', 'rors']) {
    for (const amount of ['0', '1', '16', '31', '32', '33', '-1']) {
      out.push(
        `${op} r0, r1, #${amount}`,
        `${op} r8, r1, #${amount}`,
        `${op} r0, #${amount}`,
        `${op}.w r0, r1, #${amount}`,
      );
    }
    for (const [rd, rn, rm] of [
      ['r0', 'r0', 'r1'],
      ['r0', 'r1', 'r2'],
      ['r0', 'r0', 'r8'],
      ['r8', 'r8', 'r1'],
      ['sp', 'sp', 'r1'],
      ['r0', 'r0', 'sp'],
    ]) {
      out.push(
        `${op} ${rd}, ${rn}, ${rm}`,
        `${op} ${rd}, ${rm}`,
        `${op}.w ${rd}, ${rn}, ${rm}`,
        `${op}.n ${rd}, ${rn}, ${rm}`,
      );
    }
  }
  for (const op of ['rrx', 'rrxs'])
    for (const [rd, rm] of [
      ['r0', 'r1'],
      ['r8', 'r9'],
      ['sp', 'r0'],
    ])
      out.push(`${op} ${rd}, ${rm}`);
}

function multiplies(out: string[]): void {
  for (const op of ['mul', 'muls']) {
    for (const [rd, rn, rm] of [
      ['r0', 'r1', 'r0'],
      ['r0', 'r0', 'r1'],
      ['r0', 'r1', 'r2'],
      ['r7', 'r7', 'r7'],
      ['r8', 'r8', 'r1'],
      ['r0', 'r0', 'r8'],
      ['r0', 'sp', 'r0'],
      ['r0', 'r1', 'pc'],
    ]) {
      out.push(`${op} ${rd}, ${rn}, ${rm}`, `${op}.w ${rd}, ${rn}, ${rm}`, `${op}.n ${rd}, ${rn}, ${rm}`);
    }
    out.push(`${op} r0, r1`, `${op} r8, r1`);
  }
  for (const op of ['mla', 'mls']) {
    for (const regs of ['r0, r1, r2, r3', 'r8, r9, r10, r11', 'r0, sp, r1, r2', 'r0, r1, r2, pc'])
      out.push(`${op} ${regs}`);
  }
  for (const op of ['umull', 'smull', 'umlal', 'smlal']) {
    for (const regs of ['r0, r1, r2, r3', 'r8, r9, r10, r11', 'r0, sp, r2, r3', 'r0, r1, r2, pc'])
      out.push(`${op} ${regs}`);
  }
  for (const op of ['sdiv', 'udiv']) {
    for (const regs of ['r0, r1, r2', 'r8, r9, r10', 'r0, r1', 'r0, sp, r1', 'pc, r0, r1']) out.push(`${op} ${regs}`);
  }
}

function wideMoves(out: string[]): void {
  for (const op of ['movw', 'movt']) {
    for (const imm of ['0', '1', '0xffff', '0x10000', '-1', '0x1234']) {
      for (const rd of ['r0', 'r8', 'sp', 'pc']) out.push(`${op} ${rd}, #${imm}`);
    }
  }
  for (const value of [
    '0',
    '1',
    '255',
    '256',
    '0x1234',
    '0xffff',
    '0x10000',
    '0x12345678',
    '0xff00ff00',
    '-1',
    '-256',
    '0x80000000',
    '0xfff',
    '0x1fe',
    "'a'",
  ]) {
    for (const rd of ['r0', 'r7', 'r8', 'lr']) out.push(`ldr ${rd}, =${value}\n.ltorg`);
    out.push(`ldr.w r0, =${value}\n.ltorg`, `ldr.n r0, =${value}\n.ltorg`);
  }
}

function loadsAndStores(out: string[]): void {
  const ops = ['ldr', 'str', 'ldrb', 'strb', 'ldrh', 'strh', 'ldrsb', 'ldrsh'];
  const offsets = [
    '0',
    '1',
    '2',
    '4',
    '31',
    '32',
    '62',
    '64',
    '124',
    '128',
    '255',
    '256',
    '1020',
    '1024',
    '4095',
    '4096',
    '-1',
    '-4',
    '-255',
    '-256',
    '-0',
  ];
  for (const op of ops) {
    for (const rt of ['r0', 'r7', 'r8', 'sp', 'pc']) {
      for (const rn of ['r1', 'r7', 'r9', 'sp', 'pc']) {
        out.push(`${op} ${rt}, [${rn}]`);
        for (const off of offsets) out.push(`${op} ${rt}, [${rn}, #${off}]`);
      }
    }
    for (const off of ['0', '1', '4', '255', '256', '-4', '-255', '-256']) {
      out.push(
        `${op} r0, [r1, #${off}]!`,
        `${op} r0, [r1], #${off}`,
        `${op} r8, [sp, #${off}]!`,
        `${op} r0, [r0, #${off}]!`,
      );
    }
    for (const [rn, rm] of [
      ['r1', 'r2'],
      ['r1', 'r8'],
      ['r8', 'r1'],
      ['sp', 'r1'],
      ['pc', 'r1'],
      ['r1', 'sp'],
      ['r1', 'pc'],
    ]) {
      out.push(`${op} r0, [${rn}, ${rm}]`, `${op} r8, [${rn}, ${rm}]`);
    }
    for (const sh of ['lsl #0', 'lsl #1', 'lsl #3', 'lsl #4', 'lsr #1']) out.push(`${op} r0, [r1, r2, ${sh}]`);
    out.push(`${op} r0, [r1, -r2]`, `${op} r0, [r1], r2`, `${op} r0, [r1, r2]!`);
    for (const width of ['.n', '.w'])
      out.push(
        `${op}${width} r0, [r1]`,
        `${op}${width} r0, [r1, #4]`,
        `${op}${width} r0, [r1, r2]`,
        `${op}${width} r0, [sp, #4]`,
      );
  }
  for (const op of ['ldrd', 'strd']) {
    for (const off of ['0', '4', '8', '1020', '1024', '-4', '-1020', '-1024', '2', '-0']) {
      out.push(
        `${op} r0, r1, [r2, #${off}]`,
        `${op} r0, r1, [r2, #${off}]!`,
        `${op} r0, r1, [r2], #${off}`,
        `${op} r0, r1, [sp, #${off}]`,
        `${op} r0, r1, [pc, #${off}]`,
      );
    }
    out.push(
      `${op} r0, [r2]`,
      `${op} r8, r9, [r2]`,
      `${op} r0, r1, [r2, r3]`,
      `${op} lr, [r2]`,
      `${op} r12, [r2]`,
      `${op} r0, r1, [r0, #8]!`,
    );
  }
}

const LISTS = [
  '{r0}',
  '{r1}',
  '{r0, r1}',
  '{r0-r7}',
  '{r1, r3}',
  '{r8}',
  '{r0, r8}',
  '{lr}',
  '{pc}',
  '{r4, lr}',
  '{r4, pc}',
  '{r0, sp}',
  '{lr, pc}',
  '{r0-r12}',
  '{r4-r11, lr}',
  '{r4-r11, pc}',
  '{r2}',
  '{r0, r2}',
];

function multiples(out: string[]): void {
  for (const op of ['ldm', 'ldmia', 'ldmfd', 'stm', 'stmia', 'stmea', 'ldmdb', 'ldmea', 'stmdb', 'stmfd']) {
    for (const base of ['r0', 'r0!', 'r2', 'r2!', 'r8', 'r8!', 'sp', 'sp!']) {
      for (const list of LISTS) out.push(`${op} ${base}, ${list}`);
    }
    out.push(`${op}.w r0!, {r1, r2}`, `${op}.n r0!, {r1, r2}`);
  }
  for (const op of ['push', 'pop']) {
    for (const list of LISTS) out.push(`${op} ${list}`, `${op}.w ${list}`, `${op}.n ${list}`);
  }
}

function misc(out: string[]): void {
  for (const op of ['nop', 'yield', 'wfe', 'wfi', 'sev']) out.push(op, `${op}.n`, `${op}.w`);
  for (const imm of ['', '#0', '#1', '#255', '#256', '#-1', '#65535', '#65536']) {
    out.push(
      `bkpt ${imm}`.trim(),
      `svc ${imm}`.trim(),
      `udf ${imm}`.trim(),
      `udf.w ${imm}`.trim(),
      `udf.n ${imm}`.trim(),
    );
  }
  for (const op of ['cpsie', 'cpsid']) for (const flags of ['i', 'f', 'if', 'a', 'i, #3']) out.push(`${op} ${flags}`);
  for (const op of ['dmb', 'dsb', 'isb']) {
    for (const option of [
      '',
      'sy',
      'st',
      'ish',
      'ishst',
      'nsh',
      'nshst',
      'osh',
      'oshst',
      '#0',
      '#15',
      '#16',
      'ld',
      'bogus',
    ]) {
      out.push(`${op} ${option}`.trim());
    }
  }
  for (const reg of [
    'apsr',
    'iapsr',
    'eapsr',
    'xpsr',
    'ipsr',
    'epsr',
    'iepsr',
    'msp',
    'psp',
    'primask',
    'basepri',
    'basepri_max',
    'faultmask',
    'control',
  ]) {
    out.push(`mrs r0, ${reg}`, `mrs r8, ${reg}`, `msr ${reg}, r0`, `msr ${reg}, r8`);
  }
  for (const reg of ['apsr_nzcvq', 'apsr_g', 'apsr_nzcvqg', 'xpsr_nzcvq', 'iapsr_g']) out.push(`msr ${reg}, r1`);
  out.push('mrs sp, primask', 'msr primask, pc', 'mrs r0, apsr_nzcvq');
  for (const op of ['rev', 'rev16', 'revsh', 'sxtb', 'sxth', 'uxtb', 'uxth', 'clz', 'rbit']) {
    for (const rd of ['r0', 'r7', 'r8', 'sp']) for (const rm of ['r1', 'r9', 'pc']) out.push(`${op} ${rd}, ${rm}`);
    out.push(`${op}.w r0, r1`, `${op}.n r0, r1`, `${op}.n r8, r1`);
  }
  for (const op of ['sxtb', 'sxth', 'uxtb', 'uxth']) {
    for (const rot of ['ror #0', 'ror #8', 'ror #16', 'ror #24', 'ror #4', 'lsl #8'])
      out.push(`${op} r0, r1, ${rot}`, `${op} r8, r1, ${rot}`);
  }
  for (const [lsb, width] of [
    ['0', '1'],
    ['0', '32'],
    ['31', '1'],
    ['31', '2'],
    ['8', '8'],
    ['16', '17'],
    ['32', '1'],
    ['0', '0'],
  ]) {
    out.push(
      `bfc r0, #${lsb}, #${width}`,
      `bfi r0, r1, #${lsb}, #${width}`,
      `sbfx r0, r1, #${lsb}, #${width}`,
      `ubfx r8, r9, #${lsb}, #${width}`,
    );
  }
  out.push('bfi r0, #0, #4, #4', 'bfi sp, r1, #0, #4', 'ubfx r0, pc, #0, #4');
  for (const op of ['tbb', 'tbh']) {
    out.push(
      `${op} [r0, r1]`,
      `${op} [r0, r1, lsl #1]`,
      `${op} [r8, r9]`,
      `${op} [pc, r1]`,
      `${op} [sp, r1]`,
      `${op} [r0, sp]`,
      `${op} [r0, r1, lsl #2]`,
    );
  }
  for (const op of ['bx', 'blx'])
    for (const r of ['r0', 'r7', 'r8', 'lr', 'sp', 'pc']) out.push(`${op} ${r}`, `${op}.n ${r}`);
}

/** Branch programs: forward and backward at distances around each form's reach. */
function branches(out: string[]): void {
  const gaps = [0, 2, 124, 126, 128, 250, 252, 254, 256, 2042, 2044, 2046, 2048, 2050, 4000];
  for (const gap of gaps) {
    for (const op of ['b', 'beq', 'bne', 'bhs', 'blo', 'bgt', 'ble', 'b.n', 'b.w', 'beq.n', 'beq.w', 'bl']) {
      out.push(`${op} 1f\n.space ${gap}\n1:`);
      out.push(`1:\n.space ${gap}\n${op} 1b`);
    }
    for (const op of ['cbz', 'cbnz']) {
      if (gap <= 256)
        out.push(
          `${op} r0, 1f\n.space ${gap}\n1:`,
          `${op} r7, 1f\n.space ${gap}\n1:`,
          `1:\n.space ${gap}\n${op} r0, 1b`,
        );
    }
  }
  out.push('cbz r8, 1f\n1:', 'b 1f\nnop\nnop\n1: b 1b', 'bl far\n.space 8\nfar: bx lr');
  out.push('beq 1f\n.space 1048000\n1:', 'b 1f\n.space 20000\n1:', 'bl 1f\n.space 300000\n1:');
  // A chain of branches that grow each other.
  out.push(`${Array.from({ length: 6 }, (_, i) => `b 9f\n.space ${2040 - i * 2}`).join('\n')}\n9:`);
}

/** Labels, literal pools, adr, pc-relative loads, data and alignment. */
function programs(out: string[]): void {
  for (const gap of [0, 2, 4, 1016, 1018, 1020, 1022, 1024, 4090, 4096]) {
    out.push(`ldr r0, =0x12345678\n.space ${gap}\n.ltorg`);
    out.push(`ldr r0, 1f\n.space ${gap}\n.balign 4\n1: .word 5`);
    out.push(`adr r0, 1f\n.space ${gap}\n.balign 4\n1: .word 5`);
    out.push(`adr r1, 1f\n.space ${gap}\n1: .word 5`);
    out.push(`1: .word 5\n.space ${gap}\nldr r0, 1b`);
    out.push(`.balign 4\n1: .word 5\n.space ${gap}\nadr r0, 1b`);
    out.push(`ldr r8, 1f\n.space ${gap}\n.balign 4\n1: .word 5`);
    out.push(`adr r8, 1f\n.space ${gap}\n.balign 4\n1: .word 5`);
  }
  out.push('ldr r0, =1\nldr r1, =1\nldr r2, =2\nldr r3, =0x12345678\n.ltorg');
  out.push('ldr r0, =lab\nldr r1, =lab\nldr r2, =lab+4\nnop\n.ltorg\nlab: nop');
  out.push('.thumb_func\nfn: nop\nldr r0, =fn\nadr r1, fn\n.word fn, fn+2, fn-fn\n.ltorg');
  out.push('.type fn2, %function\nfn2: bx lr\n.word fn2\nldr r3, =fn2\n.ltorg');
  out.push('nop\n.ltorg\nnop\nldr r0, =5\n.pool');
  out.push('ldr r0, =0x11111111\nnop\n.ltorg\nldr r1, =0x11111111\n.ltorg');
  out.push('.word 1, 2, 3\n.short 4, 5\n.hword -1\n.byte 1, 255, -128\n.2byte 7\n.4byte 8\n.long 9\n.int 10');
  out.push('.ascii "abc"\n.asciz "de"\n.string "f\\n\\t\\\\\\"\\x41\\101"\n.byte \'a\', \'\\n\'');
  out.push(
    '.byte 1\n.balign 4\nnop\n.balign 8\nnop\n.p2align 4\nnop\n.align 2\n.balign 16, 0x33\n.byte 2\n.balign 8,,3\n.byte 3',
  );
  out.push('.space 5\n.skip 3, 0x41\n.zero 2\n.fill 3, 2, 0x1234\n.fill 2, 4, -1\n.fill 1\n.balign 2');
  out.push(
    '.equ K, 10\n.set L, K * 4 + 2\nmovs r0, #K\nadds r0, #L\n.word K, L, K << 2, (K + 1) * 3, K / 3, K % 3, -K, ~K, K & 6, K | 5, K ^ 3',
  );
  out.push('M = 3\nmovs r1, #M\n.equ M2, M + 1\nmovs r2, #M2');
  out.push('a1: nop\na2: nop\n.word a2 - a1, a1 + 4, . - a1, a2 - .');
  out.push('movs r0, #fwd\n.equ fwd, 12');
  out.push('movs r0, #(b2 - b1)\nb1: nop\nnop\nb2:');
  out.push('ldr r0, [r1, #(e2 - e1)]\ne1: nop\nnop\nnop\nnop\ne2:');
  out.push('1: nop\n2: b 1b\nb 2b\nb 3f\n3: nop\n1: b 1b');
  out.push('.inst.n 0x46c0\n.inst.w 0xf3af8000\n.inst 0xbf00\n.inst 0xf000f800');
  out.push('nop ; nop ; movs r0, #1 @ comment\nnop // comment\n/* block */ nop');
  out.push("movs r0, #'a'\nmovs r1, #'\\n'\nmovs r2, #0x7f\nmovs r3, #0b101\nmovs r4, #010");
  // Expressions: GNU as's precedence and 64-bit arithmetic.
  out.push(
    '.word 1 + 2 * 3, (1 + 2) * 3, 1 << 2 + 1, 7 & 3 | 8, 10 - 2 - 3, 100 / 7 / 2, -5 / 2, -5 % 3',
    '.word 1 == 1, 2 < 1, 5 != 4, 6 >= 6, 5 <> 5, 4 <= 3, ~0 >> 60, 1 ! 2, 3 && 0, 3 || 0, !5, -(-3), +4',
    '.word 0x7fffffff + 1, 0xffffffff, -0x80000000, (1 << 31) >> 31, 0x12345678 ^ 0xffff',
    '.byte 255, -128, 0x7f\n.short 65535, -32768',
  );
  // Immediates that are label differences: constants to GNU as only once both labels are known.
  out.push('adds r0, #(lb3 - lb2)\nlb2: nop\nlb3:');
  out.push('lb4: nop\nlb5: adds r0, #(lb5 - lb4)');
  out.push('add r0, sp, #(lb7 - lb6)\nlb6: nop\nnop\nlb7:');
  out.push('cmp r0, #(lb9 - lb8)\nlb8: nop\nlb9:');
  out.push('ldr r0, [sp, #(lc1 - lc0)]\nlc0: nop\nnop\nlc1:');
  out.push('.word lc2 + (2 * 3) - 1, (lc3 - lc2) << 2\nlc2: nop\nlc3: nop');
  // Halves of addresses for movw/movt, and branches to absolute addresses.
  out.push('movw r0, #:lower16:ld0\nmovt r0, #:upper16:ld0\n.thumb_func\nld0: nop');
  out.push('movw r1, #:lower16:ld1+0x1234\nmovt r1, #:upper16:ld1+0x1234\nld1: nop');
  out.push(
    'movw r0, #:upper16:ld1',
    'movt r0, #:lower16:ld1',
    'movw r0, #:lower16:0x12345678\nmovt r0, #:upper16:0x12345678',
  );
  out.push('b 0x1000', 'bl 0x1000', 'b.n 0x100000');
  // Literal pools far away and labels loaded from far away.
  for (const gap of [1000, 1016, 1020, 1024, 4080, 4096]) {
    out.push(
      `ldr r0, =0x76543210\n.space ${gap}\n.ltorg`,
      `ldr r0, =0x76543210\nldr r1, =0x76543211\n.space ${gap}\n.ltorg`,
    );
  }
}

/** IT blocks and conditional instructions. */
function itBlocks(out: string[]): void {
  const conds = ['eq', 'ne', 'cs', 'hs', 'cc', 'lo', 'mi', 'pl', 'vs', 'vc', 'hi', 'ls', 'ge', 'lt', 'gt', 'le'];
  for (const c of conds) {
    out.push(`it ${c}\nadd${c} r0, r1`);
    out.push(`it ${c}\nmov${c} r0, #1`);
  }
  const inverse: Record<string, string> = {
    eq: 'ne',
    ne: 'eq',
    ge: 'lt',
    lt: 'ge',
    hi: 'ls',
    ls: 'hi',
    cs: 'cc',
    cc: 'cs',
  };
  for (const pattern of [
    '',
    't',
    'e',
    'tt',
    'te',
    'et',
    'ee',
    'ttt',
    'tte',
    'tet',
    'tee',
    'ett',
    'ete',
    'eet',
    'eee',
  ]) {
    for (const c of ['eq', 'ne', 'ge', 'hi', 'cc']) {
      const lines = [`it${pattern} ${c}`, `adds${c} r0, r0, r1`];
      for (const ch of pattern) lines.push(`adds${ch === 't' ? c : inverse[c]} r0, r0, r1`);
      out.push(lines.join('\n'));
    }
  }
  // Narrow forms that exist only inside IT blocks, and wrong conditions or missing ones.
  out.push('ite eq\naddeq r0, r1, r2\naddne r0, r1, r2');
  out.push('itt ne\nmovne r0, r1\nsubne r0, #1');
  out.push('it eq\naddeq r0, r1, #1');
  out.push('it eq\naddseq r0, r1, r2');
  out.push('it eq\nmuleq r0, r1, r0');
  out.push('it eq\nmulseq r0, r1, r0');
  out.push('it eq\nlsleq r0, r1, #2');
  out.push('it eq\nmvneq r0, r1');
  out.push('it eq\nnegeq r0, r1');
  out.push('it eq\nmoveq r0, #0x1234');
  out.push('it eq\nmoveq r0, #300');
  out.push('it eq\ncmpeq r0, #1');
  out.push('it eq\nldreq r0, [r1]');
  out.push('it eq\nbeq 1f\nnop\n1:');
  out.push('it eq\nbxeq lr');
  out.push('it eq\npopeq {r4, pc}');
  out.push('itt eq\nbeq 1f\nnop\n1:');
  out.push('it eq\naddne r0, r1');
  out.push('it eq\nadd r0, r1');
  out.push('it eq\ncbzeq r0, 1f\n1:');
  out.push('it eq\nit eq\naddeq r0, r1');
  out.push('addeq r0, r1');
  out.push('moveq r0, r1');
  out.push('itt eq\naddeq r0, r1');
  out.push('it eq\nbkpt #1');
  out.push('it al\nadd r0, r1');
  out.push('ite al\nadd r0, r1\nadd r0, r1');
}

export function generateCorpus(): string[] {
  const out: string[] = [];
  dataProcessing(out);
  movesAndCompares(out);
  shiftInstructions(out);
  multiplies(out);
  wideMoves(out);
  loadsAndStores(out);
  multiples(out);
  misc(out);
  branches(out);
  programs(out);
  itBlocks(out);
  return out;
}
