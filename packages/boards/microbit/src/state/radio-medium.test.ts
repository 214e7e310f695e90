import { describe, expect, it } from 'vitest';
import { World } from '../board/world.ts';
import { RadioMedium, signalStrength } from './radio-medium.ts';

describe('RadioMedium between boards', () => {
  it('delivers a packet to every other board on the same group, with its fields', () => {
    const world = new World({ boards: 3 });
    const [one, two, three] = world.boards;
    one!.radio.group = two!.radio.group = 7;
    three!.radio.group = 8;
    const sent = world.radio.transmit(one!.radio, { payload: { kind: 'number', value: 42 }, time: 1234, serial: 99 });
    expect(sent).toBe(1);
    expect(two!.radioInbox).toEqual([{ payload: { kind: 'number', value: 42 }, time: 1234, serial: 99, signal: -48 }]);
    expect(one!.radioInbox).toEqual([]);
    expect(three!.radioInbox).toEqual([]);
    expect(world.radio.log).toHaveLength(1);
  });

  it('is silent for disabled radios and weaker at lower transmit power', () => {
    const medium = new RadioMedium();
    const heard: number[] = [];
    const a = { boardId: 1, group: 1, transmitPower: 7, enabled: true, receive: () => undefined };
    const b = {
      boardId: 2,
      group: 1,
      transmitPower: 7,
      enabled: true,
      receive: (p: { signal: number }) => heard.push(p.signal),
    };
    medium.join(a);
    const leave = medium.join(b);
    medium.transmit(a, { payload: { kind: 'string', text: 'hi' }, time: 0, serial: 0 });
    a.transmitPower = 0;
    medium.transmit(a, { payload: { kind: 'value', name: 'x', value: 1 }, time: 0, serial: 0 });
    b.enabled = false;
    medium.transmit(a, { payload: { kind: 'number', value: 1 }, time: 0, serial: 0 });
    leave();
    expect(heard).toEqual([-42, -84]);
    expect(signalStrength(7)).toBe(-42);
    expect(signalStrength(99)).toBe(-42);
  });

  it('raises the radio event on the receiving board while its program runs', () => {
    const world = new World({ boards: 2 });
    const [one, two] = world.boards;
    const raised: number[] = [];
    two!.runtime.bus.raise = (source, value) => void raised.push(source, value);
    two!.runtime.status = 'running';
    world.radio.transmit(one!.radio, { payload: { kind: 'number', value: 1 }, time: 0, serial: 0 });
    expect(raised).toEqual([9, 1]);
  });
});
