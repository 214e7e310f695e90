// Names the assembler knows: registers (with the APCS aliases GNU as accepts), condition codes,
// M-profile special registers and barrier options. All case-insensitive.

export const SP = 13;
export const LR = 14;
export const PC = 15;

const REGISTERS = new Map<string, number>();
for (let i = 0; i < 16; i++) REGISTERS.set(`r${i}`, i);
for (let i = 0; i < 4; i++) REGISTERS.set(`a${i + 1}`, i);
for (let i = 0; i < 8; i++) REGISTERS.set(`v${i + 1}`, i + 4);
for (const [name, reg] of [
  ['sb', 9],
  ['sl', 10],
  ['fp', 11],
  ['ip', 12],
  ['sp', 13],
  ['lr', 14],
  ['pc', 15],
] as const)
  REGISTERS.set(name, reg);

/** The register a name denotes, or undefined. */
export function registerNumber(name: string): number | undefined {
  return REGISTERS.get(name.toLowerCase());
}

export const CONDITIONS: Readonly<Record<string, number>> = {
  eq: 0,
  ne: 1,
  cs: 2,
  hs: 2,
  cc: 3,
  lo: 3,
  mi: 4,
  pl: 5,
  vs: 6,
  vc: 7,
  hi: 8,
  ls: 9,
  ge: 10,
  lt: 11,
  gt: 12,
  le: 13,
  al: 14,
};

export const COND_ALWAYS = 14;

export function conditionCode(name: string): number | undefined {
  const code = CONDITIONS[name.toLowerCase()];
  return code;
}

/** M-profile special registers (SYSm values) for MRS/MSR; `v7m` marks the ones the M0 lacks. */
export const SPECIAL_REGISTERS: Readonly<Record<string, number>> = {
  apsr: 0,
  iapsr: 1,
  eapsr: 2,
  xpsr: 3,
  ipsr: 5,
  epsr: 6,
  iepsr: 7,
  msp: 8,
  psp: 9,
  primask: 16,
  basepri: 17,
  basepri_max: 18,
  faultmask: 19,
  control: 20,
};

/** Barrier options for DMB/DSB/ISB. */
export const BARRIER_OPTIONS: Readonly<Record<string, number>> = {
  sy: 15,
  st: 14,
  ish: 11,
  ishst: 10,
  nsh: 7,
  nshst: 6,
  osh: 3,
  oshst: 2,
  un: 7,
  unst: 6,
  sh: 11,
  shst: 10,
};

export function registerName(reg: number): string {
  return reg === SP ? 'sp' : reg === LR ? 'lr' : reg === PC ? 'pc' : `r${reg}`;
}
