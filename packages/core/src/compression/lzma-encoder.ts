import {
  DEFAULT_PROPERTIES,
  END_MARKER_DISTANCE,
  END_POS_MODEL_INDEX,
  LEN_CHOICE,
  LEN_CHOICE_2,
  LEN_HIGH,
  LEN_LOW,
  LEN_MID,
  LZMA_HEADER_SIZE,
  LzmaModel,
  MAX_MATCH,
  MIN_MATCH,
  propertiesByte,
  stateAfterLiteral,
  stateAfterMatch,
  stateAfterRep,
  stateAfterShortRep,
} from './lzma-model.ts';

export interface LzmaEncodeOptions {
  /**
   * 1 (fastest) to 9 (smallest), like LZMA-JS. Spec 000 §9 asks for level 7, the default: the
   * header then announces an 8 MiB dictionary, exactly as MakeCode's files do.
   */
  level?: number;
}

interface LevelSettings {
  dictBits: number;
  /** How many earlier positions with the same 3-byte hash are tried. */
  chainDepth: number;
  /** A match this long is taken without looking further. */
  niceLength: number;
}

// Dictionary sizes follow LZMA-JS's modes so our headers read like MakeCode's; the search effort is ours.
const LEVELS: readonly LevelSettings[] = [
  { dictBits: 16, chainDepth: 4, niceLength: 16 },
  { dictBits: 20, chainDepth: 8, niceLength: 24 },
  { dictBits: 19, chainDepth: 12, niceLength: 32 },
  { dictBits: 20, chainDepth: 16, niceLength: 48 },
  { dictBits: 21, chainDepth: 24, niceLength: 64 },
  { dictBits: 22, chainDepth: 32, niceLength: 96 },
  { dictBits: 23, chainDepth: 48, niceLength: 128 },
  { dictBits: 24, chainDepth: 96, niceLength: 192 },
  { dictBits: 25, chainDepth: 192, niceLength: MAX_MATCH },
];

const DEFAULT_LZMA_LEVEL = 7;

const HASH_BITS = 16;
/** A 3-byte match this far back costs about as much as three literals, so it is not worth coding. */
const FAR_SHORT_MATCH = 0x2000;

/**
 * An "LZMA alone" encoder: greedy parsing over a hash-chain match finder, with repeated-distance
 * matches (rep0 and short rep) when they are at least as good. Work is split into steps so the async
 * wrapper can yield between them. The output decodes with LZMA-JS, xz and our decoder (tests check
 * all three).
 */
export class LzmaEncoder {
  private readonly data: Uint8Array;
  private readonly settings: LevelSettings;
  private readonly dictSize: number;
  private readonly model = new LzmaModel(DEFAULT_PROPERTIES);
  private readonly head = new Int32Array(1 << HASH_BITS).fill(-1);
  private readonly prev: Int32Array;
  private pos = 0;
  private state = 0;
  private rep0 = 0;
  private rep1 = 0;
  private rep2 = 0;
  private rep3 = 0;
  // Range encoder: `low` may exceed 32 bits by one carry bit, so it is kept as a plain number.
  private low = 0;
  private range = 0xffffffff;
  private cache = 0;
  private cacheSize = 1;
  private out: Uint8Array;
  private outPos = 0;
  private finished: Uint8Array | null = null;
  /** Highest position already in the hash chains (positions are inserted once, in order). */
  private insertedUpTo = -1;
  private cachedPos = -1;
  private cachedLen = 0;
  private cachedDist = 0;

  constructor(data: Uint8Array, options: LzmaEncodeOptions = {}) {
    const level = Math.min(9, Math.max(1, Math.round(options.level ?? DEFAULT_LZMA_LEVEL)));
    this.data = data;
    this.settings = LEVELS[level - 1]!;
    this.dictSize = 2 ** this.settings.dictBits;
    this.prev = new Int32Array(Math.max(1, data.length));
    this.out = new Uint8Array(LZMA_HEADER_SIZE + 64 + (data.length >>> 1));
    this.writeHeader();
  }

  /** Bytes of input consumed so far. */
  get progress(): number {
    return this.pos;
  }

  /** Encodes about `budget` more input bytes; returns true once the whole input is encoded. */
  step(budget: number): boolean {
    if (this.finished) return true;
    const limit = Math.min(this.data.length, this.pos + Math.max(1, budget));
    while (this.pos < limit) this.encodeOne();
    if (this.pos >= this.data.length) {
      this.endMarker();
      for (let i = 0; i < 5; i++) this.shiftLow();
      this.finished = this.out.slice(0, this.outPos);
      return true;
    }
    return false;
  }

  /** The finished stream; only valid once `step` returned true. */
  result(): Uint8Array {
    if (!this.finished) throw new Error('LzmaEncoder.result() called before the input was fully encoded.');
    return this.finished;
  }

  /**
   * LZMA-JS ends every stream with the end marker even though the header states the size, and its
   * decoder relies on it (an empty stream without one crashes it), so we write one too.
   */
  private endMarker(): void {
    const posState = this.pos & 3;
    this.bit(this.model.isMatch, (this.state << 4) + posState, 1);
    this.bit(this.model.isRep, this.state, 0);
    this.length(this.model.len, 0, posState);
    this.distance(END_MARKER_DISTANCE, 0);
  }

