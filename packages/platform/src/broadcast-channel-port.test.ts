import { describe, expect, it } from 'vitest';
import { BroadcastChannelPort } from './broadcast-channel-port.ts';

describe('BroadcastChannelPort', () => {
  it('delivers to the other ports of the same name, not to itself', async () => {
    const a = new BroadcastChannelPort<{ n: number }>('blockyard-test');
    const b = new BroadcastChannelPort<{ n: number }>('blockyard-test');
    const other = new BroadcastChannelPort<{ n: number }>('another-name');
    const heard: string[] = [];
    a.subscribe((m) => heard.push(`a ${JSON.stringify(m)}`));
    const stop = b.subscribe((m) => heard.push(`b ${JSON.stringify(m)}`));
    other.subscribe((m) => heard.push(`other ${JSON.stringify(m)}`));
    a.post({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    a.post({ n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['b {"n":1}']);
    for (const port of [a, b, other]) port.close();
  });

  it('is a quiet no-op where BroadcastChannel is missing', () => {
    const port = new BroadcastChannelPort('x', () => {
      throw new ReferenceError('BroadcastChannel is not defined');
    });
    expect(() => port.post('hello')).not.toThrow();
    port.subscribe(() => undefined)();
    port.close();
  });
});
