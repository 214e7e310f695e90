import { ManualClock } from '@blockyard/core';
import { describe, expect, it, vi } from 'vitest';
import type { PageToWorklet, WorkletToPage } from './sound-worklet-protocol.ts';
import { SOUND_WORKLET_SOURCE } from './sound-worklet.ts';
import { WebAudioOutput, type PulledAudioSource, type WebAudioFactory } from './web-audio-output.ts';

/** Just enough of Web Audio for the output's logic; casts keep the fakes small. */
class FakeParam {
  value = 1;
  readonly ramps: [number, number, number][] = [];
  setTargetAtTime(target: number, start: number, constant: number) {
    this.ramps.push([target, start, constant]);
  }
}
class FakeNode {
  readonly connections: unknown[] = [];
  connect(target: unknown) {
    this.connections.push(target);
  }
  disconnect() {}
}
class FakeContext {
  state: AudioContextState = 'suspended';
  currentTime = 1.5;
  onstatechange: (() => void) | null = null;
  readonly destination = new FakeNode();
  readonly gains: (FakeNode & { gain: FakeParam })[] = [];
  readonly modules: string[] = [];
  processor: (FakeNode & { onaudioprocess: ((event: unknown) => void) | null }) | null = null;
  audioWorklet: { addModule(url: string): Promise<void> } | undefined = {
    addModule: (url) => {
      this.modules.push(url);
      return Promise.resolve();
    },
  };
  constructor(
    readonly options: AudioContextOptions,
    private readonly allowStart: () => boolean,
    readonly sampleRate = options.sampleRate ?? 48000,
  ) {}
  createGain() {
    const node = Object.assign(new FakeNode(), { gain: new FakeParam() });
    this.gains.push(node);
    return node;
  }
  createScriptProcessor() {
    this.processor = Object.assign(new FakeNode(), { onaudioprocess: null });
    return this.processor;
  }
  resume(): Promise<void> {
    if (!this.allowStart()) return Promise.reject(new Error('NotAllowedError'));
    this.state = 'running';
    this.onstatechange?.();
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.state = 'closed';
    return Promise.resolve();
  }
}
class FakeWorkletNode extends FakeNode {
  readonly sent: PageToWorklet[] = [];
  readonly port = {
    onmessage: null as ((event: { data: WorkletToPage }) => void) | null,
    postMessage: (message: PageToWorklet) => this.sent.push(message),
  };
}

function setup(options: { allowStart?: boolean; worklet?: boolean; throwOnCreate?: boolean } = {}) {
  const target = new EventTarget();
  const clock = new ManualClock();
  let allow = options.allowStart ?? true;
  const contexts: FakeContext[] = [];
  const nodes: FakeWorkletNode[] = [];
  const sources: string[] = [];
  const rendered: number[] = [];
  const source: PulledAudioSource = {
    sampleRate: 44100,
    render: (frames) => {
      rendered.push(frames);
      return new Float32Array(frames).fill(0.5);
    },
  };
  const factory: WebAudioFactory = {
    createContext: (contextOptions) => {
      if (options.throwOnCreate) throw new Error('no audio');
      const context = new FakeContext(contextOptions, () => allow);
      if (options.worklet === false) context.audioWorklet = undefined;
      contexts.push(context);
      return context as unknown as AudioContext;
    },
    createWorkletNode: () => {
      const node = new FakeWorkletNode();
      nodes.push(node);
      return node as unknown as AudioWorkletNode;
    },
    createModuleUrl: (text) => {
      sources.push(text);
      return `blob:worklet-${sources.length}`;
    },
  };
  const output = new WebAudioOutput({ source, gestureTarget: target, clock, factory });
  const gesture = async () => {
    target.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(contexts.length).toBeGreaterThan(0), { timeout: 10_000 });
    await output.resume();
  };
  return { output, target, clock, contexts, nodes, sources, rendered, gesture, setAllow: (v: boolean) => (allow = v) };
}

