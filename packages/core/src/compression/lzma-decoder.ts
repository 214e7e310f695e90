import {
  END_MARKER_DISTANCE,
  END_POS_MODEL_INDEX,
  LEN_CHOICE,
  LEN_CHOICE_2,
  LEN_HIGH,
  LEN_LOW,
  LEN_MID,
  LZMA_HEADER_SIZE,
  LzmaModel,
  MIN_MATCH,
  parsePropertiesByte,
  stateAfterLiteral,
  stateAfterMatch,
  stateAfterRep,
  stateAfterShortRep,
} from './lzma-model.ts';

/**
 * Malformed LZMA data, or (`tooLarge`) data that unpacks past the caller's limit. Callers turn it
 * into their format's "not valid" or "too big" message.
 */
export class LzmaDataError extends Error {
  override readonly name = 'LzmaDataError';

  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

export interface LzmaDecodeOptions {
  /**
   * Refuse to produce more than this many bytes (a hostile header may claim terabytes, a tiny
   * stream may unpack to gigabytes): decoding stops the moment the output would pass it, and no
   * more than about twice the output so far is ever allocated.
   */
  maxOutputBytes?: number;
  /** Told every PROGRESS_STEP output bytes how far through the input the decoder is. */
  onProgress?: (consumedBytes: number, totalBytes: number) => void;
}

/** How often onProgress is told (output bytes). */
const PROGRESS_STEP = 256 * 1024;

const DEFAULT_MAX_LZMA_OUTPUT = 64 * 1024 * 1024;

/**
 * Decodes an "LZMA alone" stream (13-byte header, then range-coded data), as written by LZMA-JS
 * (MakeCode), xz --format=lzma and our encoder. Strict: truncated input, distances before the start,
 * data past the declared size and a missing end marker all throw LzmaDataError. Every loop turn emits
 * at least one byte or ends, so bad input cannot make it spin.
 */
export function decodeLzma(input: Uint8Array, options: LzmaDecodeOptions = {}): Uint8Array {
  const maxOutput = options.maxOutputBytes ?? DEFAULT_MAX_LZMA_OUTPUT;
  if (input.length < LZMA_HEADER_SIZE + 5) throw new LzmaDataError('The LZMA stream is shorter than its header.');
  const props = parsePropertiesByte(input[0]!);
  if (!props) throw new LzmaDataError(`Invalid LZMA properties byte ${input[0]}.`);
  // Before believing a size in the header, see that a range coder really starts after it.
  if (input[LZMA_HEADER_SIZE] !== 0) throw new LzmaDataError('The LZMA range coder must start with a zero byte.');
  let sizeKnown = false;
  let size = 0;
  for (let i = 12; i >= 5; i--) {
    if (input[i] !== 0xff) sizeKnown = true;
  }
  if (sizeKnown) {
    const low = (input[5]! | (input[6]! << 8) | (input[7]! << 16) | (input[8]! << 24)) >>> 0;
    const high = (input[9]! | (input[10]! << 8) | (input[11]! << 16) | (input[12]! << 24)) >>> 0;
    if (high !== 0 || low > maxOutput) {
      throw new LzmaDataError(`The LZMA stream claims an uncompressed size above ${maxOutput} bytes.`, true);
    }
    size = low;
  }
  return new Decoder(input, props.lc, props.lp, props.pb, sizeKnown ? size : -1, maxOutput, options.onProgress).run();
}

class Decoder {
  private range = 0xffffffff;
  private code = 0;
  private inPos: number;
  private out: Uint8Array;
  private outPos = 0;
  private readonly model: LzmaModel;
  private readonly lpMask: number;
  private readonly pbMask: number;

  constructor(
    private readonly input: Uint8Array,
    private readonly lc: number,
    lp: number,
    pb: number,
    private readonly size: number,
    private readonly maxOutput: number,
    private readonly onProgress?: (consumedBytes: number, totalBytes: number) => void,
  ) {
    this.model = new LzmaModel({ lc, lp, pb });
    this.lpMask = (1 << lp) - 1;
    this.pbMask = (1 << pb) - 1;
    const initial = size >= 0 ? size : Math.min(maxOutput, Math.max(1024, input.length * 8));
    this.out = new Uint8Array(Math.min(initial, Math.max(4096, input.length * 64)));
    this.inPos = LZMA_HEADER_SIZE;
    if (this.next() !== 0) throw new LzmaDataError('The LZMA range coder must start with a zero byte.');
    for (let i = 0; i < 4; i++) this.code = this.code * 256 + this.next();
    if (this.code === this.range) throw new LzmaDataError('Corrupt LZMA range coder start.');
  }

  private next(): number {
    if (this.inPos >= this.input.length) throw new LzmaDataError('The LZMA stream ends too early.');
    return this.input[this.inPos++]!;
  }

  private bit(probs: Uint16Array, index: number): number {
    const p = probs[index]!;
    const bound = (this.range >>> 11) * p;
    let bit: number;
    if (this.code < bound) {
      this.range = bound;
      probs[index] = p + ((2048 - p) >>> 5);
      bit = 0;
    } else {
      this.range -= bound;
      this.code -= bound;
      probs[index] = p - (p >>> 5);
      bit = 1;
    }
    if (this.range < 0x1000000) {
      this.range *= 256;
      this.code = this.code * 256 + this.next();
    }
    return bit;
  }

  private tree(probs: Uint16Array, base: number, bits: number): number {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) | this.bit(probs, base + m);
    return m - (1 << bits);
  }

  private reverseTree(probs: Uint16Array, base: number, bits: number): number {
    let m = 1;
    let symbol = 0;
    for (let i = 0; i < bits; i++) {
      const b = this.bit(probs, base + m);
      m = (m << 1) | b;
      symbol |= b << i;
    }
    return symbol;
  }

