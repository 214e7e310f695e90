import { runCooperatively, type CooperativeOptions } from './cooperative.ts';
import { LzmaEncoder, type LzmaEncodeOptions } from './lzma-encoder.ts';

/** Input bytes encoded between two looks at the clock: small enough to keep slices near 200 ms. */
const STEP_BYTES = 16 * 1024;

/**
 * LZMA compression that yields to the host about every 200 ms (spec 000 §9), at level 7 by default.
 * The bytes are identical to `encodeLzma` with the same level.
 */
export async function encodeLzmaAsync(
  data: Uint8Array,
  options: LzmaEncodeOptions & CooperativeOptions = {},
): Promise<Uint8Array> {
  const encoder = new LzmaEncoder(data, options);
  await runCooperatively(() => encoder.step(STEP_BYTES), options);
  return encoder.result();
}
