import { describe, expect, it } from 'vitest';
import type { PageToWorklet, SoundWorkletOptions, WorkletToPage } from './sound-worklet-protocol.ts';
import { SOUND_WORKLET_SOURCE, soundWorkletMain } from './sound-worklet.ts';

const { SampleQueue } = soundWorkletMain();
const ramp = (n: number, from = 0) => Float32Array.from({ length: n }, (_, i) => (from + i) / 1000);
const maxStep = (x: Float32Array) =>
  x.reduce((m, v, i) => (i ? Math.max(m, Math.abs(v - (x[i - 1] as number))) : m), 0);

describe('SampleQueue', () => {
  it('plays back what was pushed, in order, across the ring boundary', () => {
    const queue = new SampleQueue({ ratio: 1, capacity: 100 });
    const out = new Float32Array(60);
    queue.push(ramp(60));
    queue.pull(out);
    queue.push(ramp(80, 60));
    expect(queue.bufferedFrames).toBe(80);
    const next = new Float32Array(80);
    expect(queue.pull(next)).toBe(80);
    expect(next[0]).toBeCloseTo(0.06);
    expect(next[79]).toBeCloseTo(0.139);
  });

  it('drops the oldest samples when overfilled', () => {
    const queue = new SampleQueue({ ratio: 1, capacity: 50 });
    queue.push(ramp(70));
    const out = new Float32Array(50);
    queue.pull(out);
    expect(out[0]).toBeCloseTo(0.02);
  });

  it('resamples 44.1 kHz to a 48 kHz context without changing the pitch', () => {
    const queue = new SampleQueue({ ratio: 44100 / 48000, capacity: 44100 });
    queue.push(Float32Array.from({ length: 44100 }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / 44100)));
    const out = new Float32Array(40000);
    queue.pull(out);
    let crossings = 0;
    for (let i = 1; i < out.length; i++) if ((out[i - 1] as number) < 0 && (out[i] as number) >= 0) crossings++;
    expect(Math.abs(crossings / (40000 / 48000) - 440)).toBeLessThan(3);
  });

  it('fades to silence instead of clicking when it runs dry', () => {
    const queue = new SampleQueue({ ratio: 1, capacity: 1000 });
    queue.push(new Float32Array(100).fill(0.8));
    const out = new Float32Array(300);
    expect(queue.pull(out)).toBe(100);
    expect(maxStep(out)).toBeLessThan(0.02);
    expect(out[299]).toBe(0);
  });

  it('stop fades the queued sound out over the given frames, then drops it', () => {
    const queue = new SampleQueue({ ratio: 1, capacity: 10000 });
    queue.push(new Float32Array(5000).fill(0.5));
    const out = new Float32Array(1000);
    queue.stop(662);
    queue.pull(out);
    expect(out[0]).toBeCloseTo(0.5);
    expect(out[331]).toBeCloseTo(0.25, 2);
    expect(out.slice(662).every((x) => x === 0)).toBe(true);
    expect(maxStep(out)).toBeLessThan(0.01);
    expect(queue.bufferedFrames).toBe(0);
  });
});

describe('the sound worklet module', () => {
  /** Runs the module source as the browser would, with a fake AudioWorkletGlobalScope. */
  function loadModule(contextRate: number) {
    const registered = new Map<string, new (init: { processorOptions: SoundWorkletOptions }) => unknown>();
    class FakeProcessorBase {
      readonly sent: WorkletToPage[] = [];
      readonly port = {
        onmessage: null as ((event: { data: PageToWorklet }) => void) | null,
        postMessage: (message: WorkletToPage) => this.sent.push(message),
      };
    }
    // Evaluating the module text is the point: it is exactly what the browser loads.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function('registerProcessor', 'AudioWorkletProcessor', 'sampleRate', SOUND_WORKLET_SOURCE) as (
      ...args: unknown[]
    ) => void;
    run((name: string, processor: never) => registered.set(name, processor), FakeProcessorBase, contextRate);
    return registered;
  }

  type Processor = {
    sent: WorkletToPage[];
    port: { onmessage: ((event: { data: PageToWorklet }) => void) | null };
    process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean;
  };

  it('registers a processor that asks for samples, plays them and honours stop', () => {
    const Processor = loadModule(44100).get('blockyard-sound');
    expect(Processor).toBeDefined();
    if (!Processor) return;
    const node = new Processor({
      processorOptions: { sourceRate: 44100, lowWaterFrames: 1024, targetFrames: 2048 },
    }) as Processor;
    const block = () => [[new Float32Array(128)]];
    const first = block();
    expect(node.process([], first)).toBe(true);
    expect(node.sent).toContainEqual({ type: 'need', frames: 2048 });
    // No second request while the first is outstanding.
    node.process([], block());
    expect(node.sent.filter((m) => m.type === 'need')).toHaveLength(1);
    node.port.onmessage?.({ data: { type: 'samples', samples: new Float32Array(2048).fill(0.25) } });
    const out = block();
    node.process([], out);
    expect(out[0]?.[0]?.[5]).toBeCloseTo(0.25);
    node.port.onmessage?.({ data: { type: 'stop', fadeSeconds: 0.015 } });
    for (let i = 0; i < 6; i++) node.process([], block());
    const after = block();
    node.process([], after);
    expect(after[0]?.[0]?.every((x) => x === 0)).toBe(true);
  });

  it('asks for source-rate frames when the context runs at another rate', () => {
    const Processor = loadModule(48000).get('blockyard-sound');
    if (!Processor) throw new Error('not registered');
    const node = new Processor({
      processorOptions: { sourceRate: 44100, lowWaterFrames: 1000, targetFrames: 4800 },
    }) as Processor;
    node.process([], [[new Float32Array(128)]]);
    expect(node.sent).toContainEqual({ type: 'need', frames: Math.ceil(4800 * (44100 / 48000)) });
  });
});