describe('WebAudioOutput', () => {
  it('waits, muted, for the first user gesture, then runs through an AudioWorklet at 44.1 kHz', async () => {
    const { output, contexts, nodes, sources, gesture } = setup();
    const changes: string[] = [];
    output.subscribe(() => changes.push(output.status));
    expect(output.status).toBe('waiting');
    expect(output.muted).toBe(true);
    expect(contexts).toHaveLength(0);
    await gesture();
    expect(contexts[0]?.options.sampleRate).toBe(44100);
    expect(sources).toEqual([SOUND_WORKLET_SOURCE]);
    expect(contexts[0]?.modules).toEqual(['blob:worklet-1']);
    expect(nodes).toHaveLength(1);
    expect(output.status).toBe('running');
    expect(output.muted).toBe(false);
    expect(changes).toEqual(['running']);
  });

  it('renders from the source when the worklet asks, and sends stop as a 15 ms fade', async () => {
    const { output, nodes, rendered, gesture } = setup();
    await gesture();
    const node = nodes[0] as FakeWorkletNode;
    node.port.onmessage?.({ data: { type: 'need', frames: 3000 } });
    expect(rendered.at(-1)).toBe(3000);
    expect(node.sent[0]).toMatchObject({ type: 'samples' });
    expect((node.sent[0] as { samples: Float32Array }).samples).toHaveLength(3000);
    output.stop();
    expect(node.sent[1]).toEqual({ type: 'stop', fadeSeconds: 0.015 });
    output.write(new Float32Array(10));
    expect(node.sent[2]).toMatchObject({ type: 'samples' });
  });

  it('mutes and unmutes with a 15 ms ramp, remembering a mute set before audio started', async () => {
    const { output, contexts, gesture } = setup();
    output.setMuted(true);
    await gesture();
    const gain = contexts[0]?.gains[0]?.gain as FakeParam;
    expect(gain.value).toBe(0);
    expect(output.muted).toBe(true);
    output.setMuted(false);
    expect(gain.ramps.at(-1)).toEqual([1, 1.5, 0.015]);
    output.setMuted(true);
    expect(gain.ramps.at(-1)).toEqual([0, 1.5, 0.015]);
  });

  it('keeps the engine time moving with the clock while audio cannot start', async () => {
    const { output, clock, rendered, gesture, setAllow } = setup({ allowStart: false });
    clock.advance(1000);
    expect(rendered.reduce((a, b) => a + b, 0)).toBe(44100);
    await gesture();
    expect(output.status).toBe('waiting');
    setAllow(true);
    await gesture();
    expect(output.status).toBe('running');
    const before = rendered.length;
    clock.advance(1000);
    expect(rendered.length).toBe(before);
  });

  it('falls back to a ScriptProcessor without AudioWorklet', async () => {
    const { contexts, rendered, gesture } = setup({ worklet: false });
    await gesture();
    const processor = contexts[0]?.processor;
    expect(processor).toBeTruthy();
    const out = new Float32Array(2048);
    processor?.onaudioprocess?.({ outputBuffer: { getChannelData: () => out } });
    expect(rendered.length).toBeGreaterThan(0);
    expect(out[100]).toBeCloseTo(0.5);
  });

  it('reports unavailable when the browser has no Web Audio, and never throws', async () => {
    const { output, clock, rendered, target } = setup({ throwOnCreate: true });
    target.dispatchEvent(new Event('keydown'));
    await output.resume();
    expect(output.status).toBe('unavailable');
    expect(output.muted).toBe(true);
    // Sounds still "play" on time, silently, so programs that wait for them do not hang.
    clock.advance(200);
    expect(rendered.reduce((a, b) => a + b, 0)).toBe(Math.floor(0.2 * 44100));
  });

  it('plays silence rather than failing when the source throws', async () => {
    const { output, nodes, gesture } = setup();
    output.setSource({
      sampleRate: 44100,
      render: () => {
        throw new Error('boom');
      },
    });
    await gesture();
    nodes[0]?.port.onmessage?.({ data: { type: 'need', frames: 64 } });
    expect((nodes[0]?.sent[0] as { samples: Float32Array }).samples.every((x) => x === 0)).toBe(true);
    output.dispose();
    expect(output.status).toBe('closed');
  });
});
