import { describe, expect, it } from 'vitest';
import { summarize, timeSamples } from './stats.ts';

describe('summarize', () => {
  it('takes the median of odd and even sample counts', () => {
    expect(summarize([5, 1, 3]).median).toBe(3);
    expect(summarize([4, 1, 3, 2]).median).toBe(2.5);
  });

  it('reports min, max and keeps samples in run order', () => {
    expect(summarize([3, 9, 1])).toEqual({ median: 3, min: 1, max: 9, samples: [3, 9, 1] });
  });

  it('refuses an empty run', () => {
    expect(() => summarize([])).toThrow('No samples');
  });
});

describe('timeSamples', () => {
  it('calls the work warm-ups plus runs times and keeps one sample per measured run', () => {
    let calls = 0;
    const samples = timeSamples(() => calls++, 5, 2);
    expect(calls).toBe(7);
    expect(samples).toHaveLength(5);
    expect(samples.every((ms) => ms >= 0)).toBe(true);
  });
});