  private writeHeader(): void {
    this.writeByte(propertiesByte(DEFAULT_PROPERTIES));
    for (let i = 0; i < 4; i++) this.writeByte((this.dictSize / 2 ** (8 * i)) & 0xff);
    const size = this.data.length;
    for (let i = 0; i < 8; i++)
      this.writeByte(i < 4 ? (size >>> (8 * i)) & 0xff : Math.floor(size / 2 ** (8 * i)) & 0xff);
  }

  private writeByte(byte: number): void {
    if (this.outPos === this.out.length) {
      const grown = new Uint8Array(this.out.length * 2);
      grown.set(this.out);
      this.out = grown;
    }
    this.out[this.outPos++] = byte;
  }

  private shiftLow(): void {
    if (this.low < 0xff000000 || this.low >= 0x100000000) {
      const carry = this.low >= 0x100000000 ? 1 : 0;
      let temp = this.cache;
      do {
        this.writeByte((temp + carry) & 0xff);
        temp = 0xff;
      } while (--this.cacheSize !== 0);
      this.cache = (this.low >>> 24) & 0xff;
    }
    this.cacheSize++;
    this.low = (this.low & 0x00ffffff) * 256;
  }

  private bit(probs: Uint16Array, index: number, bit: number): void {
    const p = probs[index]!;
    const bound = (this.range >>> 11) * p;
    if (bit === 0) {
      this.range = bound;
      probs[index] = p + ((2048 - p) >>> 5);
    } else {
      this.low += bound;
      this.range -= bound;
      probs[index] = p - (p >>> 5);
    }
    while (this.range < 0x1000000) {
      this.range *= 256;
      this.shiftLow();
    }
  }

  private tree(probs: Uint16Array, base: number, bits: number, symbol: number): void {
    let m = 1;
    for (let i = bits - 1; i >= 0; i--) {
      const b = (symbol >>> i) & 1;
      this.bit(probs, base + m, b);
      m = (m << 1) | b;
    }
  }

  private reverseTree(probs: Uint16Array, base: number, bits: number, symbol: number): void {
    let m = 1;
    for (let i = 0; i < bits; i++) {
      const b = (symbol >>> i) & 1;
      this.bit(probs, base + m, b);
      m = (m << 1) | b;
    }
  }

