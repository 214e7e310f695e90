/**
 * The probability model shared by our LZMA encoder and decoder ("LZMA alone" streams: the format
 * MakeCode uses for embedded sources, .mkcd files and PNG projects). Every probability is an 11-bit
 * number starting at one half; the layout below is the standard LZMA one.
 */

const PROB_INIT = 1024;
const NUM_STATES = 12;
/** Matches shorter than this are never coded; lengths are stored as `length - MIN_MATCH`. */
export const MIN_MATCH = 2;
export const MAX_MATCH = 273;
export const END_POS_MODEL_INDEX = 14;
const NUM_FULL_DISTANCES = 128;
/** Size of the "alone" header: properties byte, dictionary size, uncompressed size. */
export const LZMA_HEADER_SIZE = 13;
/** The distance value that marks the end of a stream of unknown length. */
export const END_MARKER_DISTANCE = 0xffffffff;

// Offsets inside one length coder's probability array.
export const LEN_CHOICE = 0;
export const LEN_CHOICE_2 = 1;
export const LEN_LOW = 2;
export const LEN_MID = LEN_LOW + 16 * 8;
export const LEN_HIGH = LEN_MID + 16 * 8;
const LEN_PROBS = LEN_HIGH + 256;

export interface LzmaProperties {
  /** Literal context bits (0-8). */
  lc: number;
  /** Literal position bits (0-4). */
  lp: number;
  /** Position bits (0-4). */
  pb: number;
}

/** lc=3, lp=0, pb=2: what LZMA-JS (and so MakeCode) writes, and what we write. */
export const DEFAULT_PROPERTIES: LzmaProperties = { lc: 3, lp: 0, pb: 2 };

export function propertiesByte(p: LzmaProperties): number {
  return (p.pb * 5 + p.lp) * 9 + p.lc;
}

export function parsePropertiesByte(byte: number): LzmaProperties | null {
  if (byte >= 9 * 5 * 5) return null;
  const lc = byte % 9;
  const rest = Math.floor(byte / 9);
  return { lc, lp: rest % 5, pb: Math.floor(rest / 5) };
}

function probs(size: number): Uint16Array {
  return new Uint16Array(size).fill(PROB_INIT);
}

export class LzmaModel {
  readonly isMatch = probs(NUM_STATES << 4);
  readonly isRep = probs(NUM_STATES);
  readonly isRepG0 = probs(NUM_STATES);
  readonly isRepG1 = probs(NUM_STATES);
  readonly isRepG2 = probs(NUM_STATES);
  readonly isRep0Long = probs(NUM_STATES << 4);
  readonly literal: Uint16Array;
  /** Four 6-bit trees, chosen by the match length (0, 1, 2, 3+). */
  readonly posSlot = probs(4 << 6);
  /** Reverse trees for the low bits of distances with slots 4-13 (base offset `distance base - slot`). */
  readonly specPos = probs(1 + NUM_FULL_DISTANCES - END_POS_MODEL_INDEX);
  readonly align = probs(16);
  readonly len = probs(LEN_PROBS);
  readonly repLen = probs(LEN_PROBS);

  constructor(readonly props: LzmaProperties) {
    this.literal = probs(0x300 << (props.lc + props.lp));
  }
}

export function stateAfterLiteral(state: number): number {
  return state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
}

export function stateAfterMatch(state: number): number {
  return state < 7 ? 7 : 10;
}

export function stateAfterRep(state: number): number {
  return state < 7 ? 8 : 11;
}

export function stateAfterShortRep(state: number): number {
  return state < 7 ? 9 : 11;
}