  private direct(bits: number): number {
    let result = 0;
    for (let i = 0; i < bits; i++) {
      this.range = this.range >>> 1;
      let b = 0;
      if (this.code >= this.range) {
        this.code -= this.range;
        b = 1;
      }
      result = result * 2 + b;
      if (this.range < 0x1000000) {
        this.range *= 256;
        this.code = this.code * 256 + this.next();
      }
    }
    return result;
  }

  private length(probs: Uint16Array, posState: number): number {
    if (this.bit(probs, LEN_CHOICE) === 0) return this.tree(probs, LEN_LOW + (posState << 3), 3);
    if (this.bit(probs, LEN_CHOICE_2) === 0) return 8 + this.tree(probs, LEN_MID + (posState << 3), 3);
    return 16 + this.tree(probs, LEN_HIGH, 8);
  }

  private distance(len: number): number {
    const lenState = len < 3 ? len : 3;
    const slot = this.tree(this.model.posSlot, lenState << 6, 6);
    if (slot < 4) return slot;
    const directBits = (slot >>> 1) - 1;
    let dist = (2 | (slot & 1)) * 2 ** directBits;
    if (slot < END_POS_MODEL_INDEX) return dist + this.reverseTree(this.model.specPos, dist - slot, directBits);
    dist += this.direct(directBits - 4) * 16;
    return dist + this.reverseTree(this.model.align, 0, 4);
  }

  private ensure(extra: number): void {
    const need = this.outPos + extra;
    if (need <= this.out.length) return;
    const limit = this.size >= 0 ? this.size : this.maxOutput;
    if (need > limit) {
      if (this.size >= 0) throw new LzmaDataError('The LZMA data runs past its declared size.');
      throw new LzmaDataError(`The LZMA data unpacks to more than ${this.maxOutput} bytes.`, true);
    }
    const grown = new Uint8Array(Math.min(limit, Math.max(need, this.out.length * 2)));
    grown.set(this.out.subarray(0, this.outPos));
    this.out = grown;
  }

  run(): Uint8Array {
    const m = this.model;
    let state = 0;
    let rep0 = 0;
    let rep1 = 0;
    let rep2 = 0;
    let rep3 = 0;
    let nextReport = this.onProgress ? PROGRESS_STEP : Number.POSITIVE_INFINITY;
    for (;;) {
      if (this.size >= 0 && this.outPos === this.size) break;
      if (this.outPos >= nextReport) {
        this.onProgress?.(this.inPos, this.input.length);
        nextReport = this.outPos + PROGRESS_STEP;
      }
      const posState = this.outPos & this.pbMask;
      if (this.bit(m.isMatch, (state << 4) + posState) === 0) {
        this.ensure(1);
        const prev = this.outPos > 0 ? this.out[this.outPos - 1]! : 0;
        const base = 0x300 * (((this.outPos & this.lpMask) << this.lc) + (prev >>> (8 - this.lc)));
        let symbol = 1;
        if (state >= 7) {
          if (rep0 >= this.outPos) throw new LzmaDataError('An LZMA literal refers to data before the start.');
          let matchByte = this.out[this.outPos - rep0 - 1]!;
          while (symbol < 0x100) {
            const matchBit = (matchByte >>> 7) & 1;
            matchByte <<= 1;
            const b = this.bit(m.literal, base + ((1 + matchBit) << 8) + symbol);
            symbol = (symbol << 1) | b;
            if (matchBit !== b) break;
          }
        }
        while (symbol < 0x100) symbol = (symbol << 1) | this.bit(m.literal, base + symbol);
        this.out[this.outPos++] = symbol - 0x100;
        state = stateAfterLiteral(state);
        continue;
      }
      let len: number;
      if (this.bit(m.isRep, state) === 1) {
        if (this.outPos === 0) throw new LzmaDataError('An LZMA stream cannot start with a repeated match.');
        if (this.bit(m.isRepG0, state) === 0) {
          if (this.bit(m.isRep0Long, (state << 4) + posState) === 0) {
            this.ensure(1);
            if (rep0 >= this.outPos) throw new LzmaDataError('An LZMA match refers to data before the start.');
            this.out[this.outPos] = this.out[this.outPos - rep0 - 1]!;
            this.outPos++;
            state = stateAfterShortRep(state);
            continue;
          }
        } else {
          let dist: number;
          if (this.bit(m.isRepG1, state) === 0) {
            dist = rep1;
          } else {
            if (this.bit(m.isRepG2, state) === 0) {
              dist = rep2;
            } else {
              dist = rep3;
              rep3 = rep2;
            }
            rep2 = rep1;
          }
          rep1 = rep0;
          rep0 = dist;
        }
        len = this.length(m.repLen, posState);
        state = stateAfterRep(state);
      } else {
        rep3 = rep2;
        rep2 = rep1;
        rep1 = rep0;
        len = this.length(m.len, posState);
        state = stateAfterMatch(state);
        rep0 = this.distance(len);
        if (rep0 === END_MARKER_DISTANCE) break;
      }
      len += MIN_MATCH;
      if (rep0 >= this.outPos) throw new LzmaDataError('An LZMA match refers to data before the start.');
      this.ensure(len);
      const out = this.out;
      let from = this.outPos - rep0 - 1;
      let to = this.outPos;
      const end = to + len;
      while (to < end) out[to++] = out[from++]!;
      this.outPos = end;
    }
    if (this.size >= 0 && this.outPos !== this.size) {
      throw new LzmaDataError('The LZMA end marker came before the declared size.');
    }
    return this.out.length === this.outPos ? this.out : this.out.slice(0, this.outPos);
  }
}
