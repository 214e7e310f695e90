import { describe, expect, it } from 'vitest';
import { World } from '../board/world.ts';
import { RadioMedium, type RadioPacket, WEAKEST_SIGNAL, signalStrength } from './radio-medium.ts';

function endpoint(boardId: number, heard: RadioPacket[] = []) {
  return { boardId, group: 1, transmitPower: 7, enabled: true, receive: (p: RadioPacket) => void heard.push(p) };
}

describe('RadioMedium between boards', () => {
  it('delivers a packet to every other board on the same group, with its fields', () => {
    const world = new World({ boards: 3 });
    const [one, two, three] = world.boards;
    one!.radio.group = two!.radio.group = 7;
    three!.radio.group = 8;
    const sent = world.radio.transmit(one!.radio, { payload: { kind: 'number', value: 42 }, time: 1234, serial: 99 });
    expect(sent).toBe(1);
    // Default power 6 is 0 dBm; boards side by side lose 46 dB.
    expect(two!.radioInbox).toEqual([{ payload: { kind: 'number', value: 42 }, time: 1234, serial: 99, signal: -46 }]);
    expect(one!.radioInbox).toEqual([]);
    expect(three!.radioInbox).toEqual([]);
    expect(world.radio.log).toHaveLength(1);
  });

  it('is silent for disabled radios and weaker at lower transmit power', () => {
    const medium = new RadioMedium();
    const heard: RadioPacket[] = [];
    const a = endpoint(1);
    const b = endpoint(2, heard);
    medium.join(a);
    const leave = medium.join(b);
    medium.transmit(a, { payload: { kind: 'string', text: 'hi' }, time: 0, serial: 0 });
    a.transmitPower = 0;
    medium.transmit(a, { payload: { kind: 'value', name: 'x', value: 1 }, time: 0, serial: 0 });
    b.enabled = false;
    medium.transmit(a, { payload: { kind: 'number', value: 1 }, time: 0, serial: 0 });
    leave();
    expect(heard.map((p) => p.signal)).toEqual([-42, -86]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((power) => signalStrength(power))).toEqual([
      -86, -66, -62, -58, -54, -50, -46, -42,
    ]);
    expect(signalStrength(99)).toBe(-42);
    expect(signalStrength(Number.NaN)).toBe(-86);
  });

  it('keeps bands apart and loses packets that arrive weaker than -128 dBm', () => {
    const medium = new RadioMedium();
    const near: RadioPacket[] = [];
    const far: RadioPacket[] = [];
    const other: RadioPacket[] = [];
    const sender = endpoint(1);
    medium.join(sender);
    medium.join(endpoint(2, near));
    medium.join(endpoint(3, far));
    medium.join({ ...endpoint(4, other), band: 50 });
    medium.pathLoss = (_from, to) => (to === 3 ? 100 : 46);
    sender.transmitPower = 3; // -12 dBm: -58 near, -112 far
    medium.transmit(sender, { payload: { kind: 'number', value: 1 }, time: 0, serial: 0 });
    sender.transmitPower = 0; // -40 dBm: -86 near, -140 far (lost)
    medium.transmit(sender, { payload: { kind: 'number', value: 2 }, time: 0, serial: 0 });
    expect(near.map((p) => p.signal)).toEqual([-58, -86]);
    expect(far.map((p) => p.signal)).toEqual([-112]);
    expect(far.every((p) => p.signal >= WEAKEST_SIGNAL)).toBe(true);
    expect(other).toEqual([]);
  });

  it('uses the settings a packet was sent with, not the sender’s current ones', () => {
    const medium = new RadioMedium();
    const heard: RadioPacket[] = [];
    const sender = endpoint(1);
    medium.join(sender);
    medium.join(endpoint(2, heard));
    sender.group = 9;
    expect(
      medium.transmit(
        sender,
        { payload: { kind: 'number', value: 1 }, time: 0, serial: 0 },
        { group: 1, transmitPower: 7 },
      ),
    ).toBe(1);
    expect(heard).toHaveLength(1);
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
