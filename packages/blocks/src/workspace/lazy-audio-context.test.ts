import { describe, expect, it } from 'vitest';
import { type AudioHost, withLazyAudioContext } from './lazy-audio-context.ts';

/** A fake AudioContext that counts how many were made and what they decoded. */
function fakeHost() {
  const made: string[] = [];
  class FakeContext {
    state = 'suspended';
    currentTime = 1.5;
    constructor() {
      made.push('real');
    }
    resume() {
      this.state = 'running';
      return Promise.resolve();
    }
    close() {
      made.push('closed');
      return Promise.resolve();
    }
    decodeAudioData(_data: ArrayBuffer, success?: (buffer: string) => void) {
      success?.('decoded by real');
      return Promise.resolve('decoded by real');
    }
    createGain() {
      return 'gain';
    }
  }
  class FakeOffline {
    constructor() {
      made.push('offline');
    }
    decodeAudioData(_data: ArrayBuffer, success?: (buffer: string) => void) {
      success?.('decoded offline');
      return Promise.resolve('decoded offline');
    }
  }
  const host = { AudioContext: FakeContext, OfflineAudioContext: FakeOffline } as unknown as AudioHost;
  return { host, made, Real: host.AudioContext };
}

describe('withLazyAudioContext', () => {
  it('opens no audio output while workspaces are made, and puts AudioContext back', () => {
    const { host, made, Real } = fakeHost();
    const contexts = withLazyAudioContext(() => [new host.AudioContext!(), new host.AudioContext!()], host);
    expect(made).toEqual([]);
    expect(contexts[0]!.state).toBe('suspended');
    expect(host.AudioContext).toBe(Real);
  });

  it('decodes sounds without an output, and opens it at the first sound', async () => {
    const { host, made } = fakeHost();
    const context = withLazyAudioContext(() => new host.AudioContext!(), host);
    let decoded: unknown;
    await context.decodeAudioData(new ArrayBuffer(4), (buffer) => (decoded = buffer));
    expect(decoded).toBe('decoded offline');
    expect(made).toEqual(['offline']);
    // Blockly's play(): resume when suspended, then build the nodes.
    await context.resume();
    expect(context.state).toBe('running');
    expect(context.createGain()).toBe('gain');
    expect(context.currentTime).toBe(1.5);
    expect(made).toEqual(['offline', 'real']);
  });

  it('closes without ever opening an output when no sound played', async () => {
    const { host, made } = fakeHost();
    const context = withLazyAudioContext(() => new host.AudioContext!(), host);
    await context.close();
    await context.resume();
    expect(context.state).toBe('closed');
    expect(made).toEqual([]);
  });

  it('puts AudioContext back when making the workspace throws', () => {
    const { host, Real } = fakeHost();
    expect(() =>
      withLazyAudioContext(() => {
        throw new Error('no container');
      }, host),
    ).toThrow('no container');
    expect(host.AudioContext).toBe(Real);
  });
});
