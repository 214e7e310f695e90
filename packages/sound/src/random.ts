// Randomness as an injected effect: sound expressions carry randomness fields, and tests (and
// reproducible CLI renders) need the same "random" sound every time.

/** Returns a number in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** A small deterministic generator (mulberry32) for tests and reproducible renders. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, max) from a random source. */
export function randomInt(random: RandomSource, max: number): number {
  if (max <= 0) return 0;
  const value = Math.floor(random() * max);
  return Math.max(0, Math.min(max - 1, value));
}