  /** `bits` is at most 26 here (distances stay below 2^32), so plain bit operations are exact. */
  private direct(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--) {
      this.range = this.range >>> 1;
      if ((value >>> i) & 1) this.low += this.range;
      while (this.range < 0x1000000) {
        this.range *= 256;
        this.shiftLow();
      }
    }
  }

  private length(probs: Uint16Array, len: number, posState: number): void {
    if (len < 8) {
      this.bit(probs, LEN_CHOICE, 0);
      this.tree(probs, LEN_LOW + (posState << 3), 3, len);
    } else if (len < 16) {
      this.bit(probs, LEN_CHOICE, 1);
      this.bit(probs, LEN_CHOICE_2, 0);
      this.tree(probs, LEN_MID + (posState << 3), 3, len - 8);
    } else {
      this.bit(probs, LEN_CHOICE, 1);
      this.bit(probs, LEN_CHOICE_2, 1);
      this.tree(probs, LEN_HIGH, 8, len - 16);
    }
  }

  private distance(dist: number, len: number): void {
    const lenState = len < 3 ? len : 3;
    let slot: number;
    if (dist < 4) {
      slot = dist;
    } else {
      const n = 31 - Math.clz32(dist);
      slot = 2 * n + ((dist >>> (n - 1)) & 1);
    }
    this.tree(this.model.posSlot, lenState << 6, 6, slot);
    if (slot < 4) return;
    const footerBits = (slot >>> 1) - 1;
    const base = (2 | (slot & 1)) * 2 ** footerBits;
    const reduced = dist - base;
    if (slot < END_POS_MODEL_INDEX) {
      this.reverseTree(this.model.specPos, base - slot, footerBits, reduced);
    } else {
      this.direct(Math.floor(reduced / 16), footerBits - 4);
      this.reverseTree(this.model.align, 0, 4, reduced & 15);
    }
  }

  private literal(pos: number): void {
    const d = this.data;
    const prevByte = pos > 0 ? d[pos - 1]! : 0;
    const base = 0x300 * (prevByte >>> (8 - DEFAULT_PROPERTIES.lc));
    const byte = d[pos]!;
    const probs = this.model.literal;
    let context = 1;
    if (this.state >= 7) {
      const matchByte = d[pos - this.rep0 - 1]!;
      let same = true;
      for (let i = 7; i >= 0; i--) {
        const b = (byte >>> i) & 1;
        if (same) {
          const mb = (matchByte >>> i) & 1;
          this.bit(probs, base + ((1 + mb) << 8) + context, b);
          same = mb === b;
        } else {
          this.bit(probs, base + context, b);
        }
        context = (context << 1) | b;
      }
    } else {
      for (let i = 7; i >= 0; i--) {
        const b = (byte >>> i) & 1;
        this.bit(probs, base + context, b);
        context = (context << 1) | b;
      }
    }
  }

  private hash(pos: number): number {
    const d = this.data;
    return Math.imul((d[pos]! << 16) | (d[pos + 1]! << 8) | d[pos + 2]!, 0x9e3779b1) >>> (32 - HASH_BITS);
  }

  private insert(pos: number): void {
    const h = this.hash(pos);
    this.prev[pos] = this.head[h]!;
    this.head[h] = pos;
    this.insertedUpTo = pos;
  }

  /**
   * Longest earlier match at `pos` (length 0 when none is worth coding), inserting `pos` into the
   * hash chains. The result for the lookahead position is cached so lazy matching searches once.
   */
  private findMatch(pos: number): void {
    if (pos === this.cachedPos) return;
    const d = this.data;
    const maxLen = Math.min(MAX_MATCH, d.length - pos);
    let bestLen = 0;
    let bestDist = 0;
    if (maxLen >= 3) {
      const h = this.hash(pos);
      let candidate = this.head[h]!;
      let chain = this.settings.chainDepth;
      const nice = this.settings.niceLength;
      const first = d[pos];
      while (candidate >= 0 && chain-- > 0) {
        const dist = pos - candidate - 1;
        if (dist >= this.dictSize) break;
        if (d[candidate] === first && d[candidate + bestLen] === d[pos + bestLen]) {
          let len = 1;
          while (len < maxLen && d[candidate + len] === d[pos + len]) len++;
          if (len > bestLen) {
            bestLen = len;
            bestDist = dist;
            if (len >= nice) break;
          }
        }
        candidate = this.prev[candidate]!;
      }
      this.prev[pos] = this.head[h]!;
      this.head[h] = pos;
      this.insertedUpTo = pos;
      if (bestLen < 3 || (bestLen === 3 && bestDist >= FAR_SHORT_MATCH)) bestLen = 0;
    }
    this.cachedPos = pos;
    this.cachedLen = bestLen;
    this.cachedDist = bestDist;
  }

  private repLength(pos: number, rep: number): number {
    if (pos <= rep) return 0;
    const d = this.data;
    const maxLen = Math.min(MAX_MATCH, d.length - pos);
    const r = pos - rep - 1;
    let len = 0;
    while (len < maxLen && d[r + len] === d[pos + len]) len++;
    return len;
  }

  private encodeOne(): void {
    const d = this.data;
    const pos = this.pos;
    const m = this.model;
    const posState = pos & 3;

    const repLen = this.repLength(pos, this.rep0);
    this.findMatch(pos);
    let bestLen = this.cachedLen;
    const bestDist = this.cachedDist;
    // Lazy matching: if the next position starts a clearly longer match, code this byte alone.
    if (bestLen > 0 && bestLen < this.settings.niceLength && repLen + 1 < bestLen) {
      this.findMatch(pos + 1);
      if (this.cachedLen > bestLen + 1 || (this.cachedLen > bestLen && this.cachedDist < bestDist)) bestLen = 0;
    }

    const stateIndex = (this.state << 4) + posState;
    let taken: number;
    if (repLen >= MIN_MATCH && repLen + 1 >= bestLen) {
      this.bit(m.isMatch, stateIndex, 1);
      this.bit(m.isRep, this.state, 1);
      this.bit(m.isRepG0, this.state, 0);
      this.bit(m.isRep0Long, stateIndex, 1);
      this.length(m.repLen, repLen - MIN_MATCH, posState);
      this.state = stateAfterRep(this.state);
      taken = repLen;
    } else if (bestLen > 0) {
      this.bit(m.isMatch, stateIndex, 1);
      this.bit(m.isRep, this.state, 0);
      this.length(m.len, bestLen - MIN_MATCH, posState);
      this.distance(bestDist, bestLen - MIN_MATCH);
      this.rep3 = this.rep2;
      this.rep2 = this.rep1;
      this.rep1 = this.rep0;
      this.rep0 = bestDist;
      this.state = stateAfterMatch(this.state);
      taken = bestLen;
    } else if (repLen >= 1) {
      this.bit(m.isMatch, stateIndex, 1);
      this.bit(m.isRep, this.state, 1);
      this.bit(m.isRepG0, this.state, 0);
      this.bit(m.isRep0Long, stateIndex, 0);
      this.state = stateAfterShortRep(this.state);
      taken = 1;
    } else {
      this.bit(m.isMatch, stateIndex, 0);
      this.literal(pos);
      this.state = stateAfterLiteral(this.state);
      taken = 1;
    }
    const end = pos + taken;
    const lastHashable = d.length - 3;
    for (let k = Math.max(pos + 1, this.insertedUpTo + 1); k < end && k <= lastHashable; k++) this.insert(k);
    this.pos = end;
  }
}

/** Compresses `data` to an "LZMA alone" stream in one go. */
export function encodeLzma(data: Uint8Array, options: LzmaEncodeOptions = {}): Uint8Array {
  const encoder = new LzmaEncoder(data, options);
  while (!encoder.step(1 << 20));
  return encoder.result();
}
